# The engine's layers: each folder of engine/ is one library that may use only the layers named after it here
# (and what those use in turn); only engine/gpu (the LDI query) may include GL, EGL, GLFW or ImGui. engine/CMakeLists.txt builds one library per layer and links it to these;
# cdlab_check_layer_includes fails the configure when a file includes a header from a layer it may not use,
# so an include that goes up a layer does not build. docs/ARCHITECTURE.md draws the picture.
#
#   layer       may use                     holds
set(CDLAB_LAYER_core)                                  # errors, stopwatches, parallel loops, stamped caches, statistics
set(CDLAB_LAYER_geometry core)                         # vectors, poses, boxes, predicates, triangle tests
set(CDLAB_LAYER_mesh core geometry)                    # triangle meshes, generators, importers, features
set(CDLAB_LAYER_convex core geometry mesh)            # convex hulls (Qhull, linked privately), GJK distance
set(CDLAB_LAYER_debug core geometry mesh)              # the debug-drawing sink every layer above draws into
set(CDLAB_LAYER_sbv core geometry mesh convex debug)   # separating bounding volumes: support sets, OSH (GJK, SVM), CSBV
set(CDLAB_LAYER_ldi core geometry mesh)                # layered depth images: frames, the contract, the CPU ray caster
set(CDLAB_LAYER_gpu core geometry mesh ldi)            # OpenGL 4.5 through headless EGL: the GPU LDI query (the only GL layer)
set(CDLAB_LAYER_bvh core geometry mesh debug)          # bounding-volume trees, their drawing
set(CDLAB_LAYER_collision core geometry mesh debug bvh) # discrete collision: BVH traversal, containment
set(CDLAB_LAYER_distance core geometry mesh convex debug bvh) # mesh-mesh distance: RSS trees, hull trees, methods by name
set(CDLAB_LAYER_ccd core geometry)                     # exact elementary CCD tests, motions, polynomials
set(CDLAB_LAYER_culling core geometry bvh ccd)         # BM-cones and continuous back-face culling
set(CDLAB_LAYER_scene core geometry mesh)              # scene files, pose tracks, scene objects and pairs
set(CDLAB_LAYER_models core geometry mesh scene)       # procedural articulated models and their motion
set(CDLAB_LAYER_articulated core geometry mesh convex debug bvh distance scene) # Taylor models, swept link boxes, link BVH
set(CDLAB_LAYER_pipeline core geometry mesh debug bvh collision scene) # Algorithm, registry, FrameResult
set(CDLAB_LAYER_algorithms core geometry mesh convex debug sbv ldi gpu bvh distance collision ccd culling scene articulated pipeline) # registered
set(CDLAB_LAYER_sim core geometry mesh collision ccd culling scene pipeline) # contact recorder (runs rigid-ccd by name)
set(CDLAB_LAYER_recording core geometry mesh debug bvh collision scene pipeline) # recordings: FrameResults per frame, zstd
set(CDLAB_LAYER_peers core geometry mesh collision distance scene pipeline) # FCL, Bullet, ODE behind the Algorithm API; CGAL volume and union
set(CDLAB_LAYERS core geometry mesh convex debug sbv ldi gpu bvh distance collision ccd culling scene models articulated pipeline algorithms sim recording peers)

# Every layer `layer` may include: itself and its layers.
function(cdlab_layer_allowed layer out)
  set(${out} ${layer} ${CDLAB_LAYER_${layer}} PARENT_SCOPE)
endfunction()

# Scans engine/<layer>/*.h,*.cpp under `engine_dir` for #include "x/..." with x another layer it may not use;
# FATAL_ERROR naming each such file, line and what the layer may use.
function(cdlab_check_layer_includes engine_dir)
  set(problems "")
  file(GLOB folders RELATIVE ${engine_dir} ${engine_dir}/*)
  foreach(folder ${folders})
    if(NOT IS_DIRECTORY ${engine_dir}/${folder})
      continue()
    endif()
    list(FIND CDLAB_LAYERS ${folder} known)
    if(known LESS 0)
      string(APPEND problems "\n  engine/${folder}/ is no layer: add it to cmake/EngineLayers.cmake")
      continue()
    endif()
    cdlab_layer_allowed(${folder} allowed)
    file(GLOB_RECURSE sources ${engine_dir}/${folder}/*.h ${engine_dir}/${folder}/*.cpp)
    foreach(source ${sources})
      # OpenGL, EGL, GLFW and ImGui belong to engine/gpu (and the viewer) only.
      if(NOT folder STREQUAL "gpu")
        file(STRINGS ${source} gl REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](GL|GLES[0-9]*|EGL|KHR|glad|GLFW|imgui)[/.]")
        foreach(line ${gl})
          file(RELATIVE_PATH rel ${engine_dir} ${source})
          string(APPEND problems "\n  engine/${rel}: ${line} (only engine/gpu may include GL, EGL, GLFW or ImGui)")
        endforeach()
      endif()
      file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"[A-Za-z0-9_]+/")
      foreach(line ${includes})
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([A-Za-z0-9_]+)/.*" "\\1" target "${line}")
        list(FIND CDLAB_LAYERS ${target} isLayer)
        list(FIND allowed ${target} ok)
        if(isLayer GREATER_EQUAL 0 AND ok LESS 0)
          file(RELATIVE_PATH rel ${engine_dir} ${source})
          string(REPLACE ";" " " may "${allowed}")
          string(APPEND problems "\n  engine/${rel}: ${line} (${folder} may include only ${may})")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(problems)
    message(FATAL_ERROR "An engine file includes what its layer may not use:${problems}")
  endif()
endfunction()

# cmake -DENGINE_DIR=... -P cmake/EngineLayers.cmake: the same check as a script (the layering test runs it
# on a copy of the engine with a wrong-way include to see it fail).
if(CMAKE_SCRIPT_MODE_FILE AND ENGINE_DIR)
  cdlab_check_layer_includes(${ENGINE_DIR})
  message(STATUS "engine layers: every include goes down")
endif()
