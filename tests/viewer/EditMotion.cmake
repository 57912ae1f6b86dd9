# The moved-body editor (issue 44, "your own motion"): two bundled meshes opened side by side, motionless
# (presentation mode: the views fill the window whatever the panels);
# scripted drags through the editor's mouse path (--drag: press on the tetrahedron, move, release) at two
# key times, then Set keyframe each time; a third turned drag keyed in between and deleted again with the
# Delete key; the scene saved (--save-scene) and run as it is by `cdlab-bench run`: the tetrahedron pushed
# into the vase at t 0 and pulled clear of it at t 1, so the first frame has contacts and the last none.
#   cmake -DVIEWER=cdlab -DBENCH=cdlab-bench -DSOURCE=repo -DDIR=folder -P tests/viewer/EditMotion.cmake
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(saved "${DIR}/edited.json")
execute_process(COMMAND "${VIEWER}" --offscreen --no-settings --present --size 960x540 --frames 3
                        --drag 0.42,0.6:0.6,0.45@0 --drag shift+0.6,0.45:0.6,0.3@0.5
                        --drag 0.6,0.45:0.15,0.7@1 --tap Delete --save-scene "${saved}"
                        "${SOURCE}/assets/vase.obj" "${SOURCE}/tests/data/import/tetrahedron.stl"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the viewer exited ${rc}: ${out}${err}")
endif()
foreach(expected "edit: dragged tetrahedron.stl by" "edit: keyframe tetrahedron.stl at t 0: [^\n]*, 1 keys"
                 "edit: turned tetrahedron.stl by [-0-9.]+ degrees" "at t 0.5: [^\n]*, 2 keys"
                 "edit: keyframe tetrahedron.stl at t 1: [^\n]*, 3 keys" "taps Delete: shortcuts acted on 1")
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "the viewer's output lacks '${expected}':\n${out}")
  endif()
endforeach()
# The saved scene: the vase still, the tetrahedron keyed at 0 and 1 (the key at 0.5 deleted), moving.
file(READ "${saved}" json)
string(JSON keys LENGTH "${json}" bodies 1 keyframes)
string(JSON t0 GET "${json}" bodies 1 keyframes 0 t)
string(JSON t1 GET "${json}" bodies 1 keyframes 1 t)
string(JSON x0 GET "${json}" bodies 1 keyframes 0 position 0)
string(JSON x1 GET "${json}" bodies 1 keyframes 1 position 0)
string(JSON mesh GET "${json}" bodies 1 mesh file)
if(NOT keys EQUAL 2 OR NOT t0 EQUAL 0 OR NOT t1 EQUAL 1 OR x0 STREQUAL x1)
  message(FATAL_ERROR "the saved keyframes are not the two keyed: ${keys} keys, t ${t0} ${t1}, x ${x0} ${x1}")
endif()
if(IS_ABSOLUTE "${mesh}")
  message(FATAL_ERROR "the mesh path is not relative to the saved file: ${mesh}")
endif()
# The bench runs it as it is: contacts in the first frame (the tetrahedron inside the vase), none in the last.
execute_process(COMMAND "${BENCH}" run "${saved}" -a bvh -r 1 -w 0 --csv "${DIR}/frames.csv"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cdlab-bench run ${saved} exited ${rc}: ${out}${err}")
endif()
file(STRINGS "${DIR}/frames.csv" rows)
list(GET rows 0 header)
list(GET rows 1 first)
list(GET rows -1 last)
string(REPLACE "," ";" header "${header}")
list(FIND header contact_pairs column)
string(REPLACE "," ";" first "${first}")
string(REPLACE "," ";" last "${last}")
list(GET first ${column} firstContacts)
list(GET last ${column} lastContacts)
list(LENGTH rows frames)
if(NOT firstContacts GREATER 0 OR NOT lastContacts EQUAL 0)
  message(FATAL_ERROR "expected contacts in the first frame and none in the last: ${firstContacts}, ${lastContacts}")
endif()
math(EXPR frames "${frames} - 1")
message("edited scene: tetrahedron keyed at t 0 and 1, ${frames} frames. contact pairs first ${firstContacts}, last ${lastContacts}")
