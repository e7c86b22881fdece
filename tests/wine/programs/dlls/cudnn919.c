/* A loadable stand-in for cuDNN 9.19's cudnn64_9.dll (cudnn919.rc: FileVersion 9.19.0.56), put into
   the generated 9.19 zip in place of the fixture's hand-built PE image, which is made to be read, not
   loaded: tst_win_nvidialayout's child proves with LoadLibraryW which copy a program started now gets.
   The names cuDNN 9 loads at run time are in its read-only data, as in NVIDIA's DLLs: verify and
   detect read the build's CUDA major from them. */
__declspec(dllexport) const char* const cudnnSetupTestRuntimeNames[] = {"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
__declspec(dllexport) unsigned long long cudnnGetVersion(void) { return 91900; }
