// BmTestDrawing: one node's BM test of the traversal step-through drawn at a readable size (redon2002
// sec. 4 and 6): the node's BM-cone vectors as long arrows from its centre, its eight characteristic points
// (the box corners) with their velocities relative to the other body as arrows, each coloured by the sign
// of the test at that point (backwards along every cone vector, or not).
#pragma once

#include "DrawList.h"
#include "bvh/BvhTrace.h"

#include <string>
#include <vector>

namespace cdlab {

class AlgorithmStructure;
struct LegendEntry;

/// What was drawn, for the panel and the run report.
struct BmTestPicture {
    bool drawn = false;
    bool nodeOfA = true; ///< the node is A's (the moving body's) or B's
    std::uint32_t node = 0;
    bool culled = false; ///< the engine's verdict (over the whole window, test (6))
    int coneVectors = 0;
    int backwardPoints = 0;  ///< of the 8, the points whose displacement over the window has a negative dot
                             ///< product with every cone vector
    std::string description; ///< the node's description from the algorithm (BM-cone size)
};

/// Draws the BM test of `step` (the first of its two nodes that was tested) into `out`, with the cone
/// vectors the algorithm's structure draws for the node (AlgorithmStructure::drawNode at time `t`, the
/// frame's end); nothing when the step ran no BM test.
BmTestPicture drawBmTest(const BvhTraceSegment& seg, const BvhTraceStep& step,
                         const AlgorithmStructure& structure, double t, DrawList& out);

/// The legend's line for it.
const LegendEntry& bmTestLegend();

} // namespace cdlab
