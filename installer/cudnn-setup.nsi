; cudnn-setup installer (NSIS 3, Unicode). Built two ways:
;  - on Windows by CPack (installer/CPackConfig.cmake) after windeployqt, with the
;    wizard, the console twin and the Qt runtime as payload (PAYLOAD_DIR);
;  - on Linux by installer/package-nsis.sh (the release recipe, and what CI runs) with the
;    mingw-built cudnn-setup.exe (the wizard over a static Qt: one file) and
;    cudnn-setup-cli.exe as payload, installed and uninstalled silently under Wine on every
;    run (tests/wine/run-wine.sh nsis).
; Silent (managed deployment: winget, Intune, SCCM run exactly this, as SYSTEM or elevated):
;   cudnn-setup-0.1.0-win64.exe /S [/CONFIG=C:\path\fleet.json] [/D=C:\Program Files\cudnn-setup]
;   (/D last, unquoted)
;   "C:\Program Files\cudnn-setup\uninstall.exe" /S   (the uninstall key's QuietUninstallString)
; /CONFIG=FILE copies FILE to config.json beside the programs (docs/deploy.md).
; Exit codes (the subset of the console tool's table, docs/cli.md, that the installer can end
; with; docs/deploy.md lists them for the deployment tools, the winget manifest maps them):
;   0  installed (or uninstalled)
;   1  cancelled by the user (interactive only: NSIS's own code)
;   2  usage: the /CONFIG file does not exist or cannot be read; also NSIS's "aborted" (a file
;      could not be written, not 64-bit Windows)
;   4  administrator rights needed and not held
; The uninstall key below (HKLM, 64-bit view, name "cudnn-setup") is what the detection rule
; checks; its name is the winget manifest's ProductCode.
; makensis -DVERSION=0.1.0 -DPAYLOAD_DIR=<dir> -DOUTFILE=<cudnn-setup-0.1.0-win64.exe>
;          [-DSIGN=<scripts/sign-windows.sh>] installer/cudnn-setup.nsi
; With SIGN, makensis signs the uninstaller before it is packed (!uninstfinalize) and the
; installer once written (!finalize) by running SIGN FILE (it must exit 0).
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

!ifdef SIGN
  !uninstfinalize '"${SIGN}" "%1"' = 0
  !finalize '"${SIGN}" "%1"' = 0
!endif

!define APP "cudnn-setup"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

!include "MUI2.nsh"
!include "x64.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"

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

Var Config   ; the /CONFIG= file, as given (empty: none)

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APP} needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  ; Per-machine only (Program Files, HKLM): without administrator rights, exit 4 as the
  ; console tool does (ExitCode::NeedsAdmin), before anything is written.
  UserInfo::GetAccountType
  Pop $0
  ${If} $0 != "Admin"
    MessageBox MB_ICONSTOP "${APP} installs for all users and needs administrator rights." /SD IDOK
    SetErrorLevel 4
    Quit
  ${EndIf}
  ${GetParameters} $1
  ClearErrors
  ${GetOptions} $1 "/CONFIG=" $Config
  ${If} ${Errors}   ; (tests and clears the flag) no /CONFIG= given
    StrCpy $Config ""
  ${Else}
    ; A relative name is looked up beside the installer too: Intune and MECM start it in its own
    ; content folder, where the config travels with it (docs/deploy.md).
    ${If} $Config != ""
    ${AndIfNot} ${FileExists} "$Config"
    ${AndIf} ${FileExists} "$EXEDIR\$Config"
      StrCpy $Config "$EXEDIR\$Config"
    ${EndIf}
    ${If} $Config == ""
    ${OrIfNot} ${FileExists} "$Config"
      MessageBox MB_ICONSTOP "/CONFIG=$Config: no such file." /SD IDOK
      SetErrorLevel 2
      Quit
    ${EndIf}
  ${EndIf}
  SetRegView 64
  SetShellVarContext all   ; the shortcut for every user: a machine-wide install
FunctionEnd

Section "cudnn-setup" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; The two executables (and, in the MSVC build, what windeployqt put next to them).
  File /r "${PAYLOAD_DIR}\*.*"
  ; The deployment's desired state, kept beside the programs (the uninstaller removes it with
  ; them). `cudnn-setup-cli apply --config` converges the machine to it after the programs are in
  ; place, and the installer then ends with apply's exit code (docs/apply.md): the programs stay
  ; installed either way, so a deployment tool's retry or `apply --check` can run.
  ${If} $Config != ""
    ClearErrors
    CopyFiles /SILENT "$Config" "$INSTDIR\config.json"
    ${If} ${Errors}
      DetailPrint "could not copy $Config to $INSTDIR\config.json"
      SetErrorLevel 2
      Abort
    ${EndIf}
  ${EndIf}
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
  ; What Apps & Features shows as the size: the installed folder, in KiB (uninstaller included).
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKLM "${UNINST_KEY}" "EstimatedSize" $0
  ; The tool never adds itself to PATH: the console twin is run by full path or
  ; from this folder, and the toolkit PATH it manages must stay its own business.
  IfFileExists "$INSTDIR\cudnn-setup.exe" 0 +2
    CreateShortcut "$SMPROGRAMS\cudnn-setup.lnk" "$INSTDIR\cudnn-setup.exe"
  ${If} $Config != ""
    DetailPrint "cudnn-setup-cli apply --config $INSTDIR\config.json"
    ExecWait '"$INSTDIR\cudnn-setup-cli.exe" apply --config "$INSTDIR\config.json"' $0
    SetErrorLevel $0
  ${EndIf}
SectionEnd

Function un.onInit
  SetRegView 64
  SetShellVarContext all
FunctionEnd

Section "Uninstall"
  ; First every cuDNN install this tool recorded is undone (toolkit files and PATH as before,
  ; the detection summary gone): without the tool nothing could undo them later. /KEEPCUDNN
  ; keeps them (and their records, for a later cudnn-setup). An undo that fails stops the
  ; uninstall with its exit code and keeps the tool, so that it can be retried.
  ${GetParameters} $1
  ClearErrors
  ${GetOptions} $1 "/KEEPCUDNN" $2
  ${If} ${Errors}
  ${AndIf} ${FileExists} "$INSTDIR\cudnn-setup-cli.exe"
    DetailPrint "cudnn-setup-cli uninstall --all"
    ExecWait '"$INSTDIR\cudnn-setup-cli.exe" uninstall --all' $0
    ${If} $0 != 0
      DetailPrint "undoing the cuDNN installs failed (exit $0): cudnn-setup stays installed"
      SetErrorLevel $0
      Abort
    ${EndIf}
  ${EndIf}
  Delete "$SMPROGRAMS\cudnn-setup.lnk"
  RMDir /r "$INSTDIR"
  DeleteRegKey HKLM "${UNINST_KEY}"
SectionEnd
