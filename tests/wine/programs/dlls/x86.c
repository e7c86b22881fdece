/* Built with i686-w64-mingw32-gcc: a valid 32-bit DLL that a 64-bit process
   cannot load (Windows error 193). */
__declspec(dllexport) int cstestX86(void) { return 32; }
