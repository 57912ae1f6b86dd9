# cdlab-bench run: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
cdlab_cli_exit2_test(missing_scene "error: .*no_such_scene.json: scene file not found"
                     ${BENCH} run ${DATA}/no_such_scene.json)
cdlab_cli_exit2_test(bad_json "error: .*bad_syntax.json: line 4, column [0-9]+: invalid JSON"
                     ${BENCH} run ${DATA}/bad_syntax.json)
cdlab_cli_exit2_test(wrong_type "error: .*wrong_type.json: bodies\\[1\\].keyframes\\[0\\].t: expected a number"
                     ${BENCH} run ${DATA}/wrong_type.json)
cdlab_cli_exit2_test(unknown_generator "error: .*unknown_generator.json: bodies\\[0\\].mesh.generator: unknown generator"
                     ${BENCH} run ${DATA}/unknown_generator.json)
cdlab_cli_exit2_test(cyclic_parents "error: .*cyclic.json: articulated\\[0\\].links\\[[0-9]\\].parent: .*cycle"
                     ${BENCH} run ${DATA}/cyclic.json)
cdlab_cli_exit2_test(missing_mesh "error: .*missing_mesh.json: bodies\\[0\\].mesh.file: .*nowhere.obj: file not found"
                     ${BENCH} run ${DATA}/missing_mesh.json)
cdlab_cli_exit2_test(nan_mesh "error: .*nan.obj: line 2: vertex coordinate 'nan' is NaN or infinite"
                     ${BENCH} bvh-build --mesh ${DATA}/nan.obj)
cdlab_cli_exit2_test(bad_algo "error: --algo bvh.*: bv: expected one of aabb\\|obb"
                     ${BENCH} run ${SCENES}/cylinder_ball.json --algo bvh:bv=sphere)
cdlab_cli_exit2_test(bad_samples "error: --algo articulated-reference.*: samples: [^\n]*out of range"
                     ${BENCH} run ${DATA}/chain10.json --algo articulated-reference:samples=0)
# The continuous algorithms take bodies as rigid: a scene with a deforming body is refused, naming it.
cdlab_cli_exit2_test(deforming_refused "error: .*deforming.json: bodies\\[0\\].deform: rigid-ccd does not support deforming bodies \\(body 'sheet' has a deform block\\)"
                     ${BENCH} run ${SCENES}/deforming.json --algo rigid-ccd)
# An articulated model whose joints swing a link on an arc (issue 42): the continuous algorithms that move
# every object on a straight screw between a frame's end poses refuse it, naming the model and what to use
# instead; catch and articulated-reference run it and find the hand meeting the post.
cdlab_cli_exit2_test(articulated_refused "error: .*arm_swing.json: articulated\\[0\\]: rigid-ccd does not follow articulated motion: it moves each link of model 'arm' on a straight screw between its poses at a frame's two ends, while the joints swing link 'hand' on an arc as 'shoulder' turns \\(a contact can be missed or reported early\\). use catch or articulated-reference"
                     ${BENCH} run ${DATA}/arm_swing.json --algo catch --algo rigid-ccd)
if(fcl_FOUND)
  cdlab_cli_exit2_test(articulated_refused_fcl "error: .*arm_swing.json: articulated\\[0\\]: fcl-ca does not follow articulated motion: [^\n]*. use catch or articulated-reference"
                       ${BENCH} run ${DATA}/arm_swing.json --algo fcl-ca)
endif()

cdlab_cli_test(verify_default_scene "verify: every cdlab algorithm matches its reference \\(brute-force\\) on every frame"
                     ${BENCH} run ${SCENES}/default.json --frames 16 --repeat 1 --warmup 0 --verify
                     --csv ${CMAKE_BINARY_DIR}/verify_default.csv --json ${CMAKE_BINARY_DIR}/verify_default.json)
# --verify with continuous algorithms: both rigid pipelines against rigid-ccd-reference (every triangle pair's
# exact tests) on the fast projectiles, beside the discrete bvh against brute-force.
cdlab_cli_test(verify_continuous "verify: every cdlab algorithm matches its reference \\(brute-force, rigid-ccd-reference\\) on every frame"
               ${BENCH} run ${SCENES}/bullets.json -a bvh -a rigid-ccd -a rigid-ccd-bm --repeat 1 --warmup 0 --verify)
# articulated-reference answers within a time tolerance: --verify keeps rigid-ccd-reference for the continuous
# kind and leaves articulated-reference unchecked, saying so.
cdlab_cli_test(verify_skips_tolerance_reference "# verify: articulated-reference answers within a time tolerance, not by hash: not checked\n# verify: every cdlab algorithm matches its reference \\(rigid-ccd-reference\\) on every frame"
               ${BENCH} run ${SCENES}/bullets.json -a rigid-ccd -a articulated-reference --repeat 1 --warmup 0 --verify)
# A reference already among the --algos is the one --verify compares with: brute force runs once (one row,
# then bvh's, then the notes), not a second time after the algorithms given.
cdlab_cli_test(verify_reference_given "\nbrute-force +[^\n]*\nbvh +[^\n]*\n# stages[^\n]*\n  brute-force [^\n]*\n  bvh [^\n]*\n# .*# verify: every cdlab algorithm matches its reference \\(brute-force\\) on every frame"
               ${BENCH} run ${SCENES}/cylinder_ball.json -a brute-force -a bvh --frames 3 --repeat 1 --warmup 0 --verify)

