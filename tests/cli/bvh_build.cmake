# cdlab-bench bvh-build: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# Running out of memory (here an address-space limit) is said, not an abort: exit 3. Not under the
# sanitizers, which reserve more address space than the limit.
if(NOT CDLAB_SANITIZE)
  cdlab_output_test(cli.out_of_memory 3 "error: out of memory"
                    sh -c "ulimit -v 1000000 && exec \"$0\" \"$@\""
                    ${BENCH} bvh-build --generator sphere --triangles 20000000 --repeat 1)
endif()

# bvh-build: the tree sizes are pinned (one leaf per triangle: 2n - 1 nodes).
cdlab_cli_test(bvh_build "19880 triangles, 9942 vertices.*\nbvh [^\n]*1 BVHs \\(obb, longest/mean, leaf 1\\), 39759 nodes\nbvh\\[bv=aabb\\] [^\n]*1 BVHs \\(aabb, longest/mean, leaf 1\\), 39759 nodes\n"
               ${BENCH} bvh-build --generator sphere --triangles 20000 --repeat 1)
