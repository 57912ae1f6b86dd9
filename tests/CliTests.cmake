# CLI contract tests: bad input exits 2 with a message naming the file (and field); real runs exit 0 and print
# what they pin (counts, hashes, summaries); a short real run passes --verify (every cdlab algorithm equals
# brute force on every frame). cdlab_output_test (tests/CMakeLists.txt) checks the exit code.
set(BENCH $<TARGET_FILE:cdlab-bench>)
set(SCENES ${CMAKE_SOURCE_DIR}/scenes)
set(DATA ${CMAKE_CURRENT_SOURCE_DIR}/data)

# A successful run: passes when it prints the regex and exits 0.
function(cdlab_cli_test name expect_regex)
  cdlab_output_test(cli.${name} 0 "${expect_regex}" ${ARGN})
endfunction()

# Bad input: passes only when the command prints the regex and exits 2.
function(cdlab_cli_exit2_test name expect_regex)
  cdlab_output_test(cli.${name} 2 "${expect_regex}" ${ARGN})
endfunction()

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
# A bad command line: "error:" naming the option (or the mistyped command and those that exist), exit 2.
cdlab_cli_exit2_test(bad_option "error: --frames: [^\n]*abc"
                     ${BENCH} run ${SCENES}/cylinder_ball.json --frames abc)
cdlab_cli_exit2_test(unknown_command "error: unknown command 'tabel1' \\(commands: list, run, [a-z0-9, -]*table1, figure1, [a-z0-9, -]*record[a-z0-9, -]*\\)"
                     ${BENCH} tabel1)
cdlab_cli_exit2_test(missing_option "error: [^\n]*--type is required"
                     ${BENCH} ccd-queries ${DATA}/ccd_ee.csv)
# Running out of memory (here an address-space limit) is said, not an abort: exit 3. Not under the
# sanitizers, which reserve more address space than the limit.
if(NOT CDLAB_SANITIZE)
  cdlab_output_test(cli.out_of_memory 3 "error: out of memory"
                    sh -c "ulimit -v 1000000 && exec \"$0\" \"$@\""
                    ${BENCH} bvh-build --generator sphere --triangles 20000000 --repeat 1)
endif()
cdlab_cli_test(list "torus_knot" ${BENCH} list --scenes ${SCENES})
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
# bvh-build: the tree sizes are pinned (one leaf per triangle: 2n - 1 nodes).
cdlab_cli_test(bvh_build "19880 triangles, 9942 vertices.*\nbvh [^\n]*1 BVHs \\(obb, longest/mean, leaf 1\\), 39759 nodes\nbvh\\[bv=aabb\\] [^\n]*1 BVHs \\(aabb, longest/mean, leaf 1\\), 39759 nodes\n"
               ${BENCH} bvh-build --generator sphere --triangles 20000 --repeat 1)
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
# table1 --csv: one row per frame with both pipelines' counts; a path that cannot be written fails before the run.
cdlab_cli_test(table1_csv
         "# wrote [^\n]*table1_test.csv.*\nframe,t,bv_tests_without,bv_tests_with,ee_tests_without,ee_tests_with,[a-z_,]*ee_backward,bv_tests_per_face,.*\n3,[0-9.]+,[0-9]+,[0-9]+,"
         sh -c "\"$0\" table1 \"$1\" --frames 4 --repeat 1 --no-peer --csv \"$2\" && cat \"$2\""
                 ${BENCH} ${SCENES}/doors.json ${CMAKE_BINARY_DIR}/table1_test.csv)
cdlab_cli_exit2_test(table1_csv_unwritable "error: .*no_such_dir/t.csv: cannot open output file for writing"
                     ${BENCH} table1 ${SCENES}/doors.json --frames 4 --repeat 1 --no-peer
                     --csv ${CMAKE_BINARY_DIR}/no_such_dir/t.csv)
# run: an output path that cannot be written fails before the run (no summary printed).
cdlab_cli_exit2_test(run_json_unwritable "error: .*no_such_dir/s.json: cannot open output file for writing"
                     ${BENCH} run ${SCENES}/cylinder_ball.json --json ${CMAKE_BINARY_DIR}/no_such_dir/s.json)
