# cdlab-bench mesh-check: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
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
