# cdlab-bench ldi: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# The LDI penetration query (issue 32). On llvmpipe (CI) and on a GPU the same: the GPU query agrees with the
# CPU ray caster on every pixel of the spheres' lens; the closed form's lens volume at frame 3 of 4 (d = 0.2)
# is 3.61 (the polyhedral spheres give 3.55); the GPU path forced off falls back to the ray caster and says so;
# open meshes are flagged; bad input exits 2.
cdlab_cli_test(ldi_reference "left: 7920 triangles, closed.*\n3 +left/right +256x256 +3\\.55[0-9]+ +1\\.79[0-9]+ +4 .* 0( +[0-9.]+ +[0-9.]+)?\n# 3 queries. median query [0-9.]+ ms \\(gpu\\), CPU ray caster [0-9.]+ ms(, CGAL [0-9.]+ ms)?. pixels agreeing with the ray caster: 100\\.0000 %. overflowed 0, unreliable 0"
               ${BENCH} ldi ${SCENES}/ldi_spheres.json -f 4 --resolution 256 --reference -r 1)
cdlab_cli_test(ldi_sbv "sbv-ldi at 128 px.*exact OSH.*\n3 +left/right +[0-9]+x128 +3\\.5[0-9]+"
               ${BENCH} ldi ${SCENES}/ldi_spheres.json -a sbv-ldi -f 4 --resolution 128 -r 1)
add_test(NAME cli.ldi_gpu_off COMMAND ${CMAKE_COMMAND} -E env CDLAB_GPU=off
         ${BENCH} ldi ${SCENES}/ldi_spheres.json -f 4 --resolution 64 --reference -r 1)
set_tests_properties(cli.ldi_gpu_off PROPERTIES PASS_REGULAR_EXPRESSION
  "the GPU path is off \\(CDLAB_GPU=off\\): the CPU ray caster runs instead.*3 +left/right +64x64 +3\\.5")
cdlab_cli_test(ldi_open_mesh "teapot: [0-9]+ triangles, open.*#   unreliable: teapot \\(teapot\\) is open"
               ${BENCH} ldi ${SCENES}/knot_teapot_deep.json -f 2 --resolution 64 -r 1)

cdlab_cli_exit2_test(ldi_missing_scene "error: .*no_such_scene.json: scene file not found"
                     ${BENCH} ldi ${DATA}/no_such_scene.json)
cdlab_cli_exit2_test(ldi_bad_resolution "--resolution: Value 3 not in range"
                     ${BENCH} ldi ${SCENES}/ldi_spheres.json --resolution 3)
