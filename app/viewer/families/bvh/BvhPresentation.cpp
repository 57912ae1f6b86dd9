// The BVH traversal algorithms' presentation (bvh, rigid-ccd, and rigid-ccd-bm with redon2002's BM-culling):
// each one's first-time picture, registered beside the generic overlay rows it turns on, and BM-culling's
// warning on a frame that starts interpenetrating. Their overlay rows are the generic ones
// (OverlayTable.cpp).
#include "FrameWarnings.h"
#include "OverlayTable.h"
#include "culling/BmCounters.h"

namespace cdlab {

namespace {
// Discrete BVH: the chosen body's hierarchy at a level deep enough to follow its shape and coarse enough to
// count (the table's level 3 is a few boxes around a door); "only nodes tested" narrows it to the descent.
const bool bvhRecommended =
    registerRecommendation({"bvh", {"bvh"}, {}, 4, "the chosen body's boxes at level 4"});
// Rigid CCD: the same over the frame's motion (the swept boxes of each time window) and the time of contact.
const bool rigidCcdRecommended =
    registerRecommendation({"rigid-ccd",
                            {"bvh", "bvhOnlyOverlapped", "bvhCulled", "timeOfContact"},
                            {"colourByDepth"},
                            4,
                            "the swept boxes tested at level 4: overlapped and culled; the time of contact"});
// BM-culling (redon2002): its Fig. 1 at once — the culled nodes of a level deep enough to cull (level 9
// culls 116 of the door's 512 nodes at t 0.5; level 3, the table's default, none) and the faces moving
// forwards filled, backwards in wireframe (before, a dozen clicks and a level only the README named).
const bool bmRecommended = registerRecommendation({"rigid-ccd-bm",
                                                   {"bmLevel", "faceMotion"},
                                                   {},
                                                   9,
                                                   "redon2002 Fig. 1 at level 9: BM-culled nodes, faces"});

// BM-culling assumes each frame starts with the bodies apart: say so on the frames where they do not.
const bool bmWarned = registerFrameWarning([](const FrameResult& r) {
    const std::uint64_t n = r.counters.get(counter::BmStartOverlaps);
    if (n == 0) return std::string();
    return "this frame starts with " + std::to_string(n) + (n == 1 ? " body pair" : " body pairs") +
           " interpenetrating: BM-culling assumes separated starts, so its contacts may differ from the "
           "same traversal's without it here";
});
} // namespace

} // namespace cdlab
