// A sub-library that links against a cuBLASLt the test then leaves out: "file there, dependency missing".
extern "C" int cudnnSetupDoubleSubLibrary();
extern "C" int cudnnSetupDoubleSubNeeds() { return cudnnSetupDoubleSubLibrary(); }
