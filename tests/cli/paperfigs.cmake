# The papers' 3-D figures (cdlab-bench paper, app/bench/PaperFigures.cpp; issue 46): every shot in
# shots/paper/ opens and renders offscreen (small: what is pinned does not depend on the size) with no GL
# error, each view covers at least 1 % of its pixels (not blank, the smoke tests' measure), and what the report
# says of the picture is pinned: each view's draw counts and the figure's facts that PaperFigures prints (BM-culled
# nodes per level, PCLs, times of contact, SBV triangles kept, LDI fragments). A change to an algorithm or an
# overlay that changes a paper's figure fails here. (Included from tests/cli/CliTests.cmake.)
if(NOT TARGET cdlab)
  return()
endif()
set(_paper_viewer $<TARGET_FILE:cdlab>)
set(_paper_shots_out ${CMAKE_BINARY_DIR}/screenshots)
file(MAKE_DIRECTORY ${_paper_shots_out})
# coverage (a fraction) at least 0.01
set(_covered "(0\\.0[1-9]|0\\.[1-9]|1)[0-9.e-]*")
set(_paper_tested "")
# cdlab_paper_figure_test(SHOT PATH=REGEX...): renders shots/paper/SHOT.json with --report and checks each field
# (tests/viewer/CheckReport.cmake).
function(cdlab_paper_figure_test shot)
  set(size 320x180)
  if(shot MATCHES "fig6_temporal_culling") # a figure of the View panel: its sections fold in a small window
    set(size 1280x720)
  endif()
  cdlab_output_test(paperfigs.${shot} 0 "report ok: [0-9]+ fields\n"
    sh -c "v=\"$0\" z=\"$1\" p=\"$2\" r=\"$3\" s=\"$4\" c=\"$5\" k=\"$6\" && shift 6 && rm -f \"$p\" \"$r\" && \"$v\" --offscreen --no-settings --frames 2 --size \"$z\" --screenshot \"$p\" --report \"$r\" \"$s\" && test -s \"$p\" && exec \"$c\" -DREPORT=\"$r\" -P \"$k\" \"$@\""
    ${_paper_viewer} ${size} ${_paper_shots_out}/paper_${shot}.png ${CMAKE_BINARY_DIR}/paper_${shot}_report.json
    ${CMAKE_SOURCE_DIR}/shots/paper/${shot}.json ${CMAKE_COMMAND}
    ${CMAKE_SOURCE_DIR}/tests/viewer/CheckReport.cmake ${ARGN})
  set_tests_properties(paperfigs.${shot} PROPERTIES TIMEOUT 120)
  # The scenes that load for seconds (the construction sites, the trains, the walk's chessmen): Release only.
  if(shot MATCHES "fig1_toc|fig8_walk|fig9|fig10|fig11")
    set_tests_properties(paperfigs.${shot} PROPERTIES LABELS slow)
  endif()
  set(_paper_tested ${_paper_tested} ${shot} PARENT_SCOPE)
endfunction()

