# glad 2 loader generated at build time with Debian's python3-glad (offline: --reproducible).
# The viewer and the headless EGL code link `cdlab_glad`.
find_program(GLAD_EXE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(GLAD_EXE)
  set(GLAD_OUT ${CMAKE_BINARY_DIR}/glad)
  set(GLAD_EXTENSIONS "GL_KHR_debug,EGL_EXT_platform_base,EGL_EXT_platform_device,EGL_EXT_device_base,EGL_EXT_device_enumeration,EGL_EXT_device_query,EGL_MESA_platform_surfaceless,EGL_KHR_surfaceless_context,EGL_KHR_create_context,EGL_KHR_no_config_context")
  add_custom_command(
    OUTPUT ${GLAD_OUT}/src/gl.c ${GLAD_OUT}/src/egl.c ${GLAD_OUT}/include/glad/gl.h ${GLAD_OUT}/include/glad/egl.h
    COMMAND ${GLAD_EXE} --quiet --reproducible --api gl:core=4.5,egl=1.5 --extensions ${GLAD_EXTENSIONS}
            --out-path ${GLAD_OUT} c --loader
    DEPENDS ${CMAKE_SOURCE_DIR}/cmake/Glad.cmake
    COMMENT "Generating glad GL 4.5 core + EGL 1.5 loader")
  add_library(cdlab_glad STATIC ${GLAD_OUT}/src/gl.c ${GLAD_OUT}/src/egl.c)
  target_include_directories(cdlab_glad PUBLIC ${GLAD_OUT}/include)
  target_link_libraries(cdlab_glad PUBLIC ${CMAKE_DL_LIBS})
  set_target_properties(cdlab_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
else()
  message(STATUS "python3-glad not found: GL targets are disabled")
endif()