set_tests_properties(cli.run_json_unwritable PROPERTIES FAIL_REGULAR_EXPRESSION "build_ms")
# -a takes one value: a scene after it is the scene, not another algorithm.
cdlab_cli_test(algo_then_scene "\nbvh\\[bv=aabb\\] "
                     ${BENCH} run --algo bvh --algo bvh:bv=aabb ${SCENES}/cylinder_ball.json --frames 4 --repeat 1)
# mesh-export writes the format the output extension names and reads the file back with the importer every
# command uses: same triangles, one vertex per position where the format keeps shared vertices (STL stores
# three corners per triangle: they are welded on import), positions within 1e-6 of the largest coordinate (it
# exits 1 otherwise; the pattern checks the figure too). A second process imports the file again (its import
# summary first) and writes it back as OBJ.
set(_within_tolerance "largest position difference (0|[1-9](\\.[0-9])?e-(0[7-9]|[1-9][0-9])) of the largest coordinate\n")
foreach(_format "obj|Wavefront OBJ, text, full double precision, cdlab's writer|1498 vertices"
                "ply|PLY, binary, single precision|1498 vertices"
                "stl|STL, binary, single precision, three corners per triangle|1498 vertices \\(welded: the file stores three corners per triangle\\)"
                "gltf|glTF 2.0, JSON with its buffer in a .bin file beside it, single precision|1498 vertices"
                "glb|glTF 2.0 binary, single precision|1498 vertices")
  string(REPLACE "|" ";" _f "${_format}")
  list(GET _f 0 _ext)
  list(GET _f 1 _description)
  list(GET _f 2 _read_back)
  string(REGEX MATCH "^[0-9]+" _reimported "${_read_back}")
  cdlab_cli_test(mesh_export_${_ext}
           "wrote [^\n]*export_knot.${_ext}: 1498 vertices, 2996 triangles \\(${_description}\\)\nread back [^\n]*export_knot.${_ext}: ${_read_back}, 2996 triangles, ${_within_tolerance}# import [^\n]*export_knot.${_ext}: [^\n]*: [0-9]+ vertices read, ${_reimported} after welding, 2996 triangles\nwrote [^\n]*export_knot_${_ext}.obj: ${_reimported} vertices, 2996 triangles [^\n]*\nread back [^\n]*: 1498 vertices[^\n]*, 2996 triangles, ${_within_tolerance}"
           sh -c "\"$0\" mesh-export --generator torus_knot --params '{\"triangles\": 3000}' --out \"$1\" && \"$0\" mesh-export --mesh \"$1\" --out \"$2\""
                   ${BENCH} ${CMAKE_BINARY_DIR}/export_knot.${_ext} ${CMAKE_BINARY_DIR}/export_knot_${_ext}.obj)
endforeach()
# A GLB feeds a BVH build like any mesh file.
cdlab_cli_test(mesh_export_glb_bvh "wrote .* 2996 triangles.*: 2996 triangles.*bvh .*nodes"
         sh -c "\"$0\" mesh-export --generator torus_knot --params '{\"triangles\": 3000}' --out \"$1\" --no-check && \"$0\" bvh-build --mesh \"$1\" --repeat 1 --algo bvh"
                 ${BENCH} ${CMAKE_BINARY_DIR}/roundtrip_knot.glb)
# The teapot's patch seams hold vertex pairs closer than single precision tells apart: read back, they are
# one vertex, and the output says how many; the 32 triangles that then have two corners at one position are
# dropped by the importer's welding, and the output says so too.
cdlab_cli_test(mesh_export_single_precision "wrote [^\n]*: 5495 vertices, 10744 triangles [^\n]*\nread back [^\n]*: 5461 vertices \\(34 share their single-precision position with another vertex\\), 10712 triangles \\(32 have two corners at one single-precision position: dropped\\), ${_within_tolerance}"
               ${BENCH} mesh-export --generator teapot --out ${CMAKE_BINARY_DIR}/export_teapot.ply)
# An extension that names no format it writes, or none, is refused before anything is written.
cdlab_cli_exit2_test(mesh_export_unknown_extension "error: [^\n]*export_knot.fbx: cannot write mesh format '.fbx' \\(the extension names the format: .obj, .ply, .stl, .gltf, .glb\\)"
                     ${BENCH} mesh-export --generator torus_knot --out ${CMAKE_BINARY_DIR}/export_knot.fbx)
