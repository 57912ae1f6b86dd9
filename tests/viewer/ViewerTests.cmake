# Viewer smoke tests: every bundled scene with all overlays for a few frames, two viewports, a screenshot;
# pass only when the viewer exits 0, saved the PNG and KHR_debug reported no GL error.
# Window runs go through Xvfb (GLX on llvmpipe); offscreen runs through EGL with no X server at all.
if(NOT TARGET cdlab)
  return()
endif()
find_program(XVFB_RUN xvfb-run)
set(VIEWER $<TARGET_FILE:cdlab>)
file(GLOB VIEWER_SCENES ${CMAKE_SOURCE_DIR}/scenes/*.json)
set(SHOTS ${CMAKE_BINARY_DIR}/screenshots)
file(MAKE_DIRECTORY ${SHOTS})
# What every smoke run prints: the screenshot saved, no GL error with the debug output proven on, and each of
# the two viewports (labelled with its parameters) drawing BVH nodes and covering at least 1 % of its pixels.
set(_covers "covers ([1-9]|[1-9][0-9]|100)\\.[0-9] % of its pixels\n")
# What each viewport drew is pinned per scene (tests/data/viewer_draws.txt): a change to what an overlay
# draws, or to the answers behind it, fails here.
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/data/viewer_draws.txt _draw_lines REGEX "^[a-z_]+\\|")
foreach(scene ${VIEWER_SCENES})
  get_filename_component(name ${scene} NAME_WE)
  set(_drew "")
  foreach(l ${_draw_lines})
    if(l MATCHES "^${name}\\|(.*)$")
      string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" _line "${CMAKE_MATCH_1}")
      string(APPEND _drew "${_line}\n")
    endif()
  endforeach()
  if(_drew STREQUAL "")
    message(FATAL_ERROR "tests/data/viewer_draws.txt has no lines for scenes/${name}.json")
  endif()
  set(SMOKE_REGEX "saved [^\n]*\\.png\n.*GL errors 0\nGL debug output on [^\n]*\n.*${_drew}viewport 0 \\(bvh\\) ${_covers}viewport 1 \\(bvh\\[bv=aabb\\]\\) ${_covers}")
  cdlab_output_test(viewer.offscreen.${name} 0 "${SMOKE_REGEX}"
                    ${VIEWER} --offscreen --frames 12 --overlays --algo bvh --algo bvh:bv=aabb
                    --screenshot ${SHOTS}/offscreen_${name}.png ${scene})
  set_tests_properties(viewer.offscreen.${name} PROPERTIES TIMEOUT 120)
  if(XVFB_RUN)
    cdlab_output_test(viewer.xvfb.${name} 0 "${SMOKE_REGEX}"
                      ${XVFB_RUN} -a -s "-screen 0 1280x720x24"
                      ${VIEWER} --frames 12 --overlays --algo bvh --algo bvh:bv=aabb
                      --screenshot ${SHOTS}/xvfb_${name}.png ${scene})
    set_tests_properties(viewer.xvfb.${name} PROPERTIES TIMEOUT 120 RESOURCE_LOCK xvfb)
    # The window path is the same code for every scene (the offscreen run above checks each scene under the
    # sanitizers): three families' scenes in the sanitizer suite, every scene in Release (slow label).
    if(NOT name MATCHES "^(default|doors|walk)$")
      set_tests_properties(viewer.xvfb.${name} PROPERTIES LABELS slow)
    endif()
  endif()
endforeach()
# Meshes given on the command line open side by side.
cdlab_output_test(viewer.offscreen.meshes 0 "saved [^\n]*\\.png\n.*GL errors 0\nGL debug output on .*viewport 0 \\(bvh\\) ${_covers}"
                  ${VIEWER} --offscreen --frames 3 --screenshot ${SHOTS}/offscreen_meshes.png
                  ${CMAKE_SOURCE_DIR}/assets/vase.obj ${CMAKE_SOURCE_DIR}/assets/vase.obj)
# A scene that fails to load: the error names file and field; the automated run exits 2.
cdlab_output_test(viewer.offscreen.bad_scene 2 "wrong_type.json: bodies\\[1\\].keyframes\\[0\\].t: expected a number"
                  ${VIEWER} --offscreen --frames 2 ${CMAKE_CURRENT_SOURCE_DIR}/data/wrong_type.json)
# A bad command line is bad input too: "error:", the option named, exit 2 (before any window opens).
cdlab_output_test(viewer.bad_option 2 "error: --frames: [^\n]*many" ${VIEWER} --offscreen --frames many)
# A failed load keeps the scene that was open: the error names file and field, the run ends on the old scene.
cdlab_output_test(viewer.offscreen.failed_load_keeps_scene 2
                  "wrong_type.json: bodies\\[1\\].keyframes\\[0\\].t.*scene cylinder and ball"
                  ${VIEWER} --offscreen --frames 6 ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json
                  --then ${CMAKE_CURRENT_SOURCE_DIR}/data/wrong_type.json)
# Settings persist: window size and overlays are read at start, last scene is written at exit.
cdlab_output_test(viewer.offscreen.settings_roundtrip 0
         "640x480.*\"lastScene\": \"[^\"]*cylinder_ball.json\".*\"bvhLevel\": 2"
         sh -c "printf '{\"window\": [640, 480], \"overlays\": {\"bvh\": true, \"bvhLevel\": 2}}' > \"$1\" && \"$0\" --offscreen --frames 2 --settings \"$1\" \"$2\" && cat \"$1\""
                 ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_settings_test.json ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)

# A malformed settings file (hand-edited): the error names the file and field, the run uses the defaults
# and exits 2, and the file survives as .bad (the settings written at exit would otherwise replace it).
# (The viewer's own exit code is echoed as "viewer exit=2" before the saved file is shown.)
cdlab_output_test(viewer.offscreen.settings_malformed 0
         "error: settings file [^\n]*viewer_settings_bad.json: overlays.bvhLevel: expected an integer.*\nviewer exit=2\n.*\"bvhLevel\": \"eight\""
         sh -c "rm -f \"$1.bad\" && printf '{\"overlays\": {\"bvhLevel\": \"eight\"}}' > \"$1\" && ( \"$0\" --offscreen --frames 2 --settings \"$1\" \"$2\" || echo \"viewer exit=$?\" ) && cat \"$1.bad\""
                 ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_settings_bad.json ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
# An offscreen run with the given overlay settings and a screenshot, on the doors: passes when it saves the
# PNG, prints `regex` (after the GL error count) and exits 0. The settings file is written afresh each run.
function(cdlab_viewer_doors_test name settings regex)
  cdlab_output_test(viewer.offscreen.${name} 0
                    "saved [^\n]*offscreen_${name}.png.*GL errors 0\nGL debug output on [^\n]*\n${regex}"
                    sh -c "v=\"$0\" && f=\"$2\" && printf '%s' \"$1\" > \"$f\" && shift 2 && exec \"$v\" --offscreen --settings \"$f\" \"$@\""
                    ${VIEWER} ${settings} ${CMAKE_BINARY_DIR}/viewer_${name}.json ${ARGN}
                    --screenshot ${SHOTS}/offscreen_${name}.png ${CMAKE_SOURCE_DIR}/scenes/doors.json)
endfunction()

# Node picking (redon2002 viewer part): Ctrl+click in the left viewport on a deep level of the moving door (the
# body the BVH overlay starts on) picks a node of its panel; the back-face-culling viewport describes its
# BM-cone (drawn as arrows), the plain one does not.
cdlab_viewer_doors_test(pick_bm_cone "{\"overlays\": {\"bvh\": true, \"bvhLevel\": 7, \"faceMotion\": true}}"
  "last frame t [^\n]*\nviewport 0 \\(rigid-ccd-bm\\) picked node [0-9]+, depth 7, [0-9]+ triangles?, BM-cone of [0-9]+ vectors?\nviewport 1 \\(rigid-ccd\\) picked node [0-9]+, depth 7, [0-9]+ triangles?\n"
  --frames 40 --algo rigid-ccd-bm --algo rigid-ccd --pick 0.4,0.6)
# Figure 1 of redon2002: the door translating away from the viewer (the scene's view; its own frames, the last
# one ending at t = 0.5, --at) with the forward faces filled, the backward ones in wireframe and the nodes of
# level 9 that the BM test culls; per level, the same counts as `cdlab-bench figure1 --at 0.5` (cli.figure1);
# the plain pipeline has no cones to draw.
cdlab_viewer_doors_test(figure1_at "{\"overlays\": {\"bvhLevel\": 9, \"bmLevel\": true, \"faceMotion\": true}}"
  "last frame t 0.466667 -> 0.5\nviewport 0 \\(rigid-ccd-bm\\) drew bm-level [1-9][0-9]* lines, forward-face [1-9][0-9]* triangles, backward-face [1-9][0-9]* lines\nviewport 0 \\(rigid-ccd-bm\\) BM test per level, culled/nodes: 0/1 0/2 0/4 0/8 0/16 1/32 4/64 12/128 42/256 116/512 292/1024 694/2048 1214/3324\nviewport 1 \\(rigid-ccd\\) drew forward-face [1-9][0-9]* triangles, backward-face [1-9][0-9]* lines\n"
  --frames 20 --at 0.5 --algo rigid-ccd-bm --algo rigid-ccd)
# The paper's panels a, b, c: three viewports at levels 7, 9 and 11 (--levels), each drawing its level's
# culled nodes (12, 116 and 694 boxes of 12 edges: the counts of figure1_at's per-level line).
cdlab_viewer_doors_test(figure1_levels "{\"overlays\": {\"bmLevel\": true, \"faceMotion\": true}}"
  "last frame t 0.466667 -> 0.5\nviewport 0 \\(rigid-ccd-bm\\) drew bm-level 144 lines[^\n]*\n[^\n]*\nviewport 1 \\(rigid-ccd-bm\\) drew bm-level 1392 lines[^\n]*\n[^\n]*\nviewport 2 \\(rigid-ccd-bm\\) drew bm-level 8328 lines"
  --frames 20 --at 0.5 --algo rigid-ccd-bm --algo rigid-ccd-bm --algo rigid-ccd-bm --levels 7,9,11)
# Times of contact (Next contact, automated by --seek-contact): the frames end where the first frame with a
# contact does (the moulding meets the handle at t 3.717233, in the frame 3.7 -> 3.73333); both continuous
# viewports report that contact by body and feature, and the time-of-contact overlay draws it.
cdlab_viewer_doors_test(seek_contact "{\"overlays\": {\"timeOfContact\": true}}"
  "last frame t 3.7 -> 3.73333\nviewport 0 \\(rigid-ccd-bm\\) first contact t 3.717233: static_door vertex 1375 / moving_door face 2244 \\(vertex/face\\)\nviewport 1 \\(rigid-ccd\\) first contact t 3.717233: static_door vertex 1375 / moving_door face 2244 \\(vertex/face\\)\n"
  --frames 2 --seek-contact --algo rigid-ccd-bm --algo rigid-ccd)
# A time outside the scene's range: the error names the option and the range; the automated run exits 2.
cdlab_output_test(viewer.offscreen.at_outside_range 2 "--at: 20 is outside the scene's time range \\[0, 13\\]"
                  ${VIEWER} --offscreen --frames 2 --at 20 ${CMAKE_SOURCE_DIR}/scenes/doors.json)

# The Preparing panel's Cancel (--cancel-then presses it once the preparation has drawn a frame): a cancelled
# load keeps the open scene; a cancelled algorithm change puts the viewport's previous algorithm back. The
# uncancelled change shows that --then-algo switches it. (A ';' would split the expression into a list of
# alternatives: '.' stands for it.)
cdlab_output_test(viewer.offscreen.cancel_load 0
                  "scene cylinder and ball\n[^\n]*GL errors 0\n.*viewports rigid-ccd-bm\nstatus loading cancelled. the scene is unchanged\n"
                  ${VIEWER} --offscreen --frames 6 --no-settings --algo rigid-ccd-bm
                  ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json --then ${CMAKE_CURRENT_SOURCE_DIR}/data/big_spheres.json --cancel-then)
set_tests_properties(viewer.offscreen.cancel_load PROPERTIES TIMEOUT 300)
foreach(cancel IN ITEMS "" "--cancel-then")
  if(cancel STREQUAL "")
    set(name switch_algorithm)
    set(expect "viewports rigid-ccd-bm\nstatus prepared 1 view")
  else()
    set(name cancel_switch_algorithm)
    set(expect "viewports bvh\nstatus preparation cancelled")
  endif()
  cdlab_output_test(viewer.offscreen.${name} 0 "scene two big spheres\n[^\n]*GL errors 0\n.*${expect}"
                    ${VIEWER} --offscreen --frames 6 --no-settings --algo bvh --then-algo rigid-ccd-bm ${cancel}
                    ${CMAKE_CURRENT_SOURCE_DIR}/data/big_spheres.json)
  set_tests_properties(viewer.offscreen.${name} PROPERTIES TIMEOUT 300)
endforeach()
# Big meshes are prepared in the background: the window keeps drawing the open scene (cylinder and ball)
# while the next scene's BM-cones (20K triangles, seconds) are built, then shows it; the automated frames
# count from when it is ready.
cdlab_output_test(viewer.offscreen.background_prepare 0
                  "scene two big spheres\n[^\n]*GL errors 0\n.*frames drawn while preparing in the background [1-9][0-9]*\n"
                  ${VIEWER} --offscreen --frames 6 --algo rigid-ccd-bm --screenshot ${SHOTS}/offscreen_background.png
                  ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json --then ${CMAKE_CURRENT_SOURCE_DIR}/data/big_spheres.json)
set_tests_properties(viewer.offscreen.background_prepare PROPERTIES TIMEOUT 300)

# Layout (issue 28): at 1280x720 and 800x600, with one, two and three viewports, before and after a resize
# to the other size, every panel lies inside the window, no two overlap and each view's panel lies inside its
# view (--print-layout checks the rectangles ImGui reports, ViewerLayout's layoutProblems). Screenshots of the
# default scene with overlays go to build/screenshots/layout_*.png.
foreach(size 1280x720 800x600)
  string(REPLACE "x" ";" wh ${size})
  list(GET wh 0 w)
  list(GET wh 1 h)
  if(size STREQUAL "1280x720")
    set(other 800,600)
    set(other_size 800x600)
  else()
    set(other 1280,720)
    set(other_size 1280x720)
  endif()
  foreach(n 1 2 3)
    set(algos --algo bvh)
    if(n GREATER 1)
      list(APPEND algos --algo rigid-ccd-bm)
    endif()
    if(n GREATER 2)
      list(APPEND algos --algo rigid-ccd)
    endif()
    cdlab_output_test(viewer.layout.${size}_${n}views 0
                      "GL errors 0\n.*layout window ${size}, ${n} viewports\n.*layout ok: [0-9]+ panels"
                      ${VIEWER} --offscreen --no-settings --frames 4 --width ${w} --height ${h} --overlays ${algos}
                      --print-layout --screenshot ${SHOTS}/layout_${size}_${n}.png ${CMAKE_SOURCE_DIR}/scenes/default.json)
    cdlab_output_test(viewer.layout.${size}_${n}views_resized 0
                      "GL errors 0\n.*layout window ${other_size}, ${n} viewports\n.*layout ok: [0-9]+ panels"
                      ${VIEWER} --offscreen --no-settings --frames 6 --width ${w} --height ${h} --overlays ${algos}
                      --resize ${other} --print-layout --screenshot ${SHOTS}/layout_${size}_${n}_to_${other_size}.png
                      ${CMAKE_SOURCE_DIR}/scenes/default.json)
    # The resized runs repeat the layout code of the plain ones at the other size, and one and two views
    # repeat what three views lay out: Release only (slow label) to keep the sanitizer suite within CI's time.
    set_tests_properties(viewer.layout.${size}_${n}views_resized PROPERTIES LABELS slow)
    if(n LESS 3)
      set_tests_properties(viewer.layout.${size}_${n}views PROPERTIES LABELS slow)
    endif()
  endforeach()
endforeach()
if(XVFB_RUN) # a real window resized by the window system
  cdlab_output_test(viewer.xvfb.layout_resized 0
                    "GL errors 0\n.*layout window 800x600, 2 viewports\n.*layout ok: [0-9]+ panels"
                    ${XVFB_RUN} -a -s "-screen 0 1280x720x24"
                    ${VIEWER} --no-settings --frames 8 --width 1280 --height 720 --algo bvh --algo rigid-ccd-bm
                    --resize 800,600 --print-layout ${CMAKE_SOURCE_DIR}/scenes/default.json)
  set_tests_properties(viewer.xvfb.layout_resized PROPERTIES RESOURCE_LOCK xvfb)
  # Ten taps of O within one frame step ten frames (ImGui 1.86's IsKeyPressed saw at most one of them):
  # delivered through the window's GLFW key callbacks, as a real key event is.
  cdlab_output_test(viewer.xvfb.quick_taps 0 "taps O\\*10,P: shortcuts acted on 11, single steps 10\n"
                    ${XVFB_RUN} -a -s "-screen 0 1280x720x24"
                    ${VIEWER} --no-settings --frames 4 --tap O*10,P ${CMAKE_SOURCE_DIR}/scenes/default.json)
  set_tests_properties(viewer.xvfb.quick_taps PROPERTIES RESOURCE_LOCK xvfb)
endif()
# A shot's open sections (issue 44): tests/data/shots/sections.json opens the walk's catch view on its Counters
# tab with the Overlays section folded; the shot saved after the run holds what the panels then showed.
cdlab_output_test(viewer.offscreen.shot_sections 0 "report ok: 3 fields\n"
  sh -c "rm -f \"$1\" && \"$0\" --offscreen --no-settings --frames 2 --save-shot \"$1\" \"$2\" && exec \"$3\" -DREPORT=\"$1\" -P \"$4\" sections.view0=true sections.view0/Overlays=false tabs.view0/tabs=Counters"
  ${VIEWER} ${CMAKE_BINARY_DIR}/shot_sections_saved.json ${CMAKE_SOURCE_DIR}/tests/data/shots/sections.json
  ${CMAKE_COMMAND} ${CMAKE_CURRENT_LIST_DIR}/CheckReport.cmake)
# Plain clicks (--click, issue 43): three views side by side at 1280x720 start with their View panels
# collapsed to the title bar (312x19 px); a click on view 2's title, not on its arrow, opens it (ImGui alone
# opens it only from the arrow or on a double click), and the opened panel of a narrow view closes again once
# the mouse has left it (--hover: the mouse rests in the picture after the click), as docs/VIEWER.md says.
set(_three_views --offscreen --no-settings --width 1280 --height 720 --print-layout --algo bvh --algo rigid-ccd
    --algo rigid-ccd-bm --click 0.625,0.044)
cdlab_output_test(viewer.offscreen.click_title_opens 0
                  "layout panel View 1 at [0-9]+,[0-9]+ size 312x19\nlayout panel View 2 at [0-9]+,[0-9]+ size 312x[1-9][0-9][0-9]+\n"
                  ${VIEWER} ${_three_views} --frames 6 ${CMAKE_SOURCE_DIR}/scenes/default.json)
cdlab_output_test(viewer.offscreen.click_title_then_mouse_out_closes 0
                  "layout panel View 1 at [0-9]+,[0-9]+ size 312x19\nlayout panel View 2 at [0-9]+,[0-9]+ size 312x19\n"
                  ${VIEWER} ${_three_views} --frames 8 --hover 0.5,0.6 ${CMAKE_SOURCE_DIR}/scenes/default.json)
# Help > Tours > BVH culling by three clicks (the menu, its Tours item, the tour in the submenu) opens the
# tour on its first step.
cdlab_output_test(viewer.offscreen.click_help_tours 0 "tour BVH culling: step 1 of 6: "
                  ${VIEWER} --offscreen --no-settings --width 1280 --height 720 --frames 12 --click 0.088,0.013
                  --click 0.09,0.069 --click 0.456,0.094 ${CMAKE_SOURCE_DIR}/scenes/default.json)
cdlab_output_test(viewer.offscreen.click_odd_values_refused 2 "--click: expected X,Y pairs"
                  ${VIEWER} --offscreen --no-settings --frames 2 --click 0.5,0.5,0.5 ${CMAKE_SOURCE_DIR}/scenes/default.json)
cdlab_output_test(viewer.offscreen.click_out_of_range_refused 2 "--click: expected X,Y pairs \\(fractions of the window\\), e.g. 0.5,0.04, not '1.5,0.5'"
                  ${VIEWER} --offscreen --no-settings --frames 2 --click 1.5,0.5 ${CMAKE_SOURCE_DIR}/scenes/default.json)
# Typing (--type, --key, issues 43 and 44), in order with the clicks, two frames each: File > Open (the menu, its
# Open... item at 1280x720), a bundled scene's path typed into the dialog's path field (it has the keyboard
# focus when the dialog opens) and Enter opens that scene.
cdlab_output_test(viewer.offscreen.type_open_enter 0 "scene two doors\n.*GL errors 0\n.*status loaded [^\n]*scenes/doors\\.json"
                  ${VIEWER} --offscreen --no-settings --width 1280 --height 720 --frames 20 --click 0.015,0.013
                  --click 0.027,0.046 --type ${CMAKE_SOURCE_DIR}/scenes/doors.json --key Enter
                  ${CMAKE_SOURCE_DIR}/scenes/default.json)
# File > Save shot...: the typed path replaces the proposed "shot.json" (selected when the prompt opens) and
# Enter saves there; the shot then reopens with its scene and its view's algorithm (rigid-ccd-bm, not the
# default bvh). Only the reopening run's output is matched.
cdlab_output_test(viewer.offscreen.type_save_shot_enter 0 "scene two doors\n.*viewports rigid-ccd-bm\n"
                  sh -c "rm -f \"$1\" && \"$0\" --offscreen --no-settings --width 1280 --height 720 --frames 14 --click 0.015,0.013 --click 0.027,0.117 --type \"$1\" --key Enter --algo rigid-ccd-bm \"$2\" > /dev/null 2>&1 && exec \"$0\" --offscreen --no-settings --frames 2 \"$1\""
                  ${VIEWER} ${CMAKE_BINARY_DIR}/typed_shot.json ${CMAKE_SOURCE_DIR}/scenes/doors.json)
# A typed path that is no file: the error panel names it, the viewer keeps the scene it had (exit 2: a failed
# load in an automated run).
cdlab_output_test(viewer.offscreen.type_open_bad_path 2
                  "error: [^\n]*no_such_scene\.json: scene file not found\n.*scene cylinder and ball\n"
                  ${VIEWER} --offscreen --no-settings --width 1280 --height 720 --frames 18 --click 0.015,0.013
                  --click 0.027,0.046 --type ${CMAKE_SOURCE_DIR}/scenes/no_such_scene.json --key Enter
                  ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
cdlab_output_test(viewer.offscreen.key_unknown_refused 2 "error: --key: 'Return' is no key name. use one of Enter, Escape, Tab"
                  ${VIEWER} --offscreen --no-settings --frames 2 --key Return ${CMAKE_SOURCE_DIR}/scenes/default.json)
# Inputs that do not fit in the run's frames are refused, not dropped: 4 frames leave the middle frame and one
# more, room for one click (pressed, released), not two.
cdlab_output_test(viewer.offscreen.inputs_past_last_frame_refused 2 "error: --frames: 4: the 2 --click/--type/--key inputs take two frames each from the middle frame on. the last would need frame 6"
                  ${VIEWER} --offscreen --no-settings --frames 4 --click 0.1,0.1 --click 0.2,0.2 ${CMAKE_SOURCE_DIR}/scenes/default.json)
cdlab_output_test(viewer.offscreen.type_control_refused 2 "error: --type: 'a\tb': expected printable text \\(Enter, Tab and other keys: --key NAME\\)"
                  ${VIEWER} --offscreen --no-settings --frames 2 --type "a\tb" ${CMAKE_SOURCE_DIR}/scenes/default.json)
# Offscreen: the ten steps are taken, the frames after them start ten scene frames later (the default
# scene's frames are 0.0504 s: --at 2 lands on the grid time 2.01681 that ends the frame containing 2, and
# the last frame ends ten grid frames after it, at 2.52101).
cdlab_output_test(viewer.offscreen.quick_taps 0 "last frame t 2.47059 -> 2.52101\n.*taps O\\*10: shortcuts acted on 10, single steps 10\n"
                  ${VIEWER} --offscreen --no-settings --frames 4 --at 2 --tap O*10 ${CMAKE_SOURCE_DIR}/scenes/default.json)
cdlab_output_test(viewer.bad_tap_count 2 "error: --tap: 'O\\*10x' is no shortcut key"
                  ${VIEWER} --offscreen --no-settings --frames 2 --tap O*10x ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
cdlab_output_test(viewer.bad_tap 2 "error: --tap: 'Q' is no shortcut key"
                  ${VIEWER} --offscreen --no-settings --frames 2 --tap Q ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
# The legend lists exactly the categories drawn on the frame, from the same per-category counts as the
# "drew" line: Fig. 1 on the doors (BM-culled level, faces moving forwards and backwards) and the default
# scene's discrete contacts (with the bvh view's recommended boxes of level 4).
cdlab_viewer_doors_test(legend_figure1 "{\"overlays\": {\"bvhLevel\": 9, \"bmLevel\": true, \"faceMotion\": true, \"timeOfContact\": false}}"
  "last frame t [^\n]*\nviewport 0 \\(rigid-ccd-bm\\) drew bm-level [1-9][0-9]* lines, forward-face [1-9][0-9]* triangles, backward-face [1-9][0-9]* lines\n.*viewport 0 \\(rigid-ccd-bm\\) legend: bm-level, forward-face, backward-face\n"
  --frames 20 --at 0.5 --algo rigid-ccd-bm)
cdlab_output_test(viewer.offscreen.legend_contacts 0
                  "viewport 0 \\(bvh\\) drew bvh-node [1-9][0-9]* lines, triangle-hit [1-9][0-9]* triangles, contact [1-9][0-9]* lines, contact [1-9][0-9]* points\n.*viewport 0 \\(bvh\\) legend: bvh-node, triangle-hit, contact\n"
                  ${VIEWER} --offscreen --no-settings --frames 6 --algo bvh ${CMAKE_SOURCE_DIR}/scenes/default.json)

# The link tree (Scene panel): selecting a link (--select, as clicking it does) names its chain from the
# model's base; catch's overlays draw swept boxes, link OBBs, PCL ghosts and the dynamic hierarchy (and, in a
# frame with a contact, the time of contact and the other links then).
cdlab_output_test(viewer.offscreen.select_link 0
  "drew bvh-node [0-9]+ lines, (time-of-contact [^\n]*, )?swept-box 120 lines, link-obb 240 lines, (pcl [0-9]+ lines, )?pcl [0-9]+ meshes, link-bvh [0-9]+ lines(, toc-pose [0-9]+ meshes)?\n.*selected chain/car9: chain chain: base > car0 > car1 > car2 > car3 > car4 > car5 > car6 > car7 > car8 > car9\n"
  ${VIEWER} --offscreen --frames 6 --overlays --algo catch --algo catch:bounds=interval --select chain/car9
  --screenshot ${SHOTS}/offscreen_select_link.png ${CMAKE_CURRENT_SOURCE_DIR}/data/chain10.json)
cdlab_output_test(viewer.offscreen.select_unknown 2 "--select: no object 'chain/car99' \\(the scene has post, chain/car0"
  ${VIEWER} --offscreen --frames 2 --select chain/car99 ${CMAKE_CURRENT_SOURCE_DIR}/data/chain10.json)

# CATCH's teaching views (issue 30), one catch view (its panel open) on the frame of the scene's first contact
# (--seek-contact). The Fig. 6 section draws a bar per potentially colliding link pair - the summary says "a
# bar each" only when the bars drawn match the pairs the algorithm reported - one of them the pair that gave
# the TOC; the step-through's slider runs over every iteration of that pair's conservative advancement and the
# 3-D view draws the chosen one (both links as ghosts, the legend's "advance-step" line). On the exercise
# (hand meets foot) the other PCLs' lower bounds cull them without any advancement.
set(_fates "culled [0-9]+, abandoned [0-9]+, free [0-9]+, contact [0-9]+, toc 1\\), TOC [0-9.]+")
foreach(scene walk exercise)
  if(scene STREQUAL "exercise")
    set(_bars "[2-9] PCLs, a bar each \\(culled [1-9]")
  else()
    set(_bars "[1-9][0-9]* PCLs?, a bar each \\(")
  endif()
  cdlab_output_test(viewer.offscreen.catch_${scene} 0
    "saved [^\n]*offscreen_catch_${scene}.png\n.*GL errors 0\n.*legend: [^\n]*pcl[^\n]*, advance-step\nviewport 0 \\(catch\\) temporal culling: ${_bars}[^\n]*toc 1\\), TOC [0-9.]+\nviewport 0 \\(catch\\) step-through: the slider over (all [1-9][0-9]* iterations|its 1 iteration), iteration 1: t [^\n]*, drew 2 ghosts\n"
    ${VIEWER} --offscreen --no-settings --frames 2 --seek-contact --algo catch
    --screenshot ${SHOTS}/offscreen_catch_${scene}.png ${CMAKE_SOURCE_DIR}/scenes/${scene}.json)
endforeach()
# A frame without PCLs (the walk's first stride, feet clear of everything): the section says so, and the
# step-through has nothing to step through.
cdlab_output_test(viewer.offscreen.catch_no_pcls 0
  "viewport 0 \\(catch\\) temporal culling: 0 PCLs, \"no PCLs this frame\" \\(culled 0, abandoned 0, free 0, contact 0, toc 0\\), no TOC\nviewport 0 \\(catch\\) step-through: no iterations this frame\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 0.5 --algo catch ${CMAKE_SOURCE_DIR}/scenes/walk.json)
# At 800x600 the sections still draw every bar inside a layout that holds.
cdlab_output_test(viewer.layout.catch_800x600 0
  "viewport 0 \\(catch\\) temporal culling: [1-9][0-9]* PCLs?, a bar each [^\n]*\n.*layout ok: [0-9]+ panels"
  ${VIEWER} --offscreen --no-settings --frames 2 --seek-contact --width 800 --height 600 --algo catch
  --print-layout --screenshot ${SHOTS}/layout_catch_800x600.png ${CMAKE_SOURCE_DIR}/scenes/exercise.json)
# Compare (issue 30: catch is continuous now): catch's time of contact beside articulated-reference's on the
# walk's first contact frame - the same pair, the times less than a millisecond apart - and the
# discrete view compared with no continuous one.
cdlab_output_test(viewer.offscreen.compare_catch_reference 0
  "compare first TOC: [0-9]+\\.[0-9]+ \\| [0-9]+\\.[0-9]+ \\| -\ncompare same contacts: yes \\| (yes|dt [0-9]e-0[4-9]) \\| yes\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --seek-contact --algo catch --algo articulated-reference
  --algo bvh ${CMAKE_SOURCE_DIR}/scenes/walk.json)
# A view whose algorithm refuses the scene (issue 42: rigid-ccd on an arm whose joints swing its hand) says
# why, and its Compare cells read "refused", not "free"; catch, beside it, finds the hand meeting the post.
cdlab_output_test(viewer.offscreen.compare_refused 0
  "viewport 1 \\(rigid-ccd\\) error: [^\n]*arm_swing.json: articulated\\[0\\]: rigid-ccd does not follow articulated motion: [^\n]*use catch or articulated-reference\n.*compare first TOC: 0\\.[0-9]+ \\| refused\ncompare same contacts: yes \\| refused\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --algo catch --algo rigid-ccd
  ${CMAKE_CURRENT_SOURCE_DIR}/data/arm_swing.json)
# The step-through's slider moved to its last iteration (--step catch=K past the last): there the links are within
# the distance threshold (epsilon 0.001), nothing more to advance (mu and d / mu printed as 0).
cdlab_output_test(viewer.offscreen.catch_step_last 0
  "viewport 0 \\(catch\\) step-through: the slider over all ([2-9]|[1-9][0-9]+) iterations, iteration ([2-9]|[1-9][0-9]+): t [0-9.]+, d (0|0\\.000[0-9]+|[0-9.]+e-[0-9]+), mu 0, dt 0, drew 2 ghosts\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --seek-contact --algo catch --step catch=1000
  --screenshot ${SHOTS}/offscreen_catch_step_last.png ${CMAKE_SOURCE_DIR}/scenes/walk.json)
# --step NAME=K: K below the family's first index, a family without a step-through, not NAME=K at all.
cdlab_output_test(viewer.bad_step 2 "error: --step: '0' for catch is not an integer in \\[1, 1000000\\]"
  ${VIEWER} --offscreen --no-settings --frames 2 --step catch=0 ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
cdlab_output_test(viewer.bad_step_family 2 "error: --step: no step-through named 'ldi' \\(families with one: catch, sbv, traversal\\)"
  ${VIEWER} --offscreen --no-settings --frames 2 --step ldi=1 ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
cdlab_output_test(viewer.bad_step_form 2 "error: --step: 'catch' is not FAMILY=K"
  ${VIEWER} --offscreen --no-settings --frames 2 --step catch ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
# A bar's tooltip (the mouse resting on the exercise's first bar, --hover): the pair with the lowest bound is
# the one that gave the TOC, the hand reaching the other side's foot.
cdlab_output_test(viewer.offscreen.catch_bar_tooltip 0
  "viewport 0 \\(catch\\) tooltip PCL 1 of [2-9] by lower bound: athlete/hand_[lr] / athlete/foot_[lr]\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --seek-contact --algo catch --hover 0.785,0.6
  ${CMAKE_SOURCE_DIR}/scenes/exercise.json)
# SBV's teaching views (issue 31): one sbv view on knot_teapot where the knot enters the teapot (t 2). The
# pairs section lists the pair whose boxes overlap with CSBV's outcome and its kept triangles ("1 of 1
# listed" only when the panel listed every pair the algorithm reported); the step-through's slider runs over
# every recorded round (0: the full SBVs' overlap, then each shrinking round) and --step sbv=1 draws round 1
# in the 3-D view (its region and kept triangles, the legend's "sbv-round" line).
cdlab_output_test(viewer.offscreen.sbv_knot_teapot 0
  "saved [^\n]*offscreen_sbv_knot_teapot.png\n.*GL errors 0\n.*legend: sbv, osh, overlap-region, triangle-kept, sbv-round\nviewport 0 \\(sbv\\) sbv pairs: 1 of 1 listed. teapot / knot: overlap region, kept [1-9][0-9]* of 17758 triangles \\([0-9.]+ % culled\\), [2-9] shrinking rounds\nviewport 0 \\(sbv\\) sbv step-through: teapot / knot, the slider over rounds 0-[2-9] \\(all recorded\\), round 1: 8 half-spaces, region [4-9] faces, kept [1-9][0-9]* \\+ [1-9][0-9]* triangles\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 2 --algo sbv --step sbv=1
  --screenshot ${SHOTS}/offscreen_sbv_knot_teapot.png ${CMAKE_SOURCE_DIR}/scenes/knot_teapot.json)
# Past the last round (--step sbv=1000) the slider stops at the last one, the final region: cylinder_ball in
# the grid frame containing t 2 (1.9798 -> 2.0202) shrinks twice, the ball's kept triangles falling from 754
# to 529. With osh=svm the SVM's support
# vectors are drawn and the legend says so.
cdlab_output_test(viewer.offscreen.sbv_step_last 0
  "viewport 0 \\(sbv\\) sbv step-through: cylinder / ball, the slider over rounds 0-2 \\(all recorded\\), round 2: 8 half-spaces, region 8 faces, kept 476 \\+ 529 triangles\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 2 --algo sbv --step sbv=1000
  ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
cdlab_output_test(viewer.offscreen.sbv_support_vectors 0
  "GL errors 0\n.*drew [^\n]*support-vector [1-9][0-9]* points[^\n]*\n.*legend: sbv, osh, support-vector, overlap-region, triangle-kept, sbv-round\nviewport 0 \\(sbv\\[osh=svm\\]\\) sbv pairs: 1 of 1 listed. cylinder / ball: overlap region"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 2 --algo sbv:osh=svm
  --screenshot ${SHOTS}/offscreen_sbv_support_vectors.png ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
# Before the ball reaches the cylinder no pair's boxes overlap: both sections say so.
cdlab_output_test(viewer.offscreen.sbv_no_pairs 0
  "viewport 0 \\(sbv\\) sbv pairs: none this frame\nviewport 0 \\(sbv\\) sbv step-through: no pairs this frame\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 0.5 --algo sbv ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
cdlab_output_test(viewer.bad_sbv_step 2 "error: --step: '-1' for sbv is not an integer in \\[0, 1000000\\]"
  ${VIEWER} --offscreen --no-settings --frames 2 --step sbv=-1 ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
# The Scene panel's closedness of each body's mesh (issue 32: the LDI query needs closed meshes): Newell's
# teapot is open (spout tip, lid gap), the torus knot closed.
cdlab_output_test(viewer.offscreen.scene_surfaces 0
  "GL errors 0\n.*scene surfaces: teapot open[^\n]* [1-9][0-9]* [^\n]*. knot closed, outward\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 2 --algo sbv
  --screenshot ${SHOTS}/offscreen_scene_surfaces.png ${CMAKE_SOURCE_DIR}/scenes/knot_teapot.json)
# The LDI views (issue 32): two unit spheres 0.946 apart at t 1.98305 (the grid frame --at 1.98 lands on,
# frame 39 of 59), whose lens has the closed-form volume pi (4 + d) (2 - d)^2 / 12 = 1.439.
# The pairs section prints the pair's numbers (the volume within 1 % of the lens), the teaching view the kept
# row (the default, the window's middle) with the pixels inside A, B and both; the 3-D view draws Q and the
# depth columns, the legend says so.
cdlab_output_test(viewer.offscreen.ldi_panels 0
  "saved [^\n]*offscreen_ldi_panels.png\n.*GL errors 0\n.*drew ldi-box 13 lines, ldi-region [1-9][0-9]* lines\n.*legend: ldi-box, ldi-region\nviewport 0 \\(ldi\\) ldi pairs: 1 of 1 listed. left / right: volume 1\\.4[2-5][0-9]*, footprint [0-9.]+, max depth 1\\.0[0-9]*, [1-9] layers, [1-9][0-9]* of [1-9][0-9]* fragments, 512 x 512 pixels of 0\\.00391\nviewport 0 \\(ldi\\) ldi row 256 of left / right: pixels [0-9]+-[0-9]+ with fragments, [1-9][0-9]* inside A, [1-9][0-9]* inside B, [1-9][0-9]* inside both\n.*scene surfaces: left closed, outward. right closed, outward\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 1.98 --algo ldi
  --screenshot ${SHOTS}/offscreen_ldi_panels.png ${CMAKE_SOURCE_DIR}/scenes/ldi_spheres.json)
# Hovering the teaching view (the CPU ray caster, row at a quarter of the height): the column's fragments in
# depth order with body and entry or exit, as the tooltip lists them. A ray there starts inside A (the sphere
# reaches in front of Q), enters B and leaves A.
cdlab_output_test(viewer.offscreen.ldi_row_hover 0
  "viewport 0 \\(ldi\\[backend=cpu,row=0.25\\]\\) ldi row 128 of left / right: pixels [0-9]+-[0-9]+ with fragments, [1-9][0-9]* inside A, [1-9][0-9]* inside B, [1-9][0-9]* inside both. hovered pixel [0-9]+ of row 128. inside at z0: A 1, B 0. z [0-9.]+  B entry. z [0-9.]+  A exit. inside both: [0-9.]+-[0-9.]+\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 1.98 --algo ldi:backend=cpu,row=0.25 --hover 0.9,0.8
  --screenshot ${SHOTS}/offscreen_ldi_row_hover.png ${CMAKE_SOURCE_DIR}/scenes/ldi_spheres.json)
# Before the spheres meet no pair is queried: both sections say so.
cdlab_output_test(viewer.offscreen.ldi_no_pairs 0
  "viewport 0 \\(ldi\\) ldi pairs: none this frame\nviewport 0 \\(ldi\\) ldi row: no pairs this frame\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 0.2 --algo ldi ${CMAKE_SOURCE_DIR}/scenes/ldi_spheres.json)

# The run report as JSON (--report FILE.json): the facts of the lines above as fields, per viewport and per
# family, that tests read (tests/viewer/CheckReport.cmake: PATH=REGEX per field) instead of matching stdout.
# cdlab_viewer_report_test(name "viewer arguments" PATH=REGEX...): an offscreen run writing the report, then
# the check of each field.
function(cdlab_viewer_report_test name args)
  cdlab_output_test(viewer.report.${name} 0 "report ok: [0-9]+ fields\n"
    sh -c "v=\"$0\" a=\"$1\" r=\"$2\" c=\"$3\" s=\"$4\" && shift 4 && rm -f \"$r\" && \"$v\" --offscreen --no-settings --report \"$r\" $a && exec \"$c\" -DREPORT=\"$r\" -P \"$s\" \"$@\""
    ${VIEWER} "${args}" ${CMAKE_BINARY_DIR}/viewer_report_${name}.json ${CMAKE_COMMAND}
    ${CMAKE_CURRENT_LIST_DIR}/CheckReport.cmake ${ARGN})
  set_tests_properties(viewer.report.${name} PROPERTIES TIMEOUT 120)
endfunction()
# CATCH on the walk's first contact frame: the run's facts, catch's sections (the slider over every
# iteration and at the last one, where the links are within the distance threshold: mu and dt 0) and its
# legend line.
cdlab_viewer_report_test(catch
  "--frames 2 --seek-contact --algo catch --step catch=1000 ${CMAKE_SOURCE_DIR}/scenes/walk.json"
  "frames=2" "gl_errors=0" "gl_debug_output=true" "scene=[^ ].*" "viewports.0.label=catch"
  "viewports.0.first_contacts.0.t=[0-9.]+" "viewports.0.coverage=0\\.[0-9]+"
  "viewports.0.legend=.*\"advance-step\".*" "viewports.0.families.catch.pcls=[1-9][0-9]*"
  "viewports.0.families.catch.toc=[0-9.]+" "viewports.0.families.catch.step_through.mu=0(\\.0)?"
  "viewports.0.families.catch.step_through.dt=0(\\.0)?" "viewports.0.families.catch.step_through.ghosts=2"
  "viewports.0.families.catch.step_through.iterations=([2-9]|[1-9][0-9]+)"
  "viewports.0.families.catch.lines.1=step-through: the slider over all [0-9]+ iterations, .*"
  "viewports.0.counters.pcls_advanced=[0-9]+" "frames_while_preparing=[0-9]+" "status=.*"
  "viewports.0.families.catch.convex_pieces=null")
# The convex pieces overlay (issue 42, zhang2007 sec. 4), on with --overlays: the selected link's surface
# decomposition from the scene's mesh data cache, every piece drawn in its colour and piece 0's hull; the
# exercise's left thigh decomposes into 33 pieces, as the engine's SurfaceDecomposition of that mesh gives
# (ConvexPiecesTest.ExerciseThighCount pins the same count from the engine). The catch:distance=hulls view
# takes the tree its algorithm built (shared: the cache held it), not one of its own.
cdlab_viewer_report_test(convex_pieces
  "--frames 2 --at 1 --overlays --algo catch --algo catch:distance=hulls --select athlete/thigh_l ${CMAKE_SOURCE_DIR}/scenes/exercise.json"
  "gl_errors=0" "viewports.0.legend=.*\"convex-pieces\".*"
  "viewports.0.families.catch.convex_pieces.object=athlete/thigh_l"
  "viewports.0.families.catch.convex_pieces.pieces=33" "viewports.0.families.catch.convex_pieces.piece=0"
  "viewports.0.families.catch.convex_pieces.triangles=[1-9][0-9]*"
  "viewports.0.families.catch.convex_pieces.hull_vertices=([4-9]|[1-9][0-9]+)"
  "viewports.0.families.catch.convex_pieces.drawn=true"
  "viewports.1.families.catch.convex_pieces.pieces=33" "viewports.1.families.catch.convex_pieces.shared=true"
  "viewports.0.families.catch.convex_pieces.hovered=false"
  "viewports.0.families.catch.lines.2=convex pieces: athlete/thigh_l, 33 pieces, piece 0: [0-9]+ triangles, hull [0-9]+ vertices")
# The mouse resting on the torso in the 3-D view (--hover; the camera frames the scene as every run does):
# the piece under it is the one whose hull is drawn, the panel and the report say so.
cdlab_viewer_report_test(convex_pieces_hover
  "--frames 3 --at 1 --overlays --width 1000 --height 700 --hover 0.45,0.31 --algo catch --select athlete/torso ${CMAKE_SOURCE_DIR}/scenes/exercise.json"
  "viewports.0.families.catch.convex_pieces.hovered=true" "viewports.0.families.catch.convex_pieces.piece=[0-9]+"
  "viewports.0.families.catch.lines.2=convex pieces: athlete/torso, [0-9]+ pieces, piece [0-9]+ \\(under the mouse\\): .*")
# Through a settings file (the row's key), with a screenshot to look at: the pieces on the walker's torso.
cdlab_output_test(viewer.offscreen.convex_pieces_settings 0
  "saved [^\n]*offscreen_convex_pieces.png.*GL errors 0\n.*viewport 0 \\(catch\\) legend: convex-pieces\n.*viewport 0 \\(catch\\) convex pieces: athlete/torso, [1-9][0-9]* pieces, piece 0: "
  sh -c "v=\"$0\" && f=\"$1\" && printf '%s' '{\"overlays\": {\"convexPieces\": true, \"sweptBoxes\": false, \"pcls\": false, \"tocPose\": false, \"timeOfContact\": false}}' > \"$f\" && shift 2 && exec \"$v\" --offscreen --settings \"$f\" \"$@\""
  ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_convex_pieces_settings.json x --frames 2 --at 1 --algo catch --select athlete/torso
  --screenshot ${SHOTS}/offscreen_convex_pieces.png ${CMAKE_SOURCE_DIR}/scenes/exercise.json)
# Side by side (panels start collapsed: catch's sections are not drawn, and the report says so with null):
# the Compare panel's cells, catch's time of contact beside articulated-reference's, none for bvh.
cdlab_viewer_report_test(compare
  "--frames 2 --seek-contact --algo catch --algo articulated-reference --algo bvh ${CMAKE_SOURCE_DIR}/scenes/walk.json"
  "viewports.1.label=articulated-reference" "viewports.2.label=bvh" "viewports.0.families.catch.bars_drawn=null"
  "compare.first_toc.0=[0-9]+\\.[0-9]+" "compare.first_toc.1=[0-9]+\\.[0-9]+" "compare.first_toc.2=-"
  "compare.same_contacts.0=yes" "compare.same_contacts.1=(yes|dt [0-9]e-0[4-9])")
# Compare that shows the difference (issue 43): "-" for a counter an algorithm does not report (FCL's
# conservative advancement counts no BV tests; a bvh view no edge/edge tests), the default series chosen from
# what the views report (bv_tests, the one counter most of them keep), the CSV of the series a column per
# view and a row per run.
cdlab_viewer_report_test(compare_unreported
  "--frames 6 --algo bvh --algo rigid-ccd --algo fcl-ca ${CMAKE_SOURCE_DIR}/scenes/bullets.json"
  "compare.counters.2.bv_tests=-" "compare.counters.2.contacts=[0-9]+" "compare.counters.0.ee_tests=-"
  "compare.counters.1.ee_tests=[0-9]+" "compare.counters.0.bv_tests=[1-9][0-9]*" "compare.series=bv_tests"
  "compare.csv_header=run,view 1: bvh bv_tests,view 2: rigid-ccd bv_tests,view 3: fcl-ca bv_tests"
  "compare.csv_rows=6")
# Two LDI views default to a counter they do (not bv_tests, a flat 0 for them); rigid-ccd beside
# rigid-ccd-bm on the doors to a counter both do some of that differs between them (not bm_tests: 0 for
# rigid-ccd, no ratio line).
cdlab_viewer_report_test(compare_default_ldi
  "--frames 3 --at 1.98 --algo ldi --algo ldi:resolution=256 ${CMAKE_SOURCE_DIR}/scenes/ldi_spheres.json"
  "compare.series=ldi_[a-z]+" "compare.counters.0.bv_tests=0")
cdlab_viewer_report_test(compare_default_bm
  "--frames 12 --algo rigid-ccd --algo rigid-ccd-bm ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "compare.series=(ee|vf|fv|bv)_tests" "compare.counters.0.bm_nested=-" "compare.counters.1.bm_nested=[0-9]+")
# A View panel per algorithm (issue 43): the View tab lists only the overlays the view's algorithm can draw
# (a bvh view had "time of contact" and "swept link boxes" greyed but ticked), in the table's order.
cdlab_viewer_report_test(view_panel_overlays
  "--frames 2 --algo bvh --algo rigid-ccd-bm --algo ldi ${CMAKE_SOURCE_DIR}/scenes/bullets.json"
  "viewports.0.overlays_listed=\\[[^a-z]*seeThroughBodies[^a-z]*bvh[^a-z]*bvhOnlyOverlapped[^a-z]*bvhCulled[^a-z]*colourByDepth[^a-z]*hitTriangles[^a-z]*contacts[^a-z]*\\]"
  "viewports.1.overlays_listed=.*\"bmCulled\".*\"bmLevel\".*\"timeOfContact\".*"
  "viewports.2.overlays_listed=\\[[^a-z]*seeThroughBodies[^a-z]*ldiBox[^a-z]*ldiRegion[^a-z]*\\]")
# Recommended overlays per algorithm (issue 43): with the table's defaults (no settings) a rigid-ccd-bm view
# opens on redon2002's Figure 1 at level 9 (the culled nodes of the level, faces forwards filled and backwards
# in wireframe: 116 boxes of 12 edges), a rigid-ccd view beside it keeps the defaults; overlays the user
# chose (--overlays here) stay.
cdlab_viewer_report_test(recommended_overlays
  "--frames 20 --at 0.5 --algo rigid-ccd-bm --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.0.drew=bm-level 1392 lines, forward-face [1-9][0-9]* triangles, backward-face [1-9][0-9]* lines"
  "viewports.0.recommended=redon2002 Fig. 1 .*" "viewports.1.legend=\\[[ ]*\\]"
  "viewports.1.recommended=the swept boxes tested at level 4.*")
# Every family's first-time picture (issue 43), registered beside its overlay rows: the bvh view the body's
# boxes at level 4 (192 edges: 16 boxes), the rigid-ccd view the swept boxes its descent tested at level 4,
# overlapped and culled, at the doors' first contact; the ldi and sbv views the region inside the bodies,
# drawn see-through.
cdlab_viewer_report_test(recommended_overlays_bvh
  "--frames 2 --seek-contact --algo bvh --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.0.drew=bvh-node 192 lines, .*" "viewports.0.recommended=the chosen body's boxes at level 4"
  "viewports.1.drew=bv-overlap [1-9][0-9]* lines, bv-separated [1-9][0-9]* lines, .*time-of-contact .*")
cdlab_viewer_report_test(recommended_overlays_ldi
  "--frames 2 --at 1.98 --algo ldi --algo sbv ${CMAKE_SOURCE_DIR}/scenes/ldi_spheres.json"
  "viewports.0.overlays_on=.*\"seeThroughBodies\".*\"ldiRegion\".*"
  "viewports.0.drew=ldi-box 13 lines, ldi-region [1-9][0-9]* lines"
  "viewports.1.overlays_on=.*\"seeThroughBodies\".*\"overlapRegion\".*" "viewports.1.recommended=both SBVs.*")
cdlab_viewer_report_test(recommended_overlays_user_choice
  "--frames 20 --at 0.5 --overlays --algo rigid-ccd-bm ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.0.drew=bvh-node .*")
# One key (V, or View > Recommended overlays, or the View panel's "recommended" button) brings a view back to
# its algorithm's picture after the user's own choice: redon2002's Figure 1 in one click.
cdlab_viewer_report_test(recommended_overlays_key
  "--frames 20 --at 0.5 --overlays --tap V --algo rigid-ccd-bm ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.0.drew=bm-level 1392 lines, forward-face [1-9][0-9]* triangles, backward-face [1-9][0-9]* lines"
  "taps.shortcuts_acted_on=1")
# The same by one plain click on the View panel's "recommended overlays" button, at the top of its View tab
# (visible without scrolling in one view at 1280x720).
cdlab_viewer_report_test(recommended_overlays_click
  "--width 1280 --height 720 --frames 20 --at 0.5 --overlays --click 0.81,0.4125 --algo rigid-ccd-bm ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.0.drew=bm-level 1392 lines, forward-face [1-9][0-9]* triangles, backward-face [1-9][0-9]* lines")
# SBV on knot_teapot where the knot enters the teapot: the pair's outcome and triangles, round 1 of the
# step-through (8 half-spaces) and its legend line.
cdlab_viewer_report_test(sbv
  "--frames 2 --at 2 --algo sbv --step sbv=1 ${CMAKE_SOURCE_DIR}/scenes/knot_teapot.json"
  "viewports.0.families.sbv.pairs_listed=1" "viewports.0.families.sbv.pairs.0.pair=teapot / knot"
  "viewports.0.families.sbv.pairs.0.outcome=overlap region" "viewports.0.families.sbv.pairs.0.triangles=17758"
  "viewports.0.families.sbv.pairs.0.rounds=[2-9]" "viewports.0.families.sbv.step_through.round=1"
  "viewports.0.families.sbv.step_through.half_spaces=8" "viewports.0.legend=.*\"sbv-round\".*"
  "viewports.0.counters.sbv_triangles=17758" "surfaces=teapot open.*knot closed, outward")
# LDI on the two spheres whose lens has the closed-form volume 1.439 at t 1.98305: the volume within 1 % and the
# kept row's pixels.
cdlab_viewer_report_test(ldi
  "--frames 2 --at 1.98 --algo ldi ${CMAKE_SOURCE_DIR}/scenes/ldi_spheres.json"
  "viewports.0.families.ldi.pairs_listed=1" "viewports.0.families.ldi.pairs.0.pair=left / right"
  "viewports.0.families.ldi.pairs.0.volume=1\\.4[2-5][0-9]*" "viewports.0.families.ldi.pairs.0.width=512"
  "viewports.0.families.ldi.row.row=256" "viewports.0.families.ldi.row.inside_both=[1-9][0-9]*"
  "viewports.0.legend=.*\"ldi-region\".*" "viewports.0.drew=.*ldi-box 13 lines.*")
# The scene's frame grid (issue 43): Next contact (--seek-contact) pressed at the start or paused anywhere
# (--at) steps whole frames of the grid, as the bench does. On bullets the discrete view never reports a
# contact (t 0.184 was the issue's: it stepped 0.184 -> 0.517 and saw the ball inside the box), and the
# continuous view reports the same frame, "frame 2 of 33", at the same fraction of it; on doors and walk the
# same frame and fraction from any start.
# "--at T " for a start time T, nothing for "start" (the scene's start instant).
function(cdlab_frame_grid_at out start)
  if(start STREQUAL "start")
    set(${out} "" PARENT_SCOPE)
  else()
    set(${out} "--at ${start} " PARENT_SCOPE)
  endif()
endfunction()
foreach(start IN ITEMS "start" "0.184" "0.3")
  cdlab_frame_grid_at(_at "${start}")
  cdlab_viewer_report_test(frame_grid_bullets_${start}
    "--frames 2 --seek-contact ${_at}--algo bvh --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/bullets.json"
    "last_frame.frame=2" "last_frame.of=33" "viewports.0.contact_pairs=0" "viewports.0.first_contacts=\\[\\]"
    "viewports.1.first_contacts.0.fraction=0\\.220304[0-9]*" "viewports.1.first_contacts.0.t=0\\.406768[0-9]*"
    "status=contact in view 2 in frame 2 of 33 \\(t 0\\.333333 -> 0\\.666667\\)")
endforeach()
foreach(start IN ITEMS "start" "0.5" "1")
  cdlab_frame_grid_at(_at "${start}")
  cdlab_viewer_report_test(frame_grid_doors_${start}
    "--frames 2 --seek-contact ${_at}--algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/doors.json"
    "last_frame.frame=112" "last_frame.of=390" "viewports.0.first_contacts.0.fraction=0\\.516994[0-9]*")
  cdlab_viewer_report_test(frame_grid_walk_${start}
    "--frames 2 --seek-contact ${_at}--algo catch ${CMAKE_SOURCE_DIR}/scenes/walk.json"
    "last_frame.frame=44" "last_frame.of=144" "viewports.0.first_contacts.0.fraction=0\\.527497[0-9]*")
endforeach()
# Quiet when paused (issue 43): a view whose frame did not change reuses its last run instead of running its
# algorithm every rendered frame. Ten frames ending at t 1 on bullets' grid of 1/3 s: seven at the start
# instant (frames before the range's start stay there), then three whole frames: 4 runs, 6 reused, in
# both views. A pick (on the second frame, the same instant) changes what the algorithm draws: it runs again.
cdlab_viewer_report_test(quiet_when_paused
  "--frames 10 --at 1 --algo bvh --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/bullets.json"
  "viewports.0.steps_run=4" "viewports.0.steps_reused=6" "viewports.1.steps_run=4" "viewports.1.steps_reused=6")
cdlab_viewer_report_test(paused_pick_runs_again
  "${CMAKE_SOURCE_DIR}/scenes/doors.json --frames 4 --at 0 --algo rigid-ccd-bm --pick 0.5,0.5"
  "status=picked node [0-9]+ of moving_door" "viewports.0.steps_run=2" "viewports.0.steps_reused=2")
# A report that cannot be written fails the run (exit 1), naming the option and the file.
cdlab_output_test(viewer.report.unwritable 1 "error: --report: cannot write /nonexistent/report.json"
  ${VIEWER} --offscreen --no-settings --frames 1 --report /nonexistent/report.json
  ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
# The convex pieces belong to catch's views: a bvh view beside it, with every overlay on and the same link
# selected, draws none and lists no convex-pieces line in its legend.
cdlab_output_test(viewer.offscreen.convex_pieces_catch_only 0
  "viewport 0 \\(bvh\\) legend: [^\n]*\nviewport 1 \\(catch\\) legend: [^\n]*convex-pieces\n"
  ${VIEWER} --offscreen --no-settings --frames 2 --at 1 --overlays -a bvh -a catch --select athlete/thigh_l
  ${CMAKE_SOURCE_DIR}/scenes/exercise.json)
set_tests_properties(viewer.offscreen.convex_pieces_catch_only PROPERTIES FAIL_REGULAR_EXPRESSION
                     "\\(bvh\\) legend: [^\n]*convex-pieces|\\(bvh\\) convex pieces")
# Presentation mode (issue 43): --present, or H tapped, hides every panel but the caption line (the scene,
# the frame on its grid, each view's algorithm); the views fill the window below it. The UI scale rasterizes
# the font at its size (13 px at 100 %: 26 px at 2), from --ui-scale or the settings file.
cdlab_viewer_report_test(presentation_mode
  "--frames 2 --present --ui-scale 2 --print-layout --algo bvh --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "presenting=true" "ui_scale=2(\\.0)?" "font_size=26(\\.0)?"
  "caption=two doors  \\|  frame [0-9]+ of 390, t [0-9.]+ s  \\|  1: bvh  \\|  2: rigid-ccd"
  "layout.viewports.0.x=0(\\.0)?" "layout.viewports.1.x=640(\\.0)?" "layout.panels=\\{\\}"
  "layout.problems=\\[\\]" "gl_errors=0")
cdlab_viewer_report_test(presentation_key
  "--frames 3 --tap H --algo bvh ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "presenting=true" "taps.shortcuts_acted_on=1" "caption=two doors  \\|  .*  \\|  1: bvh" "ui_scale=1(\\.0)?"
  "font_size=13(\\.0)?")
cdlab_output_test(viewer.offscreen.ui_scale_settings 0
  "GL errors 0\n.*presentation mode off, UI scale 1\\.50 \\(font 20 px\\)\n"
  sh -c "v=\"$0\" && f=\"$1\" && printf '%s' '{\"uiScale\": 1.5}' > \"$f\" && shift 2 && exec \"$v\" --offscreen --settings \"$f\" \"$@\""
  ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_ui_scale_settings.json x --frames 2 --algo bvh ${CMAKE_SOURCE_DIR}/scenes/doors.json)
# Compare's ratio note names the view that lacks the series (it read "view 1 reports no link_pairs" when
# view 2, fcl-sampled, was the one).
cdlab_viewer_report_test(compare_ratio_note
  "--frames 3 --at 1 --algo catch --algo fcl-sampled ${CMAKE_SOURCE_DIR}/scenes/walk.json"
  "compare.series=link_pairs" "compare.ratio_note=no ratio: view 2 \\(fcl-sampled\\) reports no link_pairs")
# Motion trails (issue 43): a continuous view's trail over the frame, pinned. Bullets at t 1 (frame 4 of 33):
# the ball, start, end and 3 poses between (5 ghosts), its box's centre and 8 corners traced over 16
# segments each (144 lines); the discrete view beside it lists no trail row and draws none. The walk with
# catch: all 15 moving links (75 ghosts, 2160 path lines), the chessmen (environment) none; with a link
# selected, its trail alone.
cdlab_viewer_report_test(trails_bullets
  "--frames 3 --at 1 --overlays --algo rigid-ccd --algo bvh ${CMAKE_SOURCE_DIR}/scenes/bullets.json"
  "viewports.0.trail.objects=1" "viewports.0.trail.poses=5" "viewports.0.trail.ghosts=5"
  "viewports.0.trail.path_lines=144" "viewports.0.legend=.*\"motion-trail\".*"
  "viewports.0.overlays_listed=.*\"motionTrail\".*" "viewports.1.trail.objects=0" "gl_errors=0")
cdlab_viewer_report_test(trails_walk
  "--frames 2 --at 1 --overlays --algo catch ${CMAKE_SOURCE_DIR}/scenes/walk.json"
  "viewports.0.trail.objects=15" "viewports.0.trail.ghosts=75" "viewports.0.trail.path_lines=2160"
  "viewports.0.legend=.*\"motion-trail\".*" "gl_errors=0")
cdlab_viewer_report_test(trails_walk_selected
  "--frames 2 --at 1 --overlays --select walker/thigh_l --algo catch ${CMAKE_SOURCE_DIR}/scenes/walk.json"
  "viewports.0.trail.objects=1" "viewports.0.trail.ghosts=5" "viewports.0.trail.path_lines=144")
# Camera (issue 43). Follow: at t 1 and t 2 the walker's pelvis centre (which has moved a metre) projects
# to the middle of the view (two views: their panels leave the whole view free), in both views (linked).
foreach(at IN ITEMS 1 2)
  cdlab_viewer_report_test(follow_walk_${at}
    "--frames 3 --at ${at} --follow walker/pelvis --algo catch --algo fcl-sampled ${CMAKE_SOURCE_DIR}/scenes/walk.json"
    "follow.object=walker/pelvis" "follow.ndc.0=-?(0(\\.0)?|[0-9.]+e-(0[5-9]|[1-9][0-9]))"
    "follow.ndc.1=-?(0(\\.0)?|[0-9.]+e-(0[5-9]|[1-9][0-9]))"
    "follow.centre.0=(-0\\.80*[0-9]*|0\\.(20*|19999*)[0-9]*)" "viewports.1.camera.target=.*")
endforeach()
# "look" on the doors' first contact (frame 112): the camera looks across the separating axis (y, the
# doors' normal; the eye's y equals the target's) from above the side, not flat against a door; both doors
# side by side (CameraFraming.LookOnADoorContactSeesBothDoors checks what is hidden).
cdlab_viewer_report_test(look_contact_doors
  "--frames 2 --seek-contact --look-contact 0 --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "last_frame.frame=112" "viewports.0.camera.direction.1=-?(0(\\.0)?|[0-9.]+e-0[5-9])"
  "viewports.0.camera.direction.2=0\\.[1-9][0-9]*")
# Time-of-contact labels (issue 43, looked at in screenshots): on the default scene at t 2.5 a rigid-ccd view at
# 1280x720 labels four contacts close together; they stack without overlapping, and none covers a labelled
# point (the pushed-down labels had hidden the next contact's point); on the doors with three views the label,
# moved left to fit its narrow view, goes below its point instead of over it.
cdlab_viewer_report_test(labels_stack_off_their_points
  "--width 1280 --height 720 --frames 2 --at 2.5 --overlays --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/default.json"
  "viewports.0.labels.drawn=4" "viewports.0.labels.overlapping=0" "viewports.0.labels.covering_a_point=0"
  "viewports.0.labels.off_view=0")
cdlab_viewer_report_test(labels_three_views_beside_their_point
  "--width 1280 --height 720 --frames 2 --seek-contact --overlays --algo bvh --algo rigid-ccd --algo rigid-ccd-bm ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.1.labels.drawn=1" "viewports.1.labels.moved=1" "viewports.1.labels.covering_a_point=0"
  "viewports.2.labels.covering_a_point=0" "viewports.1.labels.off_view=0" "viewports.2.labels.off_view=0")
# Frame the selection (key S): the status says so and one shortcut acted.
cdlab_viewer_report_test(frame_selection
  "--frames 3 --at 1 --select moving_door --tap S --algo rigid-ccd ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "status=framed moving_door" "taps.shortcuts_acted_on=1")

# The traversal step-through (issue 43): the view records its viewport's traversal (bvh, rigid-ccd,
# rigid-ccd-bm) into a trace it owns. --step traversal=K shows test K of the pair with the most tests, its two
# nodes drawn in the outcome's colour with the front; the trace's totals equal the frame's counters. On the
# knot and teapot (bvh): test 1 is the root pair (overlap, two pairs pushed: 6 boxes); past the last, the last
# test, with an empty front.
cdlab_viewer_report_test(traversal_bvh_first
  "--frames 2 --algo bvh --step traversal=1 ${CMAKE_SOURCE_DIR}/scenes/knot_teapot_close.json"
  "gl_errors=0" "viewports.0.legend=.*\"traversal-step\".*"
  "viewports.0.families.traversal.pair.tests=899" "viewports.0.families.traversal.test=1"
  "viewports.0.families.traversal.outcome=overlap" "viewports.0.families.traversal.level=0"
  "viewports.0.families.traversal.front=2" "viewports.0.families.traversal.boxes_drawn=6"
  "viewports.0.families.traversal.window_boxes_drawn=0"
  "viewports.0.families.traversal.levels.0.tested=1"
  "viewports.0.families.traversal.bv_tests=899" "viewports.0.counters.bv_tests=899"
  "viewports.0.families.traversal.leaves=66" "viewports.0.counters.tri_tests=66"
  "viewports.0.families.traversal.lines.0=traversal: pair 'teapot' - 'knot', test 1 of 899: overlap, .*")
cdlab_viewer_report_test(traversal_bvh_last
  "--frames 2 --algo bvh --step traversal=1000000 ${CMAKE_SOURCE_DIR}/scenes/knot_teapot_close.json"
  "viewports.0.families.traversal.test=899" "viewports.0.families.traversal.front=0"
  "viewports.0.families.traversal.boxes_drawn=2")
# --step survives the frames before it: on knot_teapot the first frames' traversals have one test (the
# bodies apart), the last frame's 28,037; test 50 is still the one shown at the end (it was clamped to 1).
cdlab_viewer_report_test(traversal_step_survives_smaller_frames
  "--frames 6 --algo bvh --step traversal=50 ${CMAKE_SOURCE_DIR}/scenes/knot_teapot.json"
  "viewports.0.families.traversal.test=50" "viewports.0.families.traversal.pair.tests=28037")
# Without --step the view's picture stays the algorithm's: the panel shows the step-through, nothing is drawn.
cdlab_viewer_report_test(traversal_not_drawn_until_stepped
  "--frames 2 --algo bvh ${CMAKE_SOURCE_DIR}/scenes/knot_teapot_close.json"
  "viewports.0.families.traversal.panel_shown=true" "viewports.0.families.traversal.boxes_drawn=0"
  "viewports.0.legend=.*\"contact\"[ ]*\\]")
# rigid-ccd-bm on the doors' contact frame: test 144 of the pair is its first BM-culled one (the static door's
# leaf: all eight characteristic points move backwards along its cone), drawn with the cone vectors and the
# points' motion (the legend's bm-test line); A's node also at its window's two ends (a rigid CCD test covers the
# motion; a bvh test draws none).
cdlab_viewer_report_test(traversal_bm
  "--frames 2 --seek-contact --algo rigid-ccd-bm --step traversal=144 ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "gl_errors=0" "viewports.0.legend=.*\"traversal-step\".*\"bm-test\".*"
  "viewports.0.families.traversal.pair.tests=617" "viewports.0.families.traversal.test=144"
  "viewports.0.families.traversal.first.bm-culled=144" "viewports.0.families.traversal.outcome=bm-culled"
  "viewports.0.families.traversal.bm_test.body=b" "viewports.0.families.traversal.bm_test.culled=true"
  "viewports.0.families.traversal.bm_test.cone_vectors=[1-9]"
  "viewports.0.families.traversal.bm_test.backward_points=8"
  "viewports.0.families.traversal.bv_tests=610" "viewports.0.counters.bv_tests=610"
  "viewports.0.families.traversal.bm_culled=3" "viewports.0.counters.bm_culled=3"
  "viewports.0.families.traversal.window_boxes_drawn=2"
  "viewports.0.families.traversal.truncated=false")
# "look at the test" (beside the stepping buttons; a plain click at 1280x720) frames test 144's two leaves: the
# camera keeps its direction and comes from 3.9 m (the whole doors) to within 0.3 m, the smaller node (the
# static door's 2-cm leaf) and its surroundings filling the view; the step-through is drawn over the bodies.
cdlab_viewer_report_test(traversal_look_at_test
  "--width 1280 --height 720 --frames 4 --seek-contact --algo rigid-ccd-bm --step traversal=144 --click 0.799,0.572 ${CMAKE_SOURCE_DIR}/scenes/doors.json"
  "viewports.0.families.traversal.test=144" "viewports.0.families.traversal.framed=1"
  "viewports.0.camera.distance=0\\.[0-2][0-9]*")

# Video export (issue 44): `cdlab --offscreen --video` writes a file a player decodes (cdlab-video-probe reads
# it back with libavformat/libavcodec) with one frame per --frames at the size asked for; a bad extension or
# a path that cannot be written exits 2 naming the file, before any frame.
if(TARGET cdlab-video-probe)
  set(_probe $<TARGET_FILE:cdlab-video-probe>)
  set(_videos ${CMAKE_BINARY_DIR}/videos)
  file(MAKE_DIRECTORY ${_videos})
  cdlab_output_test(viewer.offscreen.video_mp4 0
                    "video [^\n]*doors.mp4: 24 frames, 320x240 at 24 fps.*codec h264 frames 24 size 320x240 fps 24\\.000\n"
                    sh -c "rm -f \"$2\" && \"$0\" --offscreen --video \"$2\" --fps 24 --frames 24 --width 320 --height 240 --overlays \"$3\" && \"$1\" \"$2\""
                    ${VIEWER} ${_probe} ${_videos}/doors.mp4 ${CMAKE_SOURCE_DIR}/scenes/doors.json)
  cdlab_output_test(viewer.offscreen.video_gif 0
                    "video [^\n]*walk.gif: 24 frames, 320x240 .*codec gif frames 24 size 320x240 "
                    sh -c "rm -f \"$2\" && \"$0\" --offscreen --present --video \"$2\" --frames 24 --width 320 --height 240 --overlays \"$3\" && \"$1\" \"$2\""
                    ${VIEWER} ${_probe} ${_videos}/walk.gif ${CMAKE_SOURCE_DIR}/scenes/walk.json)
  cdlab_output_test(viewer.offscreen.video_bad_extension 2 "error: [^\n]*clip\\.avi: unknown video format '\\.avi': write \\.mp4 \\(H\\.264\\) or \\.gif"
                    ${VIEWER} --offscreen --frames 2 --video ${_videos}/clip.avi ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
  cdlab_output_test(viewer.offscreen.video_unwritable 2 "error: [^\n]*no-such-folder/clip\\.mp4: cannot write the video"
                    ${VIEWER} --offscreen --frames 2 --video ${_videos}/no-such-folder/clip.mp4 ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json)
  # File > Export video, as its dialog starts it (--export-video on the middle frame): 8 frames of two views at
  # 320x180 in an offscreen framebuffer of its own while the window runs on; the run ends without a GL error.
  cdlab_output_test(viewer.offscreen.video_export_dialog 0
                    "video [^\n]*export.gif: 8 frames, 320x180 .*GL errors 0\n.*codec gif frames 8 size 320x180 "
                    sh -c "rm -f \"$2\" && \"$0\" --offscreen --frames 20 --overlays --algo bvh --algo rigid-ccd-bm --export-video \"$2\" 8 320x180 \"$3\" && \"$1\" \"$2\""
                    ${VIEWER} ${_probe} ${_videos}/export.gif ${CMAKE_SOURCE_DIR}/scenes/doors.json)
  set_tests_properties(viewer.offscreen.video_mp4 viewer.offscreen.video_gif viewer.offscreen.video_export_dialog
                       PROPERTIES TIMEOUT 120)
endif()
# Shots (issue 44). The round trip: a run saves a shot of its last frame, a run of that shot alone gives the
# identical report and image (tests/viewer/ShotRoundTrip.cmake) — two views with BVH levels and a selection
# on the doors, and CATCH with a step-through index and a followed link on the walk.
foreach(rt "doors|--algo;rigid-ccd-bm;--algo;bvh:bv=aabb;--levels;7,9;--select;moving_door;--at;3.7;${CMAKE_SOURCE_DIR}/scenes/doors.json"
           "walk|--algo;catch;--step;catch=2;--follow;walker/pelvis;--at;1.5;${CMAKE_SOURCE_DIR}/scenes/walk.json")
  string(REPLACE "|" ";" rt "${rt}")
  list(POP_FRONT rt name)
  string(REPLACE ";" "\\;" run1 "${rt}")
  cdlab_output_test(viewer.offscreen.shot_roundtrip_${name} 0 "shot round trip: identical report [^\n]* and image [0-9a-f]+\n"
                    ${CMAKE_COMMAND} -DVIEWER=${VIEWER} -DDIR=${CMAKE_BINARY_DIR}/shot_roundtrip_${name}
                    "-DRUN1=${run1}" -P ${CMAKE_CURRENT_LIST_DIR}/ShotRoundTrip.cmake)
  set_tests_properties(viewer.offscreen.shot_roundtrip_${name} PROPERTIES TIMEOUT 180)
endforeach()
# A bad shot: the error names the shot file and the field; the automated run exits 2.
set(_bad_shots
    "missing_scene|missing_scene.json: scene: no such file [^\n]*no_such_scene.json"
    "unknown_algorithm|unknown_algorithm.json: views\\[0\\].algorithm: bvh-fast: unknown algorithm"
    "bad_level|bad_level.json: views\\[0\\].bvhLevel: 99 is outside \\[0, 64\\]"
    "unknown_overlay|unknown_overlay.json: views\\[0\\].overlays.bvhh: no such overlay"
    "wrong_type|wrong_type.json: time: expected a number"
    "unknown_body|unknown_body.json: views\\[0\\].bvhBody: no object 'teapot' \\(the scene has cylinder, ball\\)")
foreach(b ${_bad_shots})
  string(REPLACE "|" ";" b "${b}")
  list(GET b 0 name)
  list(GET b 1 regex)
  cdlab_output_test(viewer.offscreen.shot_bad_${name} 2 "error: [^\n]*${regex}"
                    ${VIEWER} --offscreen --no-settings --frames 1 ${CMAKE_CURRENT_SOURCE_DIR}/data/shots/${name}.json)
endforeach()
# The bundled shots (shots/) open and render offscreen, at any size; --size wins over the shot's window.
file(GLOB BUNDLED_SHOTS ${CMAKE_SOURCE_DIR}/shots/*.json)
foreach(shot ${BUNDLED_SHOTS})
  get_filename_component(name ${shot} NAME_WE)
  cdlab_output_test(viewer.offscreen.shot_${name} 0
                    "saved [^\n]*shot_${name}.png\n.*frames 1, 960x540, .*GL errors 0\n.*caption: [^\n]+"
                    ${VIEWER} --offscreen --no-settings --size 960x540 --present
                    --screenshot ${SHOTS}/shot_${name}.png ${shot})
  set_tests_properties(viewer.offscreen.shot_${name} PROPERTIES TIMEOUT 120)
endforeach()
# Reopen where you left off: a run with a settings file keeps its state as a shot beside it; a run with the
# same settings and no inputs reopens that scene, its views' algorithms and its time (the report says so).
# A broken last shot: the default scene, with a message naming the file and field.
cdlab_output_test(viewer.offscreen.shot_reopen 0 "report ok: 4 fields\n"
  sh -c "v=\"$0\" s=\"$1\" l=\"$2\" w=\"$3\" r=\"$4\" c=\"$5\" k=\"$6\" && shift 6 && rm -f \"$s\" \"$l\" && \"$v\" --offscreen --settings \"$s\" --frames 2 --at 1 --algo catch --algo bvh \"$w\" && \"$v\" --offscreen --settings \"$s\" --frames 1 --report \"$r\" && exec \"$c\" -DREPORT=\"$r\" -P \"$k\" \"$@\""
  ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_reopen.json ${CMAKE_BINARY_DIR}/viewer_reopen-last-shot.json
  ${CMAKE_SOURCE_DIR}/scenes/walk.json ${CMAKE_BINARY_DIR}/viewer_reopen_report.json ${CMAKE_COMMAND}
  ${CMAKE_CURRENT_LIST_DIR}/CheckReport.cmake scene=walk viewports.0.algorithm=catch viewports.1.algorithm=bvh
  "last_frame.t1=1(\\.0)?")
set_tests_properties(viewer.offscreen.shot_reopen PROPERTIES TIMEOUT 180)
cdlab_output_test(viewer.offscreen.shot_reopen_broken 0
  "warning: last shot: [^\n]*viewer_reopen_broken-last-shot.json: views: missing[^\n]*. opening the default scene\n.*scene cdlab default"
  sh -c "printf '{}' > \"$1\" && printf '{\"cdlab\": \"shot\", \"version\": 1, \"scene\": \"x.json\"}' > \"$2\" && exec \"$0\" --offscreen --settings \"$1\" --frames 1"
  ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_reopen_broken.json ${CMAKE_BINARY_DIR}/viewer_reopen_broken-last-shot.json)
# Screenshots (F12) go to the settings' folder with increasing names and never replace a file: two runs
# write doors-bvh-f0059.png and doors-bvh-f0059-2.png (views only: screenshotPanels false).
cdlab_output_test(viewer.offscreen.screenshot_folder 0
  "saved [^\n]*/doors-bvh-f0059.png\n.*saved [^\n]*/doors-bvh-f0059-2.png\n.*doors-bvh-f0059-2.png\ndoors-bvh-f0059.png\n"
  sh -c "rm -rf \"$2\" && printf '{\"screenshotFolder\": \"%s\", \"screenshotPanels\": false}' \"$2\" > \"$1\" && \"$0\" --offscreen --settings \"$1\" --frames 4 --at 2 --tap F12 \"$3\" && \"$0\" --offscreen --settings \"$1\" --frames 4 --at 2 --tap F12 \"$3\" && ls \"$2\""
  ${VIEWER} ${CMAKE_BINARY_DIR}/viewer_screenshot_folder.json ${CMAKE_BINARY_DIR}/screenshot_folder
  ${CMAKE_SOURCE_DIR}/scenes/doors.json)
