// The SBV family's overlay rows (the SBV paper): each body's separating bounding volume, the separating plane
// and d*, support points and the SVM's support vectors, CSBV's overlap region and the step-through's round,
// the kept and culled triangles. Registered below, listed after the CATCH rows. The volumes, the plane and
// the region are faint fills (LegendEntry::faint).
#include "OverlayTable.h"

namespace cdlab {

namespace {
using C = DebugCategory;
// One hue per category of an SBV view (PaletteTest): the volumes in the engine's colour per body (a swatch
// each), the plane and the support points neutral (the plane's yellow was the contacts', the points the
// volumes' colours), the kept triangles violet (their orange was the overlap region's).
constexpr Rgba kSbvColours[] = {{0.3f, 0.9f, 0.5f, 1}, {0.4f, 0.6f, 1.0f, 1}}; // SbvDrawing's kSbvColors
constexpr const char* kSbvWords[] = {"first body", "second body"};
LegendEntry recoloured(DebugCategory category, Rgba colour, const char* meaning, bool faint = false) {
    LegendEntry e{category, colour, false, meaning, nullptr};
    e.faint = faint, e.recolour = true;
    return e;
}

std::vector<OverlayInfo> rows() {
    return {
        {"sbvVolumes",
         "separating bounding volumes",
         true,
         true,
         "SBV: each body's separating bounding volume for the pair (green: the first body, blue: the "
         "second) - its box cut by the two support planes normal to d*, an 8-DOP (the SBV paper's Def. 5, "
         "Fig. 1). When the bodies are apart the two volumes do not overlap.",
         {{C::SbvVolume, kSbvColours[0], false, "SBV of each body:", nullptr, kSbvColours, kSbvWords, true}}},
        {"separatingPlane",
         "separating plane and d*",
         true,
         true,
         "SBV: the optimal separating hyperplane halfway between the bodies' support planes along d* "
         "(translucent white; through the middle of the overlap when they intersect) and d* as an arrow "
         "from the first body towards the second.",
         {recoloured(C::SeparatingPlane, {0.92f, 0.92f, 0.96f, 1}, "separating plane, d* arrow", true)}},
        {"supportPoints",
         "support points",
         false,
         true,
         "SBV: each body's support points along the six axis directions, ties included (a cylinder's whole "
         "cap ring), in white: the candidates CSBV trains the SVM on (Defs. 2-3).",
         {recoloured(C::SupportPoint, {0.95f, 0.95f, 0.95f, 1}, "support points of both bodies")}},
        {"supportVectors",
         "SVM support vectors",
         true,
         true,
         "SBV with osh=svm: the training points the SVM kept as support vectors (on or inside its margin).",
         {{C::SupportVector,
           {1.0f, 0.3f, 0.9f, 1},
           false,
           "SVM support vectors (points fixing d*)",
           nullptr}}},
        {"overlapRegion",
         "overlap region",
         true,
         true,
         "SBV: where both volumes overlap after CSBV's shrinking (orange): every point the two surfaces "
         "share lies inside; the narrow phase and the penetration query look nowhere else.",
         {{C::OverlapRegion,
           {1.0f, 0.6f, 0.1f, 1},
           false,
           "overlap region after shrinking",
           nullptr,
           {},
           {},
           true}}},
        {"sbvStep",
         "CSBV round of the step-through (refines overlap region)",
         true,
         true,
         "SBV: the round chosen in the panel's Shrinking step-through, in cyan - that round's overlap "
         "region (edges, faint faces) and the triangles of both bodies that still overlap it. Round 0 is "
         "the overlap of the full SBVs; each round rebuilds both SBVs from the kept triangles only, so the "
         "region and the kept set shrink until nothing changes (sbv Fig. 4). The last round is the orange "
         "region.",
         {},
         "overlapRegion"},
        {"keptTriangles",
         "kept triangles",
         true,
         true,
         "SBV: the triangles that overlap the overlap region (filled violet), all the narrow phase tests.",
         {recoloured(C::TriangleKept, {0.7f, 0.4f, 1.0f, 1}, "triangle kept in the region")}},
        {"culledTriangles",
         "culled triangles",
         false,
         true,
         "SBV: the triangles of the pair's bodies outside the region (grey wireframe): the culling ratio is "
         "their share.",
         {{C::TriangleCulled, {0.5f, 0.5f, 0.55f, 1}, false, "triangle culled by the SBVs", nullptr}}},
    };
}

const bool registered = registerOverlays(20, rows());
// The first-time picture: both volumes, the plane between them, the overlap region the shrinking leaves and
// the triangles kept in it, the bodies see-through (the region lies inside them).
const bool sbvRecommended = registerRecommendation(
    {"sbv",
     {"sbvVolumes", "separatingPlane", "overlapRegion", "keptTriangles", "seeThroughBodies"},
     {},
     -1,
     "both SBVs, the separating plane, the overlap region and its triangles"});
} // namespace

} // namespace cdlab