cdlab_cli_exit2_test(mesh_export_no_extension "error: [^\n]*export_knot: no file extension \\(the extension names the format: .obj, .ply, .stl, .gltf, .glb\\)"
                     ${BENCH} mesh-export --generator torus_knot --out ${CMAKE_BINARY_DIR}/export_knot)
set_tests_properties(cli.mesh_export_unknown_extension cli.mesh_export_no_extension PROPERTIES FAIL_REGULAR_EXPRESSION "wrote")
# Mesh import (issue 33): the bench prints the import summary first. A binary PLY with triangle strips gives all
# 8 triangles (Assimp 5.2.5 alone: one); an STL's 12 corners weld into the tetrahedron's 4 vertices, which makes
# it closed; content under another format's extension and a truncated STL are named; a glTF's animation is
# reported as ignored. tests/data/import/README.md says how the files were written.
cdlab_cli_test(mesh_import_tristrips "# import [^\n]*strips.ply: PLY \\(binary little endian\\): 9 vertices read, 9 after welding, 8 triangles\n"
               ${BENCH} mesh-check ${DATA}/import/strips.ply)
cdlab_cli_test(mesh_import_stl_welded "# import [^\n]*tetrahedron.stl: binary STL: 12 vertices read, 4 after welding, 4 triangles\n.*tetrahedron +[^\n]* 4  closed, outward\n"
               ${BENCH} mesh-check ${DATA}/import/tetrahedron.stl)
cdlab_cli_exit2_test(mesh_import_wrong_extension "error: [^\n]*tetrahedron_stl.obj: looks like a binary STL, not OBJ"
                     ${BENCH} bvh-build --mesh ${DATA}/import/tetrahedron_stl.obj)
cdlab_cli_exit2_test(mesh_import_truncated_stl "error: [^\n]*tetrahedron_truncated.stl: truncated binary STL: the header declares 4 triangles = 284 bytes, the file has 244 \\(3 whole triangles\\)"
                     ${BENCH} bm-cones --mesh ${DATA}/import/tetrahedron_truncated.stl)
cdlab_cli_test(mesh_import_gltf_ignored "# warning: [^\n]*chain.gltf: ignored: 1 animation \\(the mesh is the geometry at rest\\)\n"
               ${BENCH} mesh-check ${DATA}/gltf/chain.gltf)
# mesh-check: per body its mesh and SurfaceCheck's verdict; Newell's teapot is open, the closed one (CGAL's
# union) and the knot are closed 2-manifolds, the door's pieces share edges. A missing file exits 2.
cdlab_cli_test(mesh_check_open_teapot "body +mesh +triangles +surface\nteapot +teapot [^\n]* 10744  open: 296 boundary edges, 2 non-manifold edges\nknot +torus_knot [^\n]* 7014  closed, outward\n"
               ${BENCH} mesh-check ${SCENES}/knot_teapot.json)
cdlab_cli_test(mesh_check_door "# mesh door \{\}\nbody +mesh +triangles +surface\ndoor +door \{\} +3324  closed, outward, not a 2-manifold: 12 non-manifold edges\n"
               ${BENCH} mesh-check --generator door)
if(CGAL_FOUND)
  cdlab_cli_test(mesh_check_closed_teapot "teapot +teapot [^\n]*\"closed\":true[^\n]* 11142  closed, outward\nknot "
                 ${BENCH} mesh-check ${SCENES}/knot_teapot_closed.json)
endif()
cdlab_cli_exit2_test(mesh_check_missing "error: [^\n]*no_such_mesh.obj: file not found"
                     ${BENCH} mesh-check ${CMAKE_BINARY_DIR}/no_such_mesh.obj)
# ccd-queries: the summary lines, zero false negatives on our hard cases; bad files exit 2 naming the line.
cdlab_cli_test(ccd_queries_vf "queries: 36\nfalse positives: 0\nfalse negatives: 0\nns per query: [0-9]+\ncollisions reported: 20\n"
                     ${BENCH} ccd-queries ${DATA}/ccd_vf.csv --type vf)
