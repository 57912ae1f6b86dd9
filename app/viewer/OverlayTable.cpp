#include "OverlayTable.h"

#include "pipeline/AlgorithmRegistry.h"

#include <algorithm>
#include <iterator>

namespace cdlab {

namespace {
using C = DebugCategory;
constexpr Rgba kMagenta{0.95f, 0.2f, 0.85f, 1.0f};
// PairAdvance::Fate's order, as kPclFateColors: short, so that the PCL legend line fits an 800-pixel window.
constexpr const char* kFateWords[] = {"culled", "abandoned", "free", "contact", "TOC"};
static_assert(std::size(kFateWords) == std::size(kPclFateColors));
// The LDI region's depth ramp at its ends, as the ldi algorithms colour a column by its overlap length over
// the pair's max depth (LdiAlgorithm's depthColor at 0 and 1).
constexpr Rgba kLdiDepthRamp[] = {{0.2f, 0.35f, 1.0f, 1.0f}, {1.0f, 0.35f, 0.2f, 1.0f}};
constexpr const char* kLdiDepthWords[] = {"shallow", "deep"};
} // namespace

const std::vector<OverlayInfo>& overlayTable() {
    static const std::vector<OverlayInfo> table = {
        {"bvh",
         "BVH level",
         &OverlaySettings::bvh,
         false,
         "Boxes of one body's hierarchy at one depth (leaves above it included), as the algorithm reports "
         "them.",
         {C::BvhNode}},
        {"bvhOnlyOverlapped",
         "only nodes tested this frame (refines BVH level)",
         &OverlaySettings::bvhOnlyOverlapped,
         false,
         "Instead of every node of the level: those whose bounding-volume test against the other body "
         "overlapped "
         "this frame. With the continuous algorithms the moving body's nodes are drawn as the boxes their "
         "motion "
         "sweeps over each time window of the frame (oriented swept boxes), the volumes the test used.",
         {C::BvOverlap},
         "bvh"},
        {"bvhCulled",
         "with those the BV test culled (refines only tested)",
         &OverlaySettings::bvhCulled,
         false,
         "Also the level's nodes whose bounding-volume test found them apart this frame (blue).",
         {C::BvSeparated},
         "bvhOnlyOverlapped"},
        {"bmCulled",
         "BM-culled this frame (refines BVH level)",
         &OverlaySettings::bmCulled,
         true,
         "Nodes of the level that the backward-motion test culled this frame (magenta): every triangle below "
         "them "
         "moves away from the other body (redon2002 sec. 3).",
         {C::BmCulled},
         "bvh"},
        {"colourByDepth",
         "colour by depth (refines BVH level)",
         &OverlaySettings::colourByDepth,
         true,
         "Boxes coloured by their depth in the hierarchy (hue cycles from red to blue) instead of white.",
         {},
         "bvh"},
        {"bmLevel",
         "BM test on the whole level",
         &OverlaySettings::bmLevel,
         false,
         "redon2002 Fig. 1: every node of the level that the backward-motion test culls over this frame's "
         "relative "
         "motion (magenta), whether or not the traversal reached it. Descend the levels to see the culled "
         "volumes "
         "follow the faces moving away.",
         {C::BmLevel}},
        {"faceMotion",
         "forward / backward faces",
         &OverlaySettings::faceMotion,
         false,
         "redon2002 Fig. 1: the chosen body's faces moving forwards (v . n >= 0 for the velocity relative to "
         "the "
         "other body at a vertex) filled, faces moving backwards (eq. 3) in wireframe, from the frame's "
         "relative "
         "motion at its end.",
         {C::ForwardFace, C::BackwardFace}},
        {"pickedCone",
         "BM-cone arrows of the picked node",
         &OverlaySettings::pickedCone,
         true,
         "The picked node's BM-vectors (cyan arrows, redon2002 sec. 4) and the distinct normals of its "
         "triangles "
         "(grey strokes): every normal lies in the positive cone of the arrows, so a relative velocity "
         "making an "
         "obtuse angle with every arrow moves all the node's triangles backwards (Lemma 3).",
         {C::BmCone}},
        {"hitTriangles",
         "colliding triangles",
         &OverlaySettings::hitTriangles,
         true,
         "Both triangles of every colliding pair: red outline, translucent fill.",
         {C::TriangleHit}},
        {"contacts",
         "contacts",
         &OverlaySettings::contacts,
         true,
         "The segment where two triangles cross, with its midpoint (yellow).",
         {C::Contact}},
        {"timeOfContact",
         "time of contact",
         &OverlaySettings::timeOfContact,
         true,
         "Continuous algorithms: each first contact as it was at its time of contact - the moving body there "
         "as "
         "an orange wireframe ghost, the touching features (vertex, edges, face) in yellow, and a label with "
         "the "
         "time and where it falls in the frame.",
         {C::TimeOfContact}},
        {"tocPose",
         "every link at the time of contact (refines time of contact)",
         &OverlaySettings::tocPose,
         true,
         "CATCH: every other moving link where it was at the scene's time of contact, as pale orange ghosts: "
         "the whole model at the moment of the first contact (the touching pair is drawn by the time of "
         "contact itself).",
         {C::TocPose},
         "timeOfContact"},
        {"advanceStep",
         "CA step of the step-through (refines time of contact)",
         &OverlaySettings::advanceStep,
         true,
         "CATCH: the iteration chosen in the panel's Advancement step-through - the segment between the two "
         "links' closest points (cyan) and both links as cyan ghosts where they were at that iteration's "
         "time. Each step advances by d / mu, the distance over the bound on how fast the links approach "
         "(zhang2007 eq. 4, sec. 6): the ghosts close in without ever passing each other.",
         {},
         "timeOfContact"},
        {"sweptBoxes",
         "swept link boxes",
         &OverlaySettings::sweptBoxes,
         true,
         "Articulated culling (zhang2007 Fig. 4): each moving link's axis-aligned box over the whole frame, "
         "bounded with the algorithm's Taylor models or intervals; red when the link is in a potentially "
         "colliding pair, green when culled.",
         {C::SweptBox}},
        {"sweptBoxesOther",
         "with the other bound's boxes (refines swept link boxes)",
         &OverlaySettings::sweptBoxesOther,
         false,
         "zhang2007 Fig. 5: beside the algorithm's boxes, the ones the other bound gives (interval boxes "
         "beside Taylor ones, or the reverse), in violet: interval boxes grow down long chains.",
         {C::SweptBoxOther},
         "sweptBoxes"},
        {"linkObbs",
         "link OBBs at frame start / end",
         &OverlaySettings::linkObbs,
         false,
         "Each moving link's oriented box at the start (grey) and end (white) of the frame: what the swept "
         "box bounds in between (zhang2007 Fig. 4, left).",
         {C::LinkObb}},
        {"pcls",
         "potentially colliding links",
         &OverlaySettings::pcls,
         true,
         "The links of every pair that survives spatial culling as ghosts at the frame's end (an environment "
         "body in such a pair as its box), coloured by how far temporal culling took the pair (zhang2007 "
         "Fig. 6): culled by its lower bound, abandoned once past the best TOC so far, free over the frame, "
         "in "
         "contact after the TOC, or the pair that gave the TOC. A link in several pairs shows the furthest.",
         {C::PotentialPair}},
        {"linkBvh",
         "dynamic link hierarchy",
         &OverlaySettings::linkBvh,
         false,
         "Every node of each model's AABB hierarchy over its swept link boxes, rebuilt every frame "
         "(zhang2007 sec. 5.2), coloured by depth from orange (root) to blue.",
         {C::LinkBvhNode}},
        {"sbvVolumes",
         "separating bounding volumes",
         &OverlaySettings::sbvVolumes,
         true,
         "SBV: each body's separating bounding volume for the pair (green: the first body, blue: the "
         "second) - its box cut by the two support planes normal to d*, an 8-DOP (the SBV paper's Def. 5, "
         "Fig. 1). When the bodies are apart the two volumes do not overlap.",
         {C::SbvVolume}},
        {"separatingPlane",
         "separating plane and d*",
         &OverlaySettings::separatingPlane,
         true,
         "SBV: the optimal separating hyperplane halfway between the bodies' support planes along d* "
         "(translucent yellow; through the middle of the overlap when they intersect) and d* as an arrow "
         "from the first body towards the second.",
         {C::SeparatingPlane}},
        {"supportPoints",
         "support points",
         &OverlaySettings::supportPoints,
         false,
         "SBV: each body's support points along the six axis directions, ties included (a cylinder's whole "
         "cap ring): the candidates CSBV trains the SVM on (Defs. 2-3).",
         {C::SupportPoint}},
        {"supportVectors",
         "SVM support vectors",
         &OverlaySettings::supportVectors,
         true,
         "SBV with osh=svm: the training points the SVM kept as support vectors (on or inside its margin).",
         {C::SupportVector}},
        {"overlapRegion",
         "overlap region",
         &OverlaySettings::overlapRegion,
         true,
         "SBV: where both volumes overlap after CSBV's shrinking (orange): every point the two surfaces "
         "share lies inside; the narrow phase and the penetration query look nowhere else.",
         {C::OverlapRegion}},
        {"sbvStep",
         "CSBV round of the step-through (refines overlap region)",
         &OverlaySettings::sbvStep,
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
         &OverlaySettings::keptTriangles,
         true,
         "SBV: the triangles that overlap the overlap region (filled orange), all the narrow phase tests.",
         {C::TriangleKept}},
        {"culledTriangles",
         "culled triangles",
         &OverlaySettings::culledTriangles,
         false,
         "SBV: the triangles of the pair's bodies outside the region (grey wireframe): the culling ratio is "
         "their share.",
         {C::TriangleCulled}},
        {"ldiBox",
         "LDI query box and row",
         &OverlaySettings::ldiBox,
         true,
         "LDI: the query box Q the layered depth image covers (yellow; ldi: the two bodies' common box, "
         "sbv-ldi: the box around the SBVs' overlap region, viewed along d*) and, across its near face, the "
         "pixel row the panel's teaching view shows (white).",
         {C::LdiBox}},
        {"ldiRegion",
         "LDI penetration region",
         &OverlaySettings::ldiRegion,
         true,
         "LDI: the penetration region sampled as depth columns, about 64 across the window: each runs along "
         "the view axis from the first to the last depth where its pixel's ray is inside both bodies, "
         "coloured by its overlap length from blue (shallow) to red (the pair's max depth).",
         {C::LdiRegion}},
    };
    return table;
}

const LegendEntry* legendEntry(DebugCategory category) {
    static const std::vector<LegendEntry> legend = {
        {C::BvhNode, {0.9f, 0.9f, 0.9f, 1}, true, "BVH node of the level", nullptr},
        {C::BvOverlap, kBvOverlapColor, true, "node whose BV test overlapped",
         "swept box over a time window: BV test overlapped"},
        {C::BvSeparated, kBvSeparatedColor, false, "node the BV test culled", nullptr},
        {C::BmCulled, kMagenta, false, "BM-culled: its triangles all move away", nullptr},
        {C::BmLevel, kMagenta, false, "BM test culls it over the frame (Fig. 1)", nullptr},
        {C::PickedNode, {1.0f, 1.0f, 0.3f, 1}, false, "picked node and its triangles", nullptr},
        {C::BmCone, {0.2f, 0.9f, 1.0f, 1}, false, "BM-vectors (cyan), triangle normals (grey)", nullptr},
        {C::ForwardFace, {0.95f, 0.75f, 0.45f, 1}, false, "face moving forwards (filled)", nullptr},
        {C::BackwardFace, {0.35f, 0.35f, 0.38f, 1}, false, "face moving backwards (wire)", nullptr},
        {C::TriangleHit, {1.0f, 0.1f, 0.1f, 1}, false, "colliding triangle", nullptr},
        {C::Contact, {1.0f, 1.0f, 0.2f, 1}, false, "contact segment and midpoint", nullptr},
        {C::TimeOfContact,
         {1.0f, 0.6f, 0.15f, 1},
         false,
         "at the time of contact: ghost, features (yellow)",
         nullptr},
        {C::SweptBox, {1.0f, 0.2f, 0.15f, 1}, false, "swept link box (red: in a PCL)", nullptr},
        {C::SweptBoxOther, {0.55f, 0.45f, 1.0f, 1}, false, "other bound's swept box", nullptr},
        {C::LinkObb, {0.85f, 0.85f, 0.9f, 1}, false, "link OBB at start / end", nullptr},
        {C::PotentialPair, {1.0f, 0.2f, 0.15f, 1}, false, "PCL:", nullptr, kPclFateColors, kFateWords},
        {C::LinkBvhNode, {1.0f, 0.55f, 0.3f, 1}, false, "dynamic link hierarchy node", nullptr},
        {C::TocPose, {0.95f, 0.75f, 0.3f, 1}, false, "other links at the TOC (ghosts)", nullptr},
        {C::SbvVolume, {0.3f, 0.9f, 0.5f, 1}, false, "SBV of each body (green, blue)", nullptr},
        {C::SeparatingPlane, {1.0f, 0.95f, 0.3f, 1}, false, "separating plane, d* arrow", nullptr},
        {C::SupportPoint, {0.3f, 0.9f, 0.5f, 1}, false, "support points of each body (green, blue)", nullptr},
        {C::SupportVector, {1.0f, 0.3f, 0.9f, 1}, false, "SVM support vectors (points fixing d*)", nullptr},
        {C::OverlapRegion, {1.0f, 0.6f, 0.1f, 1}, false, "overlap region after shrinking", nullptr},
        {C::TriangleKept, {1.0f, 0.45f, 0.1f, 1}, false, "triangle kept in the region", nullptr},
        {C::TriangleCulled, {0.5f, 0.5f, 0.55f, 1}, false, "triangle culled by the SBVs", nullptr},
        {C::LdiBox, {0.9f, 0.9f, 0.3f, 1}, false, "LDI query box Q, the teaching row (white)", nullptr},
        {C::LdiRegion, kLdiDepthRamp[1], false, "LDI penetration depth:", nullptr, kLdiDepthRamp,
         kLdiDepthWords},
    };
    for (const LegendEntry& e : legend)
        if (e.category == category) return &e;
    return nullptr;
}

const OverlayInfo* overlayFor(DebugCategory category) {
    for (const OverlayInfo& row : overlayTable())
        if (std::find(row.categories.begin(), row.categories.end(), category) != row.categories.end())
            return &row;
    return nullptr;
}

namespace {
const OverlayInfo* rowByKey(const char* key) {
    for (const OverlayInfo& row : overlayTable())
        if (std::string(row.key) == key) return &row;
    return nullptr;
}
} // namespace

bool overlayOn(const OverlayInfo& row, const OverlaySettings& s) {
    if (!(s.*row.flag)) return false;
    const OverlayInfo* parent = row.refines ? rowByKey(row.refines) : nullptr;
    return !parent || overlayOn(*parent, s);
}

bool overlayApplies(const OverlayInfo& row, const AlgorithmInfo& algo, std::string* whyNot) {
    if (row.categories.empty()) {
        const OverlayInfo* parent = row.refines ? rowByKey(row.refines) : nullptr;
        return !parent || overlayApplies(*parent, algo, whyNot);
    }
    auto draws = [&](const AlgorithmInfo& a) {
        for (DebugCategory c : row.categories)
            if (std::find(a.draws.begin(), a.draws.end(), c) != a.draws.end()) return true;
        return false;
    };
    if (draws(algo)) {
        if (whyNot) whyNot->clear();
        return true;
    }
    if (whyNot) {
        std::string others;
        for (const AlgorithmInfo& a : AlgorithmRegistry::instance().list())
            if (draws(a)) others += (others.empty() ? "" : ", ") + a.name;
        *whyNot = algo.name + " draws nothing of this" +
                  (others.empty() ? std::string(".") : "; it is drawn by " + others + ".");
    }
    return false;
}

void resetOverlays(OverlaySettings& s) {
    for (const OverlayInfo& row : overlayTable()) s.*row.flag = row.defaultOn;
}

void showAllOverlays(OverlaySettings& s) {
    s.bvh = s.hitTriangles = s.contacts = s.faceMotion = s.timeOfContact = true;
    s.sweptBoxes = s.linkObbs = s.pcls = s.linkBvh = s.tocPose = s.advanceStep = true;
    s.sbvVolumes = s.separatingPlane = s.supportPoints = s.supportVectors = s.overlapRegion = true;
    s.keptTriangles = s.culledTriangles = s.sbvStep = true;
    s.ldiBox = s.ldiRegion = true;
    s.bvhLevel = 4;
}

} // namespace cdlab
