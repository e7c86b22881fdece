# Warnings and sanitizers shared by every target of the project.
add_library(cudnnsetup_options INTERFACE)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(cudnnsetup_options INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wno-missing-field-initializers)
endif()
option(CUDNN_SETUP_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(CUDNN_SETUP_SANITIZE)
  target_compile_options(cudnnsetup_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(cudnnsetup_options INTERFACE -fsanitize=address,undefined)
endif()

# Test hooks (core/common/testhooks.h): environment variables that steer a product binary
# for tests. Only a build made for tests reads them; a release build (and the elevated
# helper, in every build) never does.
option(CUDNN_SETUP_TEST_HOOKS "Honour the CUDNN_SETUP_* test hooks (a build made for tests)" OFF)
if(CUDNN_SETUP_TEST_HOOKS)
  target_compile_definitions(cudnnsetup_options INTERFACE CUDNN_SETUP_TEST_HOOKS=1)
endif()
# Fuzzing (preset "sanitize", clang): everything is built with libFuzzer's coverage
# instrumentation so that the targets in tests/fuzz see into core; see scripts/fuzz.sh.
option(CUDNN_SETUP_FUZZ "Build the libFuzzer targets of tests/fuzz (clang)" OFF)
if(CUDNN_SETUP_FUZZ)
  target_compile_options(cudnnsetup_options INTERFACE -fsanitize=fuzzer-no-link)
  target_link_options(cudnnsetup_options INTERFACE -fsanitize=fuzzer-no-link)
endif()