cdlab_cli_test(ccd_queries_ee "queries: 28\nfalse positives: 0\nfalse negatives: 0\nns per query: [0-9]+\ncollisions reported: 14\n.*timed passes: 3"
                     ${BENCH} ccd-queries ${DATA}/ccd_ee.csv --type ee --repeat 3)
cdlab_cli_exit2_test(ccd_queries_bad "error: .*cyclic.json: line 1: expected 7 comma-separated fields"
                     ${BENCH} ccd-queries ${DATA}/cyclic.json --type vf)
# Generated generic queries: the fast path's answers against the exact search's truth, the per-query tail.
cdlab_cli_test(ccd_queries_generated "queries: 2000\nfalse positives: 0\nfalse negatives: 0\n.*collisions \\(truth\\): [0-9]+ \\([0-9.]+ %\\), 0 of them at the truth's depth limit\nper-query ns p50: [0-9]+\nper-query ns p90: [0-9]+\nper-query ns p99: [0-9]+\nper-query ns max: [0-9]+"
               ${BENCH} ccd-queries --generated 2000 --type ee --per-query --repeat 3)
cdlab_cli_exit2_test(ccd_queries_no_input "error: .*give a query file or --generated N"
                     ${BENCH} ccd-queries --type vf)
# bm-cones: nodes with a cone and the nearest-point projections it took are deterministic (fixed seeds, any
# thread count).
cdlab_cli_test(bm_cones "2999 nodes.*\ntop-down +[0-9.]+ +[0-9.]+ +2883/2999 +114580\nbottom-up +[0-9.]+ +[0-9.]+ +2875/2999 +96761\n"
                     ${BENCH} bm-cones --generator torus_knot --triangles 1500 --repeat 1)
# ... with its progress (on stderr, forced: ctest's stderr is not a terminal), per mode and build.
cdlab_cli_test(bm_cones_progress "100% top-down build 2/2.*100% bottom-up build 2/2"
                     ${BENCH} bm-cones --generator torus_knot --triangles 1500 --repeat 2 --progress)
# table1: the paper's rows from one run, the face-level and node-level bounds, then per keyframe interval;
# exits 1 if first contacts differ on a frame that starts separated.
# The counts of both pipelines are pinned, and BM-culling must keep at least 90 % of what the face-level bound
# (per triangle) and the node-level bound (per node) say any back-face culling could remove here.
set(_floor "(9[0-9]|100)\\.[0-9] % of that\n")
cdlab_cli_test(table1 "\nBV/BV tests +18190 +11628 [^\n]*\nE/E tests +53424 +27567 [^\n]*\nV/F tests +17808 +9189 [^\n]*\nF/V tests +17808 +9189 [^\n]*\ntotal time[^\n]*\n# the time above [^\n]*each feature pair tested once per window[^\n]*\ntime, once [^\n]* x *\n# face-level bound [^\n]*: 26217 of the 53424 E/E tests [^\n]*BM-culling removes ${_floor}# node-level bound [^\n]*: 11551 BV/BV tests [^\n]*reach ${_floor}.*per keyframe interval.*\n#   t 10-11 +3 +4867 -> +3105 .*\n# first contacts: 1 frames with a contact. identical on 40 of 40 frames\n"
                     ${BENCH} table1 ${SCENES}/doors.json --frames 40 --repeat 1 --no-peer)
set_tests_properties(cli.table1 PROPERTIES FAIL_REGULAR_EXPRESSION "ERROR|peer fcl-ca")
# table1's peer lines: FCL's conservative advancement on the same frames, its time ratio and how its times of
# contact compare: 14 one-second frames of the recorded motion, 4 of them with a contact that both find at
# the same time (FCL's time is seconds: few frames).
if(fcl_FOUND)
  cdlab_cli_test(table1_peer "peer fcl-ca .*: [0-9.]+ s = [0-9.]+ x the time without BM-culling, [0-9.]+ x with \\(per triangle pair\\). [0-9.]+ x and [0-9.]+ x testing each feature pair once\n#   of 14 frames that start separated: contact on 4 by both \\(times within [0-9.e-]+ frame\\), 0 by rigid-ccd only, 0 by fcl-ca only\n"
                       ${BENCH} table1 ${SCENES}/doors_recorded.json --frames 14 --repeat 1)
