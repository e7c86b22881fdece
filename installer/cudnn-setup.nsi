; cudnn-setup installer (NSIS 3, Unicode). Built two ways:
;  - on Windows by CPack (installer/CPackConfig.cmake) after windeployqt, with the
;    wizard, the console twin and the Qt runtime as payload (PAYLOAD_DIR);
;  - on Linux CI by makensis with the mingw-built cudnn-setup.exe (the wizard over a
;    static Qt: one file) and cudnn-setup-cli.exe as payload, installed and uninstalled
;    silently under Wine on every run (tests/wine/run-wine.sh nsis).
; Silent (managed deployment: Intune, SCCM, GPO run exactly this, as SYSTEM):
;   cudnn-setup-0.1.0-win64.exe /S [/D=C:\Program Files\cudnn-setup]   (/D last, unquoted)
;   "C:\Program Files\cudnn-setup\uninstall.exe" /S
; Exit code 0 on success; the uninstall key below is what the detection rule checks.
; makensis -DVERSION=0.1.0 -DPAYLOAD_DIR=<dir> -DOUTFILE=<cudnn-setup-0.1.0-win64.exe> installer/cudnn-setup.nsi
; A 64-bit installer for a 64-bit-only tool (also what lets Wine run it without wine32).
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel admin   ; writes Program Files and HKLM uninstall keys
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "pass -DVERSION=x.y.z"
!endif
!ifndef PAYLOAD_DIR
  !error "pass -DPAYLOAD_DIR=folder with cudnn-setup-cli.exe (and cudnn-setup.exe + Qt when built on Windows)"
!endif
!ifndef OUTFILE
  !define OUTFILE "cudnn-setup-${VERSION}-win64.exe"
!endif

!define APP "cudnn-setup"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

!include "MUI2.nsh"
!include "x64.nsh"

Name "${APP} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${APP}"
InstallDirRegKey HKLM "${UNINST_KEY}" "InstallLocation"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP} installer"
VIAddVersionKey "LegalCopyright" "cudnn-setup project"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APP} needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  SetRegView 64
  SetShellVarContext all   ; the shortcut for every user: a machine-wide install
FunctionEnd

Section "cudnn-setup" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; The two executables (and, in the MSVC build, what windeployqt put next to them).
  File /r "${PAYLOAD_DIR}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  WriteRegStr HKLM "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKLM "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINST_KEY}" "Publisher" "cudnn-setup project"
  WriteRegStr HKLM "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegStr HKLM "${UNINST_KEY}" "DisplayIcon" '"$INSTDIR\cudnn-setup.exe",0'
  WriteRegDWORD HKLM "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINST_KEY}" "NoRepair" 1
  ; The tool never adds itself to PATH: the console twin is run by full path or
  ; from this folder, and the toolkit PATH it manages must stay its own business.
  IfFileExists "$INSTDIR\cudnn-setup.exe" 0 +2
    CreateShortcut "$SMPROGRAMS\cudnn-setup.lnk" "$INSTDIR\cudnn-setup.exe"
SectionEnd

Function un.onInit
  SetRegView 64
  SetShellVarContext all
FunctionEnd

Section "Uninstall"
  ; Records and journals of cuDNN installs (%ProgramData%\cudnn-setup) stay: they
  ; are what `cudnn-setup uninstall` needs to undo an install made with this tool.
  Delete "$SMPROGRAMS\cudnn-setup.lnk"
  RMDir /r "$INSTDIR"
  DeleteRegKey HKLM "${UNINST_KEY}"
SectionEnd