set_tests_properties(viewer.offscreen.screenshot_folder PROPERTIES TIMEOUT 180)
# Tours (issue 44). Every bundled tour opens and every step renders offscreen: one test per tour runs each
# step (--tour-step K) and fails on a blank view; the output has each step's line of the report and its GL
# errors. A bad tour (a missing step shot, a bad field, an unknown action or family) exits 2 naming the file
# and field; PageDown / PageUp (--tap) move between the steps.
file(GLOB BUNDLED_TOURS ${CMAKE_SOURCE_DIR}/tours/*.json)
foreach(tour ${BUNDLED_TOURS})
  get_filename_component(name ${tour} NAME_WE)
  file(READ ${tour} _tour_json)
  string(JSON _tour_steps LENGTH "${_tour_json}" steps)
  string(JSON _tour_title GET "${_tour_json}" title)
  set(_tour_regex "")
  foreach(k RANGE 1 ${_tour_steps})
    string(APPEND _tour_regex "GL errors 0\n.*tour ${_tour_title}: step ${k} of ${_tour_steps}: [^\n]+\n.*")
  endforeach()
  cdlab_output_test(viewer.offscreen.tour_${name} 0 "${_tour_regex}all ${_tour_steps} steps rendered"
    sh -c "v=\"$0\" t=\"$1\" n=\"$2\" d=\"$3\" k=1 && mkdir -p \"$d\" && while [ $k -le $n ]
do
  out=$(\"$v\" --offscreen --no-settings --width 640 --height 360 --frames 1 --tour-step $k --screenshot \"$d/step$k.png\" \"$t\" 2>&1) || { echo \"$out\" && exit 1
  }
  echo \"$out\" | grep -E 'GL errors|^tour |covers'
  if echo \"$out\" | grep -q 'covers 0.0 %'
  then echo \"step $k: a blank view\" && exit 1
  fi
  k=$((k+1))
done
echo \"all $n steps rendered\""
    ${VIEWER} ${tour} ${_tour_steps} ${SHOTS}/tour_${name})
  set_tests_properties(viewer.offscreen.tour_${name} PROPERTIES TIMEOUT 300)
endforeach()
set(_bad_tours
    "missing_shot|missing_shot.json: steps\\[1\\].shot: no such file [^\n]*no_such_shot.json"
    "bad_field|bad_field.json: steps\\[0\\].shot.views\\[0\\].bvhLevel: 99 is outside \\[0, 64\\]"
    "unknown_action|unknown_action.json: steps\\[0\\].actions\\[0\\].do: 'rewind' is no action"
    "unknown_family|unknown_family.json: steps\\[0\\].actions\\[0\\].family: no family with a step-through named 'ldi'")
foreach(b ${_bad_tours})
  string(REPLACE "|" ";" b "${b}")
  list(GET b 0 name)
  list(GET b 1 regex)
  cdlab_output_test(viewer.offscreen.tour_bad_${name} 2 "error: [^\n]*${regex}"
                    ${VIEWER} --offscreen --no-settings --frames 1 ${CMAKE_CURRENT_SOURCE_DIR}/data/tours/${name}.json)
endforeach()
cdlab_output_test(viewer.offscreen.tour_step_past_the_end 2 "error: --tour-step: 3 is past the tour's last step"
                  ${VIEWER} --offscreen --no-settings --frames 1 --tour-step 3 ${CMAKE_CURRENT_SOURCE_DIR}/data/tours/two_steps.json)
# PageDown shows step 2 (its shot, then its action: two frames played); PageUp twice from step 2 goes back
# to step 1 once (the second press has no step before it and does nothing).
cdlab_output_test(viewer.offscreen.tour_keys_next 0
  "last frame t 0.565657 -> 0.606061\n.*taps PageDown: shortcuts acted on 1[^\n]*\n.*tour Two steps: step 2 of 2: the same scene inline"
  ${VIEWER} --offscreen --no-settings --frames 4 --tap PageDown ${CMAKE_CURRENT_SOURCE_DIR}/data/tours/two_steps.json)
cdlab_output_test(viewer.offscreen.tour_keys_previous 0
  "taps PageUp,PageUp: shortcuts acted on 1[^\n]*\n.*tour Two steps: step 1 of 2: the good shot"
  ${VIEWER} --offscreen --no-settings --frames 4 --tour-step 2 --tap PageUp,PageUp ${CMAKE_CURRENT_SOURCE_DIR}/data/tours/two_steps.json)
# The moved-body editor (issue 44, "your own motion"): scripted drags and keyframes on two bundled meshes,
# saved as a scene that cdlab-bench runs as it is (EditMotion.cmake says what is checked).
cdlab_output_test(viewer.offscreen.edit_motion_save_and_run 0
  "edited scene: tetrahedron keyed at t 0 and 1, [0-9]+ frames. contact pairs first [1-9][0-9]*, last 0"
  ${CMAKE_COMMAND} -DVIEWER=${VIEWER} -DBENCH=$<TARGET_FILE:cdlab-bench> -DSOURCE=${CMAKE_SOURCE_DIR}
  -DDIR=${CMAKE_BINARY_DIR}/edit_motion -P ${CMAKE_CURRENT_LIST_DIR}/EditMotion.cmake)
# Bad cases: a path that cannot be written and a scene the writer cannot express name the file and why
# (exit 2); a bad --drag is refused before the first frame.
cdlab_output_test(viewer.offscreen.edit_motion_unwritable 2
  "error: --save-scene: Save scene: [^\n]*no_such_folder/x.json: cannot write the scene file"
  ${VIEWER} --offscreen --no-settings --frames 1 --save-scene ${CMAKE_BINARY_DIR}/no_such_folder/x.json
  ${CMAKE_SOURCE_DIR}/assets/vase.obj)
cdlab_output_test(viewer.offscreen.edit_motion_refused 2
  "error: --save-scene: Save scene: [^\n]*walk.json: cannot be saved as a scene file: articulated model 'walker'"
  ${VIEWER} --offscreen --no-settings --frames 1 --save-scene ${CMAKE_BINARY_DIR}/walk_saved.json
  ${CMAKE_SOURCE_DIR}/scenes/walk.json)
cdlab_output_test(viewer.offscreen.edit_motion_bad_drag 2 "error: --drag: '0.5,0.5:2,0.5': expected"
  ${VIEWER} --offscreen --no-settings --frames 3 --drag 0.5,0.5:2,0.5 ${CMAKE_SOURCE_DIR}/assets/vase.obj)
# Recordings replayed (issue 44; tests/viewer/ReplayRoundTrip.cmake): `cdlab-bench run --record` on a bundled
# scene, then an offscreen replay of it gives the live run's answers in its report (first contacts, contact
# pairs, counters, warnings, the families' data) at the first contact, for one algorithm per family — rigid
# discrete, CCD, CATCH, SBV and LDI (the last three with --record-drawing, which their drawn-only details
# need); its view says it replays and which build recorded.
foreach(rt "bvh|doors.json|bvh|OFF" "ccd|doors.json|rigid-ccd-bm|OFF" "catch|walk.json|catch|ON"
           "sbv|cylinder_ball.json|sbv|ON" "ldi|ldi_spheres.json|ldi:resolution=64|ON")
  string(REPLACE "|" ";" rt "${rt}")
  list(GET rt 0 name)
  list(GET rt 1 scene)
  list(GET rt 2 algo)
  list(GET rt 3 drawing)
  cdlab_output_test(viewer.offscreen.replay_roundtrip_${name} 0 "replay round trip [^\n]*: t [0-9.]+, same first_contacts [^\n]*\\(replay, build [0-9a-f]+"
                    ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:cdlab-bench> -DVIEWER=${VIEWER}
                    -DDIR=${CMAKE_BINARY_DIR}/replay_roundtrip_${name} -DSCENE=${CMAKE_SOURCE_DIR}/scenes/${scene}
                    -DALGO=${algo} -DDRAWING=${drawing} -P ${CMAKE_CURRENT_LIST_DIR}/ReplayRoundTrip.cmake)
  set_tests_properties(viewer.offscreen.replay_roundtrip_${name} PROPERTIES TIMEOUT 120)
endforeach()
# File > Record (--record in automated runs): the live view records while it seeks the first contact; the
# replay of that recording gives its answers and draws what it drew (less the structure's BVH level).
cdlab_output_test(viewer.offscreen.replay_roundtrip_viewer_record 0 "replay round trip [^\n]*: t [0-9.]+, same first_contacts [^\n]*\\(replay, build [0-9a-f]+"
                  ${CMAKE_COMMAND} -DVIEWER=${VIEWER} -DRECORDER=viewer
                  -DDIR=${CMAKE_BINARY_DIR}/replay_roundtrip_viewer_record -DSCENE=${CMAKE_SOURCE_DIR}/scenes/doors.json
                  -DALGO=rigid-ccd-bm -P ${CMAKE_CURRENT_LIST_DIR}/ReplayRoundTrip.cmake)
set_tests_properties(viewer.offscreen.replay_roundtrip_viewer_record PROPERTIES TIMEOUT 120)
# A truncated and a foreign recording: the error names the file and what does not match, the automated run
# exits 2 (interactively the error panel shows it and the viewer keeps running).
set(_replay_bad ${CMAKE_BINARY_DIR}/replay_bad)
file(MAKE_DIRECTORY ${_replay_bad})
cdlab_output_test(viewer.offscreen.replay_truncated 2 "error: [^\n]*cut.cdrec: frame [0-9]+: truncated"
                  sh -c "\"$0\" run \"$2\" -a bvh -f 4 -r 1 -w 0 --record \"$3/whole.cdrec\" >/dev/null && head -c -20 \"$3/whole.cdrec\" > \"$3/cut.cdrec\" && exec \"$1\" --offscreen --no-settings --frames 1 \"$3/cut.cdrec\""
                  $<TARGET_FILE:cdlab-bench> ${VIEWER} ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json ${_replay_bad})
cdlab_output_test(viewer.offscreen.replay_foreign 2 "error: [^\n]*foreign.cdrec: header: not a cdlab recording"
                  sh -c "cp \"$1\" \"$2/foreign.cdrec\" && exec \"$0\" --offscreen --no-settings --frames 1 \"$2/foreign.cdrec\""
                  ${VIEWER} ${CMAKE_SOURCE_DIR}/scenes/cylinder_ball.json ${_replay_bad})