endif()
# figure1: redon2002 Figure 1 in numbers — the door translating away (t 0.467 -> 0.5) has nodes culled on
# the deep levels and none near the root; each level counts its cut (2^level nodes down to the leaves, 3324
# triangles one per leaf); the counts are the viewer's (viewer.offscreen.figure1_at); the CSV holds the same
# rows. Bad options exit 2 naming them.
# (Row by row: a line's pattern, then [^\n]*\n for each line it skips.)
set(_any_row "[^\n]*\n")
cdlab_cli_test(figure1 "moving_door \\(3324 triangles\\) relative to static_door over t 0.466667 -> 0.5.${_any_row}${_any_row}level +nodes +BM-culled +share\n    0         1           0    0.0 %\n    1         2           0    0.0 %\n${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}    9       512         116   22.7 %\n${_any_row}${_any_row}   12      3324        1214   36.5 %\n# faces at the frame's end \\(eq. 3\\): [1-9][0-9]* moving forwards [^\n]*, [1-9][0-9]* backwards [^\n]* of 3324\n"
                     ${BENCH} figure1 ${SCENES}/doors.json --at 0.5)
cdlab_cli_test(figure1_csv "^level,nodes,bm_culled\n0,1,0\n1,2,0\n.*\n9,512,116\n.*\n12,3324,1214\n"
         sh -c "\"$0\" figure1 \"$1\" --at 0.5 --csv \"$2\" > /dev/null && cat \"$2\""
                 ${BENCH} ${SCENES}/doors.json ${CMAKE_BINARY_DIR}/figure1_test.csv)
cdlab_cli_exit2_test(figure1_at_outside "error: --at: 20 is outside the scene's time range \\[0, 13\\]"
                     ${BENCH} figure1 ${SCENES}/doors.json --at 20)
cdlab_cli_exit2_test(figure1_unknown_body "error: --body: no body 'door' \\(the scene has static_door, moving_door\\)"
                     ${BENCH} figure1 ${SCENES}/doors.json --body door)

# record: the hand's path of the bundled recording, simulated (the door stops on the static one: contacts,
# never held still), written as a scene that table1 replays with identical first contacts in both pipelines
# and reports per 1 s interval (a key every frame). Scenes it cannot simulate exit 2 naming the field.
# The recording is deterministic: the bundled scenes/doors_recorded.json is this run's output byte for byte
# (cli.record_replay replays it).
cdlab_cli_test(record "recorded 'moving_door' over 391 frames of [^\n]*doors_hand.json\ncontacts answered: 446\nframes in contact: 140\nsubsteps held still: 0\n${_any_row}wrote [^\n]*record_test.json\nsame as the bundled recording\n"
         sh -c "cd \"$1\" && \"$0\" record scenes/doors_hand.json -o \"$2\" && cmp \"$2\" scenes/doors_recorded.json && echo 'same as the bundled recording'"
                 ${BENCH} ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/record_test.json)
# A hand too quick for the substeps: the body waits out some of them, and the output says what to raise.
cdlab_cli_test(record_held "substeps held still: [1-9][0-9]* \\(more than 32 contacts in a substep: raise --substeps\\)\n"
               ${BENCH} record ${SCENES}/bullets.json -o ${CMAKE_BINARY_DIR}/record_held.json)
cdlab_cli_test(record_replay "\nBV/BV tests +124613 +90967 [^\n]*\nE/E tests +89595 +38097 [^\n]*\n.*\n# face-level bound [^\n]*BM-culling removes ${_floor}# node-level bound [^\n]*reach ${_floor}.*# per 1 s interval: [^\n]*\n#   t 0-1 [^\n]*\n${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}#   t 12-13 [^\n]*\n# first contacts: 2 frames with a contact. identical on 391 of 391 frames\n"
               ${BENCH} table1 ${SCENES}/doors_recorded.json --no-peer -r 1)
