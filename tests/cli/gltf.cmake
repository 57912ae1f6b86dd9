# scene-export and glTF articulated models on the command line (included from tests/cli/CliTests.cmake; BENCH,
# DATA and the helpers come from there): a model written as .glb and .gltf, the .glb loaded again by a
# scene and run with --verify, and bad input exiting 2 with a message naming the file and the node or field.
set(GLTF_OUT ${CMAKE_BINARY_DIR}/gltf_cli)

cdlab_cli_test(scene_export_glb
               "wrote [^\n]*arm_test.glb: model 'arm', 3 links, [0-9]+ triangles, [0-9]+ vertices, 10 keys, [0-9]+ bytes \\(glTF 2.0 binary\\)"
               sh -c "mkdir -p \"$1\" && exec \"$0\" scene-export \"$2\" --model arm -o \"$1/arm_test.glb\""
               ${BENCH} ${GLTF_OUT} ${DATA}/gltf_arm.json)
cdlab_cli_test(scene_export_gltf
               "wrote [^\n]*arm_test.gltf: model 'arm', 3 links, .*\\(glTF 2.0, JSON with its buffer in a .bin beside it\\)"
               sh -c "mkdir -p \"$1\" && exec \"$0\" scene-export \"$2\" -o \"$1/arm_test.gltf\""
               ${BENCH} ${GLTF_OUT} ${DATA}/gltf_arm.json)
# The exported arm in a scene of its own (gltf/reload_scene.json names arm.glb beside it): every algorithm
# agrees with its reference on every frame.
cdlab_cli_test(scene_export_reload
               "wrote [^\n]*reload/arm.glb.*verify: every cdlab algorithm matches its reference"
               sh -c "mkdir -p \"$1\" && \"$0\" scene-export \"$2\" --model arm -o \"$1/arm.glb\" && cp \"$3\" \"$1/\" && exec \"$0\" run \"$1/reload_scene.json\" -a bvh --frames 12 --repeat 1 --warmup 0 --verify"
               ${BENCH} ${GLTF_OUT}/reload ${DATA}/gltf_arm.json ${DATA}/gltf/reload_scene.json)
cdlab_cli_exit2_test(scene_export_unknown_model
                     "error: [^\n]*gltf_arm.json: --model: no articulated model 'leg' \\(the scene's models: arm\\)"
                     ${BENCH} scene-export ${DATA}/gltf_arm.json --model leg -o ${GLTF_OUT}/leg.glb)
cdlab_cli_exit2_test(scene_export_no_models
                     "error: [^\n]*cylinder_ball.json: --model: no articulated model 'arm' \\(the scene has no articulated models\\)"
                     ${BENCH} scene-export ${SCENES}/cylinder_ball.json --model arm -o ${GLTF_OUT}/arm.glb)
cdlab_cli_exit2_test(scene_export_bad_extension
                     "error: [^\n]*arm.obj: scene-export writes glTF: give the output the extension .gltf or .glb"
                     ${BENCH} scene-export ${DATA}/gltf_arm.json --model arm -o ${GLTF_OUT}/arm.obj)
cdlab_cli_exit2_test(gltf_skinned
                     "error: [^\n]*skinned_scene.json: articulated\\[0\\].file: [^\n]*skinned.gltf: mesh 'skin_mesh' \\(node 'body'\\): skinned"
                     ${BENCH} run ${DATA}/gltf/skinned_scene.json)
cdlab_cli_exit2_test(gltf_missing_buffer
                     "error: [^\n]*missing_buffer_scene.json: articulated\\[0\\].file: [^\n]*missing_buffer.gltf: buffers\\[0\\]: buffer file 'missing_buffer.bin' not found"
                     ${BENCH} run ${DATA}/gltf/missing_buffer_scene.json)
cdlab_cli_exit2_test(gltf_bad_animation
                     "error: [^\n]*bad_animation_scene.json: articulated\\[0\\].file: [^\n]*chain.gltf: animation: animation 3 out of range: the file has 1 animation"
                     ${BENCH} run ${DATA}/gltf/bad_animation_scene.json)
