/* A DLL with a VERSIONINFO resource (versioned.rc), standing in for cudnn64_8.dll
   in the FileVersion cross-check between GetFileVersionInfoW and core's readPe. */
__declspec(dllexport) int cudnnGetVersion(void) { return 8200; }
