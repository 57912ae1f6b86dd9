#include "BmTestDrawing.h"

#include "OverlayTable.h"
#include "TraversalColours.h"
#include "pipeline/Algorithm.h"

#include <algorithm>
#include <iterator>

namespace cdlab {

namespace {

using namespace traversal; // the colours (TraversalColours.h)

/// Takes what AlgorithmStructure::drawNode draws for one node: its BM-cone arrows (their directions) and
/// its description; wants everything (the viewport's filter is for the picked node, not this one).
class ConeCapture final : public DebugSink {
public:
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void point(const Vec3&, Rgba, DebugCategory) override {}
    void text(const Vec3&, const std::string& s, DebugCategory) override { description = s; }
    void box(const Obb&, Rgba, DebugCategory) override {}
    void arrow(const Vec3& from, const Vec3& to, Rgba, DebugCategory cat) override {
        if (cat == DebugCategory::BmCone && lengthSquared(to - from) > 0)
            cone.push_back(normalize(to - from));
    }
    std::vector<Vec3> cone; ///< world directions at the frame's end
    std::string description;
};

/// An arrow drawn as three nested strokes, so that it reads from the back of a lecture hall.
void thickArrow(DrawList& out, const Vec3& from, const Vec3& to, Rgba c, double width) {
    Vec3 d = to - from;
    Vec3 side = cross(d, std::fabs(d.x) < 0.9 * length(d) ? Vec3{1, 0, 0} : Vec3{0, 1, 0});
    side = lengthSquared(side) > 0 ? normalize(side) * width : Vec3{};
    out.arrow(from, to, c, DebugCategory::Note);
    out.line(from + side, to + side, c, DebugCategory::Note);
    out.line(from - side, to - side, c, DebugCategory::Note);
}

} // namespace

BmTestPicture drawBmTest(const BvhTraceSegment& seg, const BvhTraceStep& step,
                         const AlgorithmStructure& structure, double t, DrawList& out) {
    BmTestPicture pic;
    if (!(step.bm & (BvhTraceStep::BmTestedA | BvhTraceStep::BmTestedB))) return pic;
    pic.nodeOfA = (step.bm & BvhTraceStep::BmTestedA) != 0;
    pic.node = pic.nodeOfA ? step.nodeA : step.nodeB;
    pic.culled = (step.bm & (pic.nodeOfA ? BvhTraceStep::BmCulledA : BvhTraceStep::BmCulledB)) != 0;
    ConeCapture capture;
    structure.drawNode(t, pic.nodeOfA ? seg.objectA : seg.objectB, pic.node, capture);
    pic.description = capture.description;
    pic.coneVectors = int(capture.cone.size());
    const Bvh& bvh = pic.nodeOfA ? *seg.bvhA : *seg.bvhB;
    const Pose& pose = pic.nodeOfA ? seg.poseA : seg.poseB;
    const Obb box = bvh.nodeBox(pic.node); // in the body's frame
    // At least a fraction of the body's size: a leaf's box on a door is a few pixels across at a whole-scene
    // view, its arrows would be shorter still.
    const double size = std::max(length(box.halfSize), 0.12 * length(bvh.nodeBox(0).halfSize));
    const Vec3 centre = pose.apply(box.center);
    // The cone: arrows as long as the box's diagonal (the algorithm's own drawing of a picked node is a few
    // pixels long on a big door).
    for (const Vec3& n : capture.cone)
        thickArrow(out, centre, centre + n * (2.0 * size), kConeColour, 0.01 * size);
    // The characteristic points (sec. 4: the box's eight corners) and their displacement over the window
    // relative to the other body, in B's frame: A's point p goes from relStart p to relEnd p; B's point x
    // moves relative to A opposite to the A point that passes it.
    const Pose startInverse = seg.relativeStart.inverse();
    for (int k = 0; k < 8; ++k) {
        const Vec3 p = box.corner(k);
        const Vec3 d = pic.nodeOfA ? seg.relativeEnd.apply(p) - seg.relativeStart.apply(p)
                                   : p - seg.relativeEnd.apply(startInverse.apply(p));
        const Vec3 v = seg.poseB.R * d; // world direction at the frame's end
        bool backward = !capture.cone.empty() && lengthSquared(v) > 0;
        for (const Vec3& n : capture.cone) backward = backward && dot(v, n) < 0;
        pic.backwardPoints += backward;
        const Vec3 at = pose.apply(p);
        const Rgba c = backward ? kBackwardColour : kForwardColour;
        out.point(at, c, DebugCategory::Note);
        // Directions only, at a readable length: a frame's displacement is often a fraction of a millimetre.
        if (lengthSquared(v) > 0) thickArrow(out, at, at + normalize(v) * (0.8 * size), c, 0.006 * size);
    }
    pic.drawn = true;
    return pic;
}

const LegendEntry& bmTestLegend() {
    static const LegendEntry entry{DebugCategory::Count, kConeColour, false, "BM test:", nullptr,
                                   kBmColours,           kBmWords};
    return entry;
}

} // namespace cdlab