# run --csv with a continuous algorithm: each frame's first time of contact with its bodies and features (the
# ball nicks the box in the bullets scene's frame 1/3 -> 2/3).
cdlab_cli_test(run_csv_contacts
         ",first_contact_t,first_contact_features,start_overlaps\n.*\n\"rigid-ccd\",1,[^\n]*,0.40676806[0-9]*,\"box vertex 345 / ball face 534 \\(vertex/face\\)\",0\n"
         sh -c "\"$0\" run \"$1\" -a rigid-ccd --t0 0.333333333333333 --t1 0.666666666666667 --frames 2 --repeat 1 --warmup 0 --csv \"$2\" && cat \"$2\""
                 ${BENCH} ${SCENES}/bullets.json ${CMAKE_BINARY_DIR}/run_contacts_test.csv)
# Frames that start interpenetrated (a ball passing through a ball): run counts them and says that BM-culling,
# which assumes separated starts, may differ there; an open mesh gets no BM-cones and run says so.
cdlab_cli_test(run_start_overlaps
         "rigid-ccd-bm differs from rigid-ccd on [0-9]+ of 20 frames \\([0-9]+ of them start interpenetrated\\)\n# answers: 8 of 20 frames start interpenetrated \\(8 body pair-frames [^\n]*rigid-ccd-bm assumes separated starts"
         ${BENCH} run ${DATA}/ball_through_ball.json -a rigid-ccd -a rigid-ccd-bm --repeat 1 --warmup 0)
cdlab_cli_test(run_no_bm_cones
         "# warning: rigid-ccd-bm: no BM-cones for teapot: its surface is not closed \\(open: [0-9]+ boundary edges"
         ${BENCH} run ${SCENES}/knot_teapot.json -a rigid-ccd-bm --frames 3 --repeat 1 --warmup 0)
# A scene's mesh files get the import summary too (the STL's 12 corners welded to 4 vertices).
cdlab_cli_test(run_scene_import_summary
         "# import [^\n]*tetrahedron.stl: binary STL: 12 vertices read, 4 after welding, 4 triangles"
         ${BENCH} run ${DATA}/import/stl_scene.json -a bvh --repeat 1 --warmup 0)

# run: an output path that cannot be written fails before the run (no summary printed).
cdlab_cli_exit2_test(run_json_unwritable "error: .*no_such_dir/s.json: cannot open output file for writing"
                     ${BENCH} run ${SCENES}/cylinder_ball.json --json ${CMAKE_BINARY_DIR}/no_such_dir/s.json)
set_tests_properties(cli.run_json_unwritable PROPERTIES FAIL_REGULAR_EXPRESSION "build_ms")
# -a takes one value: a scene after it is the scene, not another algorithm.
cdlab_cli_test(algo_then_scene "\nbvh\\[bv=aabb\\] "
                     ${BENCH} run --algo bvh --algo bvh:bv=aabb ${SCENES}/cylinder_ball.json --frames 4 --repeat 1)

cdlab_cli_test(run_catch "# spatial and temporal culling \\(zhang2007 Table 2[^\n]*\n  catch +before +46.0 +after +[0-9.]+ +rate +9[0-9].[0-9]+ % +advanced +[0-9.]+ +rate +[0-9.]+ %[^\n]*\n  catch\\[bounds=interval\\] +before +46.0 .*# answers: catch, catch\\[bounds=interval\\] report the first time a pair comes within epsilon"
               ${BENCH} run ${DATA}/chain10.json -a catch -a catch:bounds=interval --repeat 1)
cdlab_cli_exit2_test(catch_bad_order "error: --algo catch.*: order: "
                     ${BENCH} run ${DATA}/chain10.json -a catch:order=7)
cdlab_cli_exit2_test(skip_pairs_unknown_link "error: .*bad_skip_pairs.json: articulated\\[0\\].skip_pairs\\[0\\]\\[1\\]: no link 'wheel' in model 'arm'"
                     ${BENCH} run ${DATA}/bad_skip_pairs.json)

# The opcode peer (issue 31; ODE 0.16's trimesh collider, the SBV paper's Opcode baseline): it runs, names its
# ODE in the configuration line and reports pairs; beside bvh it is compared by hash like the other peers and
# left out of --verify (ODE caps and merges contacts: its pair set is not the exact one). Its memory column is
# the heap growth while building, which reads 0 under ASan (its allocator is not the one measured).
if(ODE_FOUND)
  cdlab_cli_test(opcode_run "peers [^\n]*ode 0\\.16[^\n]*\n.*\nopcode +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +0 +0 +0 +[1-9][0-9]* +[0-9a-f]+ +1\\.000\n"
                 ${BENCH} run ${SCENES}/cylinder_ball.json --algo opcode --frames 3 --repeat 1 --warmup 0)
  cdlab_cli_test(opcode_verify "#   opcode differs from bvh on [0-9]+ of 3 frames\n# verify: every cdlab algorithm matches its reference \\(brute-force\\) on every frame"
                 ${BENCH} run ${SCENES}/cylinder_ball.json -a bvh -a opcode --frames 3 --repeat 1 --warmup 0 --verify)
endif()

cdlab_cli_test(sbv_verify "# verify: every cdlab algorithm matches its reference \\(brute-force\\) on every frame"
               ${BENCH} run ${SCENES}/cylinder_ball.json -a sbv:narrow=exact -a sbv -a sbv:osh=svm,narrow=exact --frames 8 --repeat 1 --warmup 0 --verify)

cdlab_cli_exit2_test(sbv_bad_param "error: .*sbv.*osh.*"
                     ${BENCH} run ${SCENES}/cylinder_ball.json -a sbv:osh=magic --frames 1)
