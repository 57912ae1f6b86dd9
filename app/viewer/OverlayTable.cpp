#include "OverlayTable.h"

#include "core/Assert.h"
#include "pipeline/AlgorithmRegistry.h"

#include <algorithm>
#include <array>

namespace cdlab {

namespace {
using C = DebugCategory;
// One hue per category drawn in a view (Palette.h; PaletteTest checks): the BM test on the whole level in
// magenta, the nodes the traversal BM-culled in violet (both were magenta), tested boxes that overlapped in
// green beside culled ones in blue (orange overlapped boxes sat on the orange door and the orange ghost),
// Fig. 1's forward faces a pale cream (they were the tested boxes' orange).
constexpr Rgba kMagenta{0.95f, 0.2f, 0.85f, 1.0f};
constexpr Rgba kViolet{0.6f, 0.35f, 1.0f, 1.0f};
constexpr Rgba kOverlapGreen{0.35f, 0.9f, 0.35f, 1.0f};
// The time of contact's two colours and the BM-cone's, as the engine draws them (TimeOfContactDrawing,
// RigidCcdDrawing): a swatch each.
constexpr Rgba kTocColours[] = {{1.0f, 0.6f, 0.15f, 1}, {1.0f, 0.85f, 0.1f, 1}};
constexpr const char* kTocWords[] = {"ghost", "features"};
constexpr Rgba kConeColours[] = {{0.2f, 0.9f, 1.0f, 1}, {0.6f, 0.6f, 0.65f, 1}};
constexpr const char* kConeWords[] = {"BM-vectors", "triangle normals"};
LegendEntry recoloured(DebugCategory category, Rgba colour, const char* meaning,
                       const char* continuous = nullptr) {
    LegendEntry e{category, colour, false, meaning, continuous};
    e.recolour = true;
    return e;
}

// The generic rows, in the order of overlay::Bvh... (their ids). A family's rows are in its folder.
std::vector<OverlayInfo> genericRows() {
    return {
        {"seeThroughBodies",
         "see-through bodies",
         false,
         false,
         "The bodies drawn translucent after the overlays, so that what lies inside them (a penetration "
         "region, the boxes of a deep level) shows through.",
         {}},
        {"bvh",
         "BVH level",
         false,
         true,
         "Boxes of one body's hierarchy at one depth (leaves above it included), as the algorithm reports "
         "them.",
         {{C::BvhNode, {0.9f, 0.9f, 0.9f, 1}, true, "BVH node of the level", nullptr}}},
        {"bvhOnlyOverlapped",
         "only nodes tested this frame (refines BVH level)",
         false,
         false,
         "Instead of every node of the level: those whose bounding-volume test against the other body "
         "overlapped "
         "this frame. With the continuous algorithms the moving body's nodes are drawn as the boxes their "
         "motion "
         "sweeps over each time window of the frame (oriented swept boxes), the volumes the test used.",
         {recoloured(C::BvOverlap, kOverlapGreen, "node whose BV test overlapped",
                     "swept box over a time window: BV test overlapped")},
         "bvh"},
        {"bvhCulled",
         "with those the BV test culled (refines only tested)",
         false,
         false,
         "Also the level's nodes whose bounding-volume test found them apart this frame (blue).",
         {recoloured(C::BvSeparated, kBvSeparatedColor, "node the BV test culled")},
         "bvhOnlyOverlapped"},
        {"bmCulled",
         "BM-culled this frame (refines BVH level)",
         true,
         false,
         "Nodes of the level that the backward-motion test culled this frame (violet): every triangle below "
         "them "
         "moves away from the other body (redon2002 sec. 3).",
         {recoloured(C::BmCulled, kViolet, "BM-culled: its triangles all move away")},
         "bvh"},
        {"colourByDepth",
         "colour by depth (refines BVH level)",
         true,
         false,
         "Boxes coloured by their depth in the hierarchy (hue cycles from red to blue) instead of white.",
         {},
         "bvh"},
        {"bmLevel",
         "BM test on the whole level",
         false,
         false,
         "redon2002 Fig. 1: every node of the level that the backward-motion test culls over this frame's "
         "relative "
         "motion (magenta), whether or not the traversal reached it. Descend the levels to see the culled "
         "volumes "
         "follow the faces moving away.",
         {recoloured(C::BmLevel, kMagenta, "BM test culls it over the frame (Fig. 1)")}},
        {"faceMotion",
         "forward / backward faces",
         false,
         true,
         "redon2002 Fig. 1: the chosen body's faces moving forwards (v . n >= 0 for the velocity relative to "
         "the "
         "other body at a vertex) filled, faces moving backwards (eq. 3) in wireframe, from the frame's "
         "relative "
         "motion at its end.",
         {recoloured(C::ForwardFace, {0.9f, 0.87f, 0.8f, 1}, "face moving forwards (filled)"),
          recoloured(C::BackwardFace, {0.35f, 0.35f, 0.38f, 1}, "face moving backwards (wire)")}},
        {"pickedCone",
         "BM-cone arrows of the picked node",
         true,
         false,
         "The picked node's BM-vectors (cyan arrows, redon2002 sec. 4) and the distinct normals of its "
         "triangles "
         "(grey strokes): every normal lies in the positive cone of the arrows, so a relative velocity "
         "making an "
         "obtuse angle with every arrow moves all the node's triangles backwards (Lemma 3).",
         {{C::BmCone, kConeColours[0], false, "picked node's BM-cone:", nullptr, kConeColours, kConeWords}}},
        {"hitTriangles",
         "colliding triangles",
         true,
         true,
         "Both triangles of every colliding pair: red outline, translucent fill.",
         {recoloured(C::TriangleHit, {1.0f, 0.1f, 0.1f, 1}, "colliding triangle")}},
        {"contacts",
         "contacts",
         true,
         true,
         "The segment where two triangles cross, with its midpoint (yellow).",
         {recoloured(C::Contact, {1.0f, 1.0f, 0.2f, 1}, "contact segment and midpoint")}},
        {"timeOfContact",
         "time of contact",
         true,
         true,
         "Continuous algorithms: each first contact as it was at its time of contact - the moving body there "
         "as "
         "an orange wireframe ghost, the touching features (vertex, edges, face) in yellow, and a label with "
         "the "
         "time and where it falls in the frame.",
         {{C::TimeOfContact, kTocColours[0], false, "at the time of contact:", nullptr, kTocColours,
           kTocWords}}},
    };
}

// Categories drawn without a toggle of their own: the picked node (Ctrl+click).
// Lime: apart from the contacts' yellow and the overlapped boxes' green.
const LegendEntry kPickedNodeLegend =
    recoloured(C::PickedNode, {0.6f, 1.0f, 0.25f, 1}, "picked node and its triangles");

struct OverlayRows {
    std::vector<OverlayInfo> rows;                  ///< in panel order
    std::vector<int> orders;                        ///< each row's registration order
    std::vector<std::size_t> indexOf;               ///< by id: the row's index in `rows`
    std::vector<int> parentOf;                      ///< by id: the id of the row it refines, or -1
    std::array<int, std::size_t(C::Count)> rowOf{}; ///< by category: the index of its row, or -1
    std::array<const LegendEntry*, std::size_t(C::Count)> legend{}; ///< by category