cdlab_cli_exit2_test(record_moving_obstacle "error: [^\n]*default.json: bodies\\[4\\].keyframes: recording needs static obstacles. body 'knot' moves"
                     ${BENCH} record ${SCENES}/default.json --body ball -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_starts_inside "error: [^\n]*record_starts_inside.json: bodies\\[1\\].keyframes: the body starts interpenetrating body 'cylinder'"
                     ${BENCH} record ${DATA}/record_starts_inside.json -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_unwritable "error: [^\n]*no_such_dir/out.json: cannot write the recorded scene"
                     ${BENCH} record ${SCENES}/doors_hand.json -o ${CMAKE_BINARY_DIR}/no_such_dir/out.json)
cdlab_cli_exit2_test(record_link "error: [^\n]*record_link.json: articulated: 'arm/upper' is an articulated link: record simulates a rigid body"
                     ${BENCH} record ${DATA}/record_link.json -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_link_named "error: [^\n]*record_link.json: --body: 'arm/upper' is an articulated link"
                     ${BENCH} record ${DATA}/record_link.json --body arm/upper -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_unknown_body "error: [^\n]*doors_hand.json: --body: no body 'door' \\(the scene has static_door, moving_door\\)"
                     ${BENCH} record ${SCENES}/doors_hand.json --body door -o ${CMAKE_BINARY_DIR}/record_bad.json)

# The documentation's examples: every block marked <!-- example --> in README.md and docs/*.md runs with this
# build's programs and its deterministic lines (counts, hashes; not times) must be in the output
# (docs/examples.sh says how an example is written). Some run the viewer, so the test needs it built.
if(TARGET cdlab)
  cdlab_output_test(docs.examples 0 "\nexamples: [1-9][0-9]* checked, 0 failed\n"
                    bash ${CMAKE_SOURCE_DIR}/docs/examples.sh ${CMAKE_BINARY_DIR})
  # Label slow: the sanitizer suite skips it (the same commands run there as cli.*/viewer.* tests; under ASan
  # it takes two minutes of CI's time).
  set_tests_properties(docs.examples PROPERTIES TIMEOUT 300 FAIL_REGULAR_EXPRESSION "FAILED" LABELS slow)
endif()

# Articulated models (zhang2007): swept-boxes prints Fig. 5 per link — interval boxes grow down the 10-link
# chain of tests/data/chain10.json, to several times the Taylor boxes at its last link — and the order table;
# run prints Table 2's spatial columns for catch. Scenes without models and unknown models exit 2.
cdlab_cli_test(swept_boxes "link +depth +taylor_volume +interval_volume +ratio_med +ratio_max\ncar0 +0 +1.98 +1.98 +1 +1\n.*car9 +9 +[0-9.]+ +[0-9.]+ +([5-9]|[1-9][0-9])\\.[0-9]+ .*# plotted [^\n]*swept_boxes.svg\n.*taylor order 3 +volume +1 .*interval +volume +[2-9]\\.[0-9]+ "
               ${BENCH} swept-boxes ${DATA}/chain10.json --repeat 3 --csv ${CMAKE_BINARY_DIR}/swept_boxes.csv
               --svg ${CMAKE_BINARY_DIR}/swept_boxes.svg)
cdlab_cli_exit2_test(swept_boxes_no_model "error: .*default.json: the scene has no articulated model"
                     ${BENCH} swept-boxes ${SCENES}/default.json)
cdlab_cli_exit2_test(swept_boxes_one_frame "error: .*chain10_one_frame.json: frames: swept boxes need at least 2 frames"
                     ${BENCH} swept-boxes ${DATA}/chain10_one_frame.json)
cdlab_cli_exit2_test(swept_boxes_bad_model "error: --model: no model 'nope' \\(the scene has chain\\)"
                     ${BENCH} swept-boxes ${DATA}/chain10.json --model nope)
cdlab_cli_test(run_catch "# spatial and temporal culling \\(zhang2007 Table 2[^\n]*\n  catch +before +46.0 +after +[0-9.]+ +rate +9[0-9].[0-9]+ % +advanced +[0-9.]+ +rate +[0-9.]+ %[^\n]*\n  catch\\[bounds=interval\\] +before +46.0 .*# answers: catch, catch\\[bounds=interval\\] report the first time a pair comes within epsilon"
               ${BENCH} run ${DATA}/chain10.json -a catch -a catch:bounds=interval --repeat 1)
