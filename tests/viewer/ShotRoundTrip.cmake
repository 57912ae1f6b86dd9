# The shot round trip (issue 44): an offscreen run saves a shot of its last frame (--save-shot); a second
# offscreen run opens that shot alone and must give the identical run report (less what differs between any
# two runs: timings, frames drawn while preparing, the screenshot's name and the status line) and the
# identical image.
#   cmake -DVIEWER=cdlab -DDIR=folder -DRUN1="args;..." -P tests/viewer/ShotRoundTrip.cmake
# RUN1 is the first run's arguments (algorithms, scene, --at ...); the runs present (no panels, whose
# timings differ) at 640x360.
file(MAKE_DIRECTORY "${DIR}")
file(REMOVE "${DIR}/shot.json" "${DIR}/first.json" "${DIR}/second.json" "${DIR}/first.png" "${DIR}/second.png")
set(common --offscreen --no-settings --frames 1)
execute_process(COMMAND "${VIEWER}" ${common} --present --size 640x360 --save-shot "${DIR}/shot.json"
                        --report "${DIR}/first.json" --screenshot "${DIR}/first.png" ${RUN1}
                RESULT_VARIABLE rc1 OUTPUT_QUIET ERROR_VARIABLE err1)
if(NOT rc1 EQUAL 0)
  message(FATAL_ERROR "first run exited ${rc1}: ${err1}")
endif()
execute_process(COMMAND "${VIEWER}" ${common} --report "${DIR}/second.json" --screenshot "${DIR}/second.png"
                        "${DIR}/shot.json"
                RESULT_VARIABLE rc2 OUTPUT_QUIET ERROR_VARIABLE err2)
if(NOT rc2 EQUAL 0)
  message(FATAL_ERROR "second run (the shot) exited ${rc2}: ${err2}")
endif()
foreach(run first second)
  file(READ "${DIR}/${run}.json" json)
  foreach(key fps frame_ms_median overhead_ms_median frames_while_preparing screenshot status)
    string(JSON json REMOVE "${json}" ${key})
  endforeach()
  set(${run} "${json}")
  file(SHA256 "${DIR}/${run}.png" ${run}_hash)
endforeach()
if(NOT first STREQUAL second)
  file(WRITE "${DIR}/first.cmp.json" "${first}")
  file(WRITE "${DIR}/second.cmp.json" "${second}")
  message(FATAL_ERROR "the reports differ: compare ${DIR}/first.cmp.json and ${DIR}/second.cmp.json")
endif()
if(NOT first_hash STREQUAL second_hash)
  message(FATAL_ERROR "the images differ: ${DIR}/first.png ${first_hash}, ${DIR}/second.png ${second_hash}")
endif()
string(LENGTH "${first}" bytes)
string(JSON views LENGTH "${first}" viewports)
message("shot round trip: identical report (${bytes} bytes, ${views} views) and image ${first_hash}")
