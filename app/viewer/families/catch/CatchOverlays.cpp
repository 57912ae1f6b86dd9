// The CATCH family's overlay rows (zhang2007): swept link boxes and the other bound's, link OBBs, the
// potentially colliding links coloured by their fate, the dynamic link hierarchy, every link at the time of
// contact, the advancement step-through's iteration and the selected link's convex pieces. Registered below,
// listed after the generic rows.
#include "OverlayTable.h"

#include <iterator>

namespace cdlab {

namespace {
using C = DebugCategory;
// PairAdvance::Fate's order, as kPclFateColors: short, so that the PCL legend line fits an 800-pixel window.
constexpr const char* kFateWords[] = {"culled", "abandoned", "free", "contact", "TOC"};
static_assert(std::size(kFateWords) == std::size(kPclFateColors));
// A swept link box in a PCL or culled, and a link's OBB at the frame's start and end, as CatchAlgorithm
// draws them: a swatch each (the one red swatch stood for green boxes too).
constexpr Rgba kSweptBoxColours[] = {{1.0f, 0.3f, 0.6f, 1}, {0.78f, 0.85f, 0.82f, 1}};
constexpr const char* kSweptBoxWords[] = {"in a PCL", "culled"};
constexpr Rgba kLinkObbColours[] = {{0.6f, 0.6f, 0.65f, 1}, {1.0f, 1.0f, 1.0f, 1}};
constexpr const char* kLinkObbWords[] = {"start", "end"};

std::vector<OverlayInfo> rows() {
    return {
        {"tocPose",
         "every link at the time of contact (refines time of contact)",
         true,
         true,
         "CATCH: every other moving link where it was at the scene's time of contact, as pale ghosts: "
         "the whole model at the moment of the first contact (the touching pair is drawn by the time of "
         "contact itself).",
         {{C::TocPose, {0.9f, 0.85f, 0.78f, 1}, false, "other links at the TOC (ghosts)", nullptr}},
         "timeOfContact"},
        {"advanceStep",
         "CA step of the step-through (refines time of contact)",
         true,
         true,
         "CATCH: the iteration chosen in the panel's Advancement step-through - the segment between the two "
         "links' closest points (cyan) and both links as cyan ghosts where they were at that iteration's "
         "time. Each step advances by d / mu, the distance over the bound on how fast the links approach "
         "(zhang2007 eq. 4, sec. 6): the ghosts close in without ever passing each other.",
         {},
         "timeOfContact"},
        {"sweptBoxes",
         "swept link boxes",
         true,
         true,
         "Articulated culling (zhang2007 Fig. 4): each moving link's axis-aligned box over the whole frame, "
         "bounded with the algorithm's Taylor models or intervals; rose when the link is in a potentially "
         "colliding pair, pale grey-green when culled.",
         {{C::SweptBox, kSweptBoxColours[0], false, "swept link box:", nullptr, kSweptBoxColours,
           kSweptBoxWords}}},
        {"sweptBoxesOther",
         "with the other bound's boxes (refines swept link boxes)",
         false,
         false,
         "zhang2007 Fig. 5: beside the algorithm's boxes, the ones the other bound gives (interval boxes "
         "beside Taylor ones, or the reverse), in violet: interval boxes grow down long chains.",
         {{C::SweptBoxOther, {0.55f, 0.45f, 1.0f, 1}, false, "other bound's swept box", nullptr}},
         "sweptBoxes"},
        {"linkObbs",
         "link OBBs at frame start / end",
         false,
         true,
         "Each moving link's oriented box at the start (grey) and end (white) of the frame: what the swept "
         "box bounds in between (zhang2007 Fig. 4, left).",
         {{C::LinkObb, kLinkObbColours[1], false, "link OBB at:", nullptr, kLinkObbColours, kLinkObbWords}}},
        {"pcls",
         "potentially colliding links",
         true,
         true,
         "The links of every pair that survives spatial culling as ghosts at the frame's end (an environment "
         "body in such a pair as its box), coloured by how far temporal culling took the pair (zhang2007 "
         "Fig. 6): culled by its lower bound, abandoned once past the best TOC so far, free over the frame, "
         "in "
         "contact after the TOC, or the pair that gave the TOC. A link in several pairs shows the furthest.",
         {{C::PotentialPair, kPclFateColors[4], false, "PCL:", nullptr, kPclFateColors, kFateWords}}},
        {"linkBvh",
         "dynamic link hierarchy",
         false,
         true,
         "Every node of each model's AABB hierarchy over its swept link boxes, rebuilt every frame "
         "(zhang2007 sec. 5.2), light grey at the root to dark grey at the leaves.",
         {{C::LinkBvhNode, {0.95f, 0.95f, 0.9f, 1}, false, "dynamic link hierarchy node", nullptr}}},
        {"convexPieces",
         "convex pieces of the selected link",
         false,
         true,
         "zhang2007 sec. 4 (Ehmann & Lin 2001): the selected link's surface split into convex pieces, each "
         "filled in its own colour, and the convex hull of the piece under the mouse (or chosen in the "
         "panel's Convex pieces section) drawn translucent. These are the pieces catch:distance=hulls "
         "measures between (a BVH of "
         "their hulls per link); the panel says the piece's triangles and its hull's vertices.",
         {},
         nullptr,
         0,
         "catch"},
    };
}

const bool registered = registerOverlays(10, rows());
// The first-time picture (zhang2007 Figs. 4 and 6): the swept link boxes, the PCLs by their fate and the
// model at the time of contact.
const bool catchRecommended =
    registerRecommendation({"catch",
                            {"sweptBoxes", "pcls", "timeOfContact", "tocPose"},
                            {},
                            -1,
                            "swept link boxes, PCLs by fate, the model at the time of contact"});
} // namespace

} // namespace cdlab
