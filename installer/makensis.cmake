# CPack External generator script: the staged install tree becomes the NSIS payload.
find_program(MAKENSIS makensis PATHS "$ENV{ProgramFiles\(x86\)}/NSIS" "$ENV{ProgramFiles}/NSIS" REQUIRED)
file(GLOB staged LIST_DIRECTORIES true "${CPACK_TEMPORARY_DIRECTORY}/*")
set(payload "${CPACK_TEMPORARY_DIRECTORY}")
# With one component CPack stages into a sub-folder named after it.
list(LENGTH staged n)
if(n EQUAL 1 AND IS_DIRECTORY "${staged}")
  set(payload "${staged}")
endif()
set(out "${CPACK_PACKAGE_DIRECTORY}/cudnn-setup-${CPACK_PACKAGE_VERSION}-win64.exe")
execute_process(COMMAND "${MAKENSIS}" -WX -V2 "-DVERSION=${CPACK_PACKAGE_VERSION}" "-DPAYLOAD_DIR=${payload}"
                        "-DOUTFILE=${out}" "${CPACK_CUDNN_SETUP_NSI}"
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "makensis failed (${rc})")
endif()