    OverlayRows() {
        add(0, genericRows());
        for (OverlayId id = 0; id < overlay::GenericCount; ++id)
            CDLAB_ASSERT(rows[id].id == id, "the generic rows are listed in overlay::Bvh...'s order");
    }

    void add(int order, std::vector<OverlayInfo> added) {
        // After the rows of the same or a lower order, so that a family's rows stay together and in order.
        const auto at = std::size_t(std::upper_bound(orders.begin(), orders.end(), order) - orders.begin());
        for (OverlayInfo& row : added) {
            CDLAB_ASSERT(indexOf.size() < 0xffff, "an overlay id is 16 bits");
            row.id = OverlayId(indexOf.size());
            indexOf.push_back(0);
        }
        rows.insert(rows.begin() + std::ptrdiff_t(at), added.begin(), added.end());
        orders.insert(orders.begin() + std::ptrdiff_t(at), added.size(), order);
        reindex();
    }

    // The lookups by id and category, after every registration (rows may have moved).
    void reindex() {
        rowOf.fill(-1);
        legend.fill(nullptr);
        legend[std::size_t(C::PickedNode)] = &kPickedNodeLegend;
        parentOf.assign(indexOf.size(), -1);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const OverlayInfo& row = rows[i];
            indexOf[row.id] = i;
            for (const LegendEntry& e : row.shows) {
                CDLAB_ASSERT(e.category < C::Count && rowOf[std::size_t(e.category)] < 0,
                             "a category is shown by one row");
                rowOf[std::size_t(e.category)] = int(i);
                legend[std::size_t(e.category)] = &e;
            }
            if (row.refines) {
                for (std::size_t p = 0; p < i; ++p)
                    if (std::string_view(rows[p].key) == row.refines) parentOf[row.id] = rows[p].id;
                CDLAB_ASSERT(parentOf[row.id] >= 0, "a row refines one listed before it");
            }
            for (std::size_t p = 0; p < i; ++p)
                CDLAB_ASSERT(std::string_view(rows[p].key) != row.key, "each settings key once");
        }
    }
};

OverlayRows& registry() {
    static OverlayRows r; // built on first use: families register from static initializers, before main
    return r;
}
} // namespace

