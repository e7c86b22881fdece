# The Wine test programs, shared by the cross build (tests/wine/programs, which
# builds them) and the native build (tests/wine, which runs them under Wine).
set(CUDNN_SETUP_WINE_PROGRAMS
  tst_win_platform
  tst_win_systempath
  tst_win_detect
  tst_win_elevation
  tst_win_e2e
  tst_win_crashpoints
  tst_win_use
  tst_win_nvidialayout
)
# Extra CTest entries cut out of a program by a GoogleTest filter, so that a test
# Wine cannot run shows up as skipped on its own: "ctest-name|program|filter".
# The program's main entry excludes these filters.
set(CUDNN_SETUP_WINE_SPLITS
  "restart-manager|tst_win_platform|FilesInUse.RestartManagerNamesHolder"
  "state-dir-acl|tst_win_platform|StateDir.SharedFolderGetsAProtectedAdminsOnlyWriteDacl"
)
