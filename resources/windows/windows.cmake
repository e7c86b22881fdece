# Windows resources of an executable: VERSIONINFO, the application manifest
# (asInvoker, longPathAware, PerMonitorV2, UTF-8 code page) and the icon.
# cudnnsetup_windows_resources(target DESCRIPTION)
set(_cudnnsetup_windows_dir ${CMAKE_CURRENT_LIST_DIR})

set(_icon_rc ${PROJECT_BINARY_DIR}/resources/windows/icon.rc)
if(NOT TARGET cudnnsetup_icon)
  add_custom_command(OUTPUT ${_icon_rc}
    COMMAND ${CMAKE_COMMAND} -DOUT=${_icon_rc} -P ${PROJECT_SOURCE_DIR}/cmake/MakeIcon.cmake
    DEPENDS ${PROJECT_SOURCE_DIR}/cmake/MakeIcon.cmake
    COMMENT "Rasterising the application icon" VERBATIM)
  add_custom_target(cudnnsetup_icon DEPENDS ${_icon_rc})
endif()

function(cudnnsetup_windows_resources target description)
  set(CUDNN_SETUP_VERSION_QUAD "${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}.${PROJECT_VERSION_PATCH}.0")
  set(CUDNN_SETUP_VERSION_COMMAS "${PROJECT_VERSION_MAJOR},${PROJECT_VERSION_MINOR},${PROJECT_VERSION_PATCH},0")
  set(CUDNN_SETUP_RC_NAME ${target})
  set(CUDNN_SETUP_RC_DESCRIPTION "${description}")
  set(out ${PROJECT_BINARY_DIR}/resources/windows)
  configure_file(${_cudnnsetup_windows_dir}/cudnn-setup.manifest ${out}/cudnn-setup.manifest @ONLY)
  set(CUDNN_SETUP_MANIFEST ${out}/cudnn-setup.manifest)
  set(CUDNN_SETUP_ICON_RC ${_icon_rc})
  configure_file(${_cudnnsetup_windows_dir}/app.rc.in ${out}/${target}.rc @ONLY)
  target_sources(${target} PRIVATE ${out}/${target}.rc)
  set_source_files_properties(${out}/${target}.rc PROPERTIES OBJECT_DEPENDS "${_icon_rc};${out}/cudnn-setup.manifest")
  add_dependencies(${target} cudnnsetup_icon)
  if(MSVC)
    # The manifest comes from the resource script; a second one from the linker
    # would be a duplicate RT_MANIFEST 1.
    target_link_options(${target} PRIVATE /MANIFEST:NO)
  endif()
endfunction()
