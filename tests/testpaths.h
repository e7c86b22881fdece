#pragma once
// Where this build tree's programs and the source tree are, for the tests.
//
// The paths are compiled into one generated file per tree (tests/testpaths.cpp.in, configured by
// tests/CMakeLists.txt), not handed to every test source as -D values: a value naming the clone's
// folder made every test source miss the compiler cache in a clone elsewhere (CI clones afresh).

#include <QString>

namespace cudnnsetup::testpaths {

QString sourceDir();         // the source tree
QString cli();               // this tree's cudnn-setup-cli (test hooks on)
QString releaseCli();        // the console tool with the test hooks compiled out
QString fakeCudnn();         // test doubles (tests/core/validate/doubles)
QString fakeCuda();
QString fakeNvml();
QString fakeSub();
QString fakeSubNeeds();
QString screenshotDir();     // where the wizard suites leave their screenshots
QString polkitPolicyFile();  // the polkit action file this tree generated (installer/linux)
QString polkitAction();
QString polkitHelper();      // the program the polkit action names
QString windowsBuildDir();   // the windows-mingw tree the Wine suites run
QString syscallKill();       // tests/cli/syscallkill.cpp (Linux; empty elsewhere)

}  // namespace cudnnsetup::testpaths