cdlab_cli_exit2_test(catch_bad_order "error: --algo catch.*: order: "
                     ${BENCH} run ${DATA}/chain10.json -a catch:order=7)
cdlab_cli_exit2_test(skip_pairs_unknown_link "error: .*bad_skip_pairs.json: articulated\\[0\\].skip_pairs\\[0\\]\\[1\\]: no link 'wheel' in model 'arm'"
                     ${BENCH} run ${DATA}/bad_skip_pairs.json)

# Distance queries (issue 30): on small placements of both pairs at two gaps, ours equals the brute force and
# FCL's distance agrees to 1e-9 (exit 1 when ours differs); an unknown pair is refused by the option check.
if(fcl_FOUND)
  cdlab_cli_test(distance "pair +gap +n +rss_us +brute-force_us +fcl_us +ratio.*knot-teapot +0.001 +2 .*door-door +0.01 +2 .*# rss / fcl over all placements.*# agreement: rss vs brute-force 0 \\(within 1e-9\\), rss vs fcl [0-9.e+-]+ \\(within 1e-9\\)"
                 ${BENCH} distance -t 500 -n 2 -r 1 --brute-repeat 1 --gaps 0.001 0.01 --csv ${CMAKE_BINARY_DIR}/distance.csv)
else()
  cdlab_cli_test(distance "pair +gap +n +rss_us +brute-force_us +ratio.*door-door +0.01 +2 .*# agreement: rss vs brute-force 0 \\(within 1e-9\\)"
                 ${BENCH} distance -t 500 -n 2 -r 1 --brute-repeat 1 --gaps 0.001 0.01)
endif()
cdlab_cli_exit2_test(distance_bad_gap "error: distance --gaps: .*a gap must be positive"
                     ${BENCH} distance --gaps 0 -n 1)

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

# sbv (issue 31): sbv-tables prints Table 1 at the placements it finds (the culling ratios are deterministic:
# coherence off), Table 2 for both solvers, the exact OSH and the balanced table; sbv:narrow=exact passes
# --verify against brute force while plain sbv (a penetration region) is left out of the answer comparison.
cdlab_cli_test(sbv_tables "cylinder_ball +touching +1\\.49 +211\\+5 +[0-9.]+ +[0-9.]+ +98\\.3 +98\\.0 +54\\+68 .*knot_teapot +intersecting +2\\.96 .*3507\\+5495 +liblinear .*# exact OSH \\(GJK on the convex hulls, [0-9]+ \\+ [0-9]+ hull vertices\\) at the separating placement: .*rod_ball +puncturing +[0-9.]+ 160p"
               ${BENCH} sbv-tables --repeat 1)
cdlab_cli_test(sbv_verify "# verify: every cdlab algorithm matches its reference \\(brute-force\\) on every frame"
               ${BENCH} run ${SCENES}/cylinder_ball.json -a sbv:narrow=exact -a sbv -a sbv:osh=svm,narrow=exact --frames 8 --repeat 1 --warmup 0 --verify)
cdlab_cli_exit2_test(sbv_tables_bad_scene "error: .*no_such.json: scene file not found"
                     ${BENCH} sbv-tables --repeat 1 --deforming ${DATA}/no_such.json)
cdlab_cli_exit2_test(sbv_bad_param "error: .*sbv.*osh.*"
                     ${BENCH} run ${SCENES}/cylinder_ball.json -a sbv:osh=magic --frames 1)

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
cdlab_cli_test(ldi_accuracy "two spheres \\(r 1, d 1\\) +64 +1\\.30900 +1\\.30[0-9]+ .*two boxes +128 +0\\.28000 +0\\.28000 .*sphere in a box +128 +1\\.43558 +1\\.435"
               ${BENCH} ldi-accuracy --resolutions 64 128)
cdlab_cli_exit2_test(ldi_missing_scene "error: .*no_such_scene.json: scene file not found"
                     ${BENCH} ldi ${DATA}/no_such_scene.json)
cdlab_cli_exit2_test(ldi_bad_resolution "--resolution: Value 3 not in range"
                     ${BENCH} ldi ${SCENES}/ldi_spheres.json --resolution 3)