namespace {
std::vector<OverlayRecommendation>& recommendationList() {
    static std::vector<OverlayRecommendation> list; // filled from static initializers, before main
    return list;
}
} // namespace

bool registerRecommendation(OverlayRecommendation recommendation) {
    CDLAB_ASSERT(recommendation.algorithm && !recommendedOverlays(recommendation.algorithm),
                 "one recommendation per algorithm");
    recommendationList().push_back(std::move(recommendation));
    return true;
}

const OverlayRecommendation* recommendedOverlays(std::string_view algorithm) {
    for (const OverlayRecommendation& r : recommendationList())
        if (algorithm == r.algorithm) return &r;
    return nullptr;
}

const std::vector<OverlayRecommendation>& overlayRecommendations() {
    return recommendationList();
}

bool registerOverlays(int order, std::vector<OverlayInfo> rows) {
    CDLAB_ASSERT(order > 0, "order 0 is the generic rows'");
    registry().add(order, std::move(rows));
    return true;
}

const std::vector<OverlayInfo>& overlayTable() {
    return registry().rows;
}

const OverlayInfo* findOverlay(std::string_view key) {
    for (const OverlayInfo& row : registry().rows)
        if (key == row.key) return &row;
    return nullptr;
}

const OverlayInfo& overlayRow(OverlayId id) {
    const OverlayRows& r = registry();
    CDLAB_ASSERT(id < r.indexOf.size(), "an id of a registered row");
    return r.rows[r.indexOf[id]];
}

OverlayId overlayCount() {
    return OverlayId(registry().indexOf.size());
}

const LegendEntry* legendEntry(DebugCategory category) {
    return category < C::Count ? registry().legend[std::size_t(category)] : nullptr;
}

const OverlayInfo* overlayFor(DebugCategory category) {
    if (category >= C::Count) return nullptr;
    const OverlayRows& r = registry();
    const int i = r.rowOf[std::size_t(category)];
    return i < 0 ? nullptr : &r.rows[std::size_t(i)];
}

OverlaySettings::OverlaySettings() {
    resetOverlays(*this);
}

bool* OverlaySettings::flag(OverlayId row) {
    CDLAB_ASSERT(row < overlayCount(), "an id of a registered row");
    // A family registered after these settings were made (only during static initialization): its rows'
    // defaults.
    while (m_flags.size() <= row) m_flags.push_back({defaultOf(OverlayId(m_flags.size()))});
    return &m_flags[row].on;
}

bool OverlaySettings::defaultOf(OverlayId row) {
    return overlayRow(row).defaultOn;
}

bool overlayOn(const OverlayInfo& row, const OverlaySettings& s) {
    const OverlayRows& r = registry();
    for (int id = row.id; id >= 0; id = r.parentOf[std::size_t(id)])
        if (!s.get(OverlayId(id))) return false;
    return true;
}

bool overlayApplies(const OverlayInfo& row, const AlgorithmInfo& algo, std::string* whyNot) {
    if (row.appliesTo) {
        const bool applies = row.appliesTo(algo);
        if (whyNot) {
            std::string others;
            for (const AlgorithmInfo& a : AlgorithmRegistry::instance().list())
                if (row.appliesTo(a)) others += (others.empty() ? "" : ", ") + a.name;
            *whyNot = applies ? std::string()
                              : algo.name + " draws nothing of this; it is drawn for " + others + ".";
        }
        return applies;
    }
    if (row.onlyFor) {
        const bool applies = algo.name == row.onlyFor;
        if (whyNot)
            *whyNot = applies ? std::string()
                              : algo.name + " draws nothing of this; " + row.onlyFor + "'s view draws it.";
        return applies;
    }
    if (row.shows.empty()) {
        const int parent = registry().parentOf[row.id];
        return parent < 0 || overlayApplies(overlayRow(OverlayId(parent)), algo, whyNot);
    }
    auto draws = [&](const AlgorithmInfo& a) {
        for (const LegendEntry& e : row.shows)
            if (std::find(a.draws.begin(), a.draws.end(), e.category) != a.draws.end()) return true;
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
    for (const OverlayInfo& row : overlayTable()) s.set(row.id, row.defaultOn);
}

void showAllOverlays(OverlaySettings& s) {
    for (const OverlayInfo& row : overlayTable())
        if (row.withAll) s.set(row.id, true);
    s.bvhLevel = 4;
}

} // namespace cdlab
