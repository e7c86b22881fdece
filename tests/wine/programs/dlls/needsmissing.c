/* Imports a function from cstest_absent.dll, which is never built: loading this
   DLL fails with Windows error 126 although the file itself is there. */
__declspec(dllimport) int cstestAbsentFunction(void);
__declspec(dllexport) int cstestCallsAbsent(void) { return cstestAbsentFunction(); }