cdlab_paper_figure_test(redon2002_fig1_level11
  "gl_errors=0"
  "viewports.0.bm_levels.11.culled=694"
  "viewports.0.bm_levels.11.nodes=2048"
  "viewports.0.drew=bm-level 8328 lines, forward-face 1864 triangles, backward-face 4380 lines"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(redon2002_fig1_level7
  "gl_errors=0"
  "viewports.0.bm_levels.7.culled=12"
  "viewports.0.bm_levels.7.nodes=128"
  "viewports.0.drew=bm-level 144 lines, forward-face 1864 triangles, backward-face 4380 lines"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(redon2002_fig1_level9
  "gl_errors=0"
  "viewports.0.bm_levels.9.culled=116"
  "viewports.0.bm_levels.9.nodes=512"
  "viewports.0.drew=bm-level 1392 lines, forward-face 1864 triangles, backward-face 4380 lines"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig1_sbvs
  "gl_errors=0"
  "viewports.0.counters.sbv_triangles=17758"
  "viewports.0.counters.sbv_kept=0"
  "viewports.0.families.sbv.pairs.0.culled=1(\\.0)?"
  "viewports.0.drew=sbv 72 lines, sbv 40 triangles, osh 9 lines, osh 2 triangles"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig3_round0
  "gl_errors=0"
  "viewports.0.families.sbv.step_through.round=0"
  "viewports.0.families.sbv.step_through.kept_a=1034"
  "viewports.0.families.sbv.step_through.kept_b=481"
  "viewports.0.drew=sbv 72 lines, sbv 40 triangles, osh 9 lines, osh 2 triangles, overlap-region 36 lines, overlap-region 20 triangles, triangle-kept 725 triangles"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig3_round3
  "gl_errors=0"
  "viewports.0.families.sbv.step_through.round=3"
  "viewports.0.families.sbv.step_through.kept_a=639"
  "viewports.0.families.sbv.step_through.kept_b=86"
  "viewports.0.counters.sbv_kept=725"
  "viewports.0.drew=sbv 72 lines, sbv 40 triangles, osh 9 lines, osh 2 triangles, overlap-region 36 lines, overlap-region 20 triangles, triangle-kept 725 triangles"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig5_ldi
  "gl_errors=0"
  "viewports.0.counters.ldi_pixels=262144"
  "viewports.0.counters.ldi_fragments=412416"
  "viewports.0.families.ldi.pairs.0.layers=4"
  "viewports.0.drew=ldi-box 13 lines, ldi-region 2488 lines"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig7a_cylinder_ball
  "gl_errors=0"
  "viewports.0.counters.sbv_triangles=5994"
  "viewports.0.counters.sbv_kept=111"
  "viewports.0.drew=sbv 72 lines, sbv 40 triangles, osh 9 lines, osh 2 triangles, overlap-region 36 lines, overlap-region 20 triangles, triangle-kept 111 triangles"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig7b_knot_teapot
  "gl_errors=0"
  "viewports.0.counters.sbv_triangles=17758"
  "viewports.0.counters.sbv_kept=253"
  "viewports.0.drew=sbv 72 lines, sbv 40 triangles, osh 9 lines, osh 2 triangles, overlap-region 36 lines, overlap-region 20 triangles, triangle-kept 253 triangles"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(sbv_fig8_deforming
  "gl_errors=0"
  "viewports.0.counters.sbv_triangles=6096"
  "viewports.0.counters.sbv_kept=1370"
  "viewports.0.drew=sbv 72 lines, sbv 40 triangles, osh 9 lines, osh 2 triangles, overlap-region 30 lines, overlap-region 16 triangles, triangle-kept 1370 triangles"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig10_tower_crane
  "gl_errors=0"
  "viewports.0.families.catch.toc=0\\.3464100[0-9]*"
  "viewports.0.counters.pcls=3"
  "viewports.0.drew=time-of-contact 1 triangles, time-of-contact 2 points, time-of-contact 1 meshes, swept-box 48 lines, pcl 24 lines, pcl 2 meshes, toc-pose 3 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig11_falling_train
  "gl_errors=0"
  "viewports.0.families.catch.toc=2\\.9934480[0-9]*"
  "viewports.0.counters.pcls=1"
  "viewports.0.drew=time-of-contact 1 triangles, time-of-contact 2 points, time-of-contact 1 meshes, swept-box 204 lines, pcl 12 lines, pcl 1 meshes, toc-pose 16 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig11_four_trains
  "gl_errors=0"
  "viewports.0.families.catch.toc=1\\.4922216[0-9]*"
  "viewports.0.counters.link_pairs=744"
  "viewports.0.counters.pcls=1"
  "viewports.0.drew=time-of-contact 1 triangles, time-of-contact 2 points, time-of-contact 2 meshes, swept-box 480 lines, pcl 2 meshes, toc-pose 38 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig1_toc
  "gl_errors=0"
  "viewports.0.families.catch.toc=1\\.0881874[0-9]*"
  "viewports.0.counters.pcls=1"
  "viewports.0.drew=time-of-contact 2 lines, time-of-contact 1 points, time-of-contact 1 meshes, toc-pose 14 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig4_swept_box
  "gl_errors=0"
  "viewports.0.counters.link_pairs=91"
  "viewports.0.counters.pcls=6"
  "viewports.0.drew=swept-box 180 lines, link-obb 360 lines"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig5_interval_taylor
  "gl_errors=0"
  "viewports.0.counters.pcls=8"
  "viewports.1.counters.pcls=2"
  "viewports.0.drew=swept-box 120 lines, pcl 12 lines, pcl 6 meshes"
  "viewports.0.coverage=${_covered}"
  "viewports.1.drew=swept-box 120 lines, pcl 12 lines, pcl 2 meshes"
  "viewports.1.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig6_temporal_culling
  "gl_errors=0"
  "viewports.0.counters.pcls=6"
  "viewports.0.families.catch.bars_drawn=6"
  "viewports.0.families.catch.fates.culled=5"
  "viewports.0.counters.ca_iterations=2"
  "viewports.0.drew=time-of-contact 1 triangles, time-of-contact 2 points, time-of-contact 2 meshes, swept-box 180 lines, pcl 6 meshes, toc-pose 13 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig8_exercise
  "gl_errors=0"
  "viewports.0.families.catch.toc=0\\.8012196[0-9]*"
  "viewports.0.counters.link_pairs=91"
  "viewports.0.counters.pcls=6"
  "viewports.0.drew=time-of-contact 1 triangles, time-of-contact 2 points, time-of-contact 2 meshes, swept-box 180 lines, pcl 6 meshes, toc-pose 13 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig8_walk
  "gl_errors=0"
  "viewports.0.families.catch.toc=1\\.0881874[0-9]*"
  "viewports.0.counters.link_pairs=346"
  "viewports.0.counters.pcls=1"
  "viewports.0.drew=time-of-contact 2 lines, time-of-contact 1 points, time-of-contact 1 meshes, swept-box 180 lines, pcl 12 lines, pcl 1 meshes, toc-pose 14 meshes"
  "viewports.0.coverage=${_covered}")
cdlab_paper_figure_test(zhang2007_fig9_excavator
  "gl_errors=0"
  "viewports.0.families.catch.toc=0\\.3135920[0-9]*"
  "viewports.0.counters.pcls=7"
  "viewports.0.drew=time-of-contact 2 lines, time-of-contact 1 points, time-of-contact 1 meshes, swept-box 60 lines, pcl 12 lines, pcl 5 meshes, toc-pose 4 meshes"
  "viewports.0.coverage=${_covered}")

# Every shot in shots/paper/ has its test above (a new figure's shot must say what it pins).
file(GLOB _paper_shot_files ${CMAKE_SOURCE_DIR}/shots/paper/*.json)
foreach(f ${_paper_shot_files})
  get_filename_component(name ${f} NAME_WE)
  if(NOT name IN_LIST _paper_tested)
    message(FATAL_ERROR "tests/cli/paperfigs.cmake: shots/paper/${name}.json has no cdlab_paper_figure_test")
  endif()
endforeach()
