# Regenerates build/generated/BuildInfo.cpp on every build (commit, compiler, build type) but only rewrites the
# file when its contents change, so nothing relinks needlessly.
set(CDLAB_BUILDINFO_CPP ${CMAKE_BINARY_DIR}/generated/BuildInfo.cpp)
add_custom_target(cdlab_buildinfo_gen
  COMMAND ${CMAKE_COMMAND}
    -DOUT=${CDLAB_BUILDINFO_CPP}
    -DSRC=${CMAKE_SOURCE_DIR}
    -DBUILD_TYPE=${CMAKE_BUILD_TYPE}
    -DCOMPILER=${CMAKE_CXX_COMPILER_ID}-${CMAKE_CXX_COMPILER_VERSION}
    -DSANITIZE=${CDLAB_SANITIZE}
    -P ${CMAKE_SOURCE_DIR}/cmake/WriteBuildInfo.cmake
  BYPRODUCTS ${CDLAB_BUILDINFO_CPP}
  COMMENT "build info")
