// FrameResult: what one algorithm step reports — contacts per body pair, named deterministic counters and
// per-stage wall times. The viewer, the bench and the tests read nothing else from an algorithm.
#pragma once

#include "collision/CollisionTypes.h"
#include "mesh/FeatureIndex.h"
#include "pipeline/FrameDetails.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace cdlab {

/// Every deterministic count an algorithm reports, so that a counter the bench or a test reads is one the
/// algorithms can add (a misspelt one does not compile). Their names (toString) head the bench's columns.
enum class Counter : std::uint8_t {
    BvTests,      ///< bv_tests: bounding-volume pair tests
    NodesVisited, ///< nodes_visited: node pairs whose volumes overlap (discrete traversal)
    TriTests,     ///< tri_tests: exact triangle-triangle tests
    Pairs,        ///< pairs: colliding triangle pairs found
    EeTests,      ///< ee_tests: edge/edge elementary CCD tests (per triangle pair, redon2002 Table 1)
    VfTests,      ///< vf_tests: vertex/face tests (the moving body's vertex)
    FvTests,      ///< fv_tests: face/vertex tests (the resting body's vertex)
    BmTests,      ///< bm_tests: BM-cone node tests
    BmCulled,     ///< bm_culled: nodes BM-culled
    Contacts,     ///< contacts: body pairs with a first contact in the frame
    ContactTests, ///< contact_tests: elementary tests that found a contact
    BmNested,     ///< bm_nested: pair-frames not culled because one body starts inside the other's solid
    EeBackward,   ///< ee_backward: E/E tests whose triangle pair has a triangle moving backwards (face bound)
    VfBackward,   ///< vf_backward: the same for V/F tests
    FvBackward,   ///< fv_backward: the same for F/V tests
    LinkPairs,    ///< link_pairs: object pairs the scene tests, before spatial culling (zhang2007 Table 2)
    Pcls,         ///< pcls: potentially colliding link pairs left after spatial culling (Table 2)
    Samples,      ///< samples: sampled times at which the whole scene was tested (articulated-reference)
    Bisections,   ///< bisections: bisection steps between the last free and the first colliding time
    PclsAdvanced, ///< pcls_advanced: PCLs advanced on their meshes after temporal culling (Table 2)
    CaIterations, ///< ca_iterations: conservative-advancement iterations on the meshes
    DistanceQueries,  ///< distance_queries: mesh distance queries (advancement, bounds and witnesses)
    HullQueries,      ///< hull_queries: convex-hull distance queries (temporal culling's lower bounds)
    SbvTriangles,     ///< sbv_triangles: triangles of both bodies of every pair whose SBVs were built
    SbvKept,          ///< sbv_kept: of those, the triangles left in the overlap regions (culling ratio)
    ShrinkIterations, ///< shrink_iterations: CSBV's shrinking rounds (sbv Fig. 4's Repeat loop)
    OshSolves,        ///< osh_solves: separating directions computed (GJK or SVM training)
    LdiQueries,       ///< ldi_queries: LDI penetration queries run (body pairs not separated before)
    LdiTriangles,     ///< ldi_triangles: triangles submitted to them (after lateral culling)
    LdiFragments,     ///< ldi_fragments: fragments inside the query boxes
    LdiPixels,        ///< ldi_pixels: pixels of the query windows
    /// bm_start_overlaps: pair-frames that start with the surfaces crossing, where BM-culling (which
    /// assumes a separated start) may hide a contact the unculled pipeline reports
    BmStartOverlaps,
    GjkIterations, ///< gjk_iterations: GJK iterations of catch's hull-tree advancement (distance=hulls)
};
constexpr int kCounterCount = int(Counter::GjkIterations) + 1;
const char* toString(Counter c);
/// The counter named `name` ("ee_tests"); false when there is none.
bool parseCounter(std::string_view name, Counter& out);

/// An algorithm's counters for a frame (or a run), in the order the algorithm first added them, so tables
/// line up.
class Counters {
public:
    void add(Counter c, std::uint64_t value);
    std::uint64_t get(Counter c) const; ///< 0 when the algorithm reported none
    const std::vector<std::pair<Counter, std::uint64_t>>& items() const { return m_items; }
    void merge(const Counters& other);
    void addCollision(const CollisionCounters& c); ///< bv_tests, nodes_visited, tri_tests, pairs

private:
    std::vector<std::pair<Counter, std::uint64_t>> m_items;
};

/// Per-stage wall times in milliseconds, in stage order.
class StageTimes {
public:
    void add(std::string_view stage, double ms);
    double get(const std::string& stage) const;
    double total() const;
    const std::vector<std::pair<std::string, double>>& items() const { return m_items; }

private:
    std::vector<std::pair<std::string, double>> m_items;
};

struct BodyPairContacts {
    std::uint32_t objectA = 0, objectB = 0; ///< indices into SceneObjects
    std::vector<TrianglePair> pairs;        ///< sorted
};

/// Continuous algorithms: the earliest contact of a body pair within the frame and the features that make it
/// (by mesh indices: MeshFeature).
struct TimeOfContact {
    /// Penetrating: the bodies already intersect at the frame's start (CATCH reports TOC = start and the
    /// intersecting features).
    enum class Kind : std::uint8_t { VertexFace, FaceVertex, EdgeEdge, Penetrating };
    std::uint32_t objectA = 0, objectB = 0;
    double time = 0; ///< absolute time, a lower bound within the algorithm's resolution
    Kind kind = Kind::VertexFace;
    MeshFeature featureA, featureB;
    std::uint32_t triA = 0, triB = 0; ///< a triangle carrying each feature (for drawing)
    bool hasFeatures = true;          ///< false for peers that name no features (kind, features unset)
};
const char* toString(TimeOfContact::Kind k);
/// The continuous algorithms' order of contacts: earlier first, ties broken by kind and features, so that any
/// traversal order (and the reference) gives the same answer. Inline: the pipelines call it per elementary
/// hit.
inline bool earlierContact(const TimeOfContact& a, const TimeOfContact& b) {
    return std::make_tuple(a.time, int(a.kind), a.featureA.key(), a.featureB.key()) <
           std::make_tuple(b.time, int(b.kind), b.featureA.key(), b.featureB.key());
}
/// The same contact told from the other body's side (bodies, triangles and features swapped; vertex/face
/// becomes face/vertex).
inline TimeOfContact swappedRoles(TimeOfContact c) {
    std::swap(c.objectA, c.objectB), std::swap(c.triA, c.triB);
    std::swap(c.featureA, c.featureB);
    if (c.kind == TimeOfContact::Kind::VertexFace)
        c.kind = TimeOfContact::Kind::FaceVertex;
    else if (c.kind == TimeOfContact::Kind::FaceVertex)
        c.kind = TimeOfContact::Kind::VertexFace;
    return c;
}
/// The bodies and their features by mesh index, A's then B's, and the kind: "door vertex 12 / floor face 345
/// (vertex/face)", "knot edge 3-7 / box edge 20-21 (edge/edge)"; for a contact without features, its
/// triangles ("box triangle 4 / ball triangle 9").
std::string describeContact(const TimeOfContact& c, const std::string& nameA, const std::string& nameB);

/// What FrameResult::firstContacts holds: the earliest contact of every body pair that touches in the frame
/// (the rigid pipelines, FCL's conservative advancement), or only the earliest contact of the whole scene
/// (CATCH's time of contact: once one is found, later pairs are not advanced past it). Only the scene's
/// earliest contact (FrameResult::earliest) compares across both.
enum class FirstContactScope : std::uint8_t { PerBodyPair, Scene };

struct FrameResult {
    double t0 = 0, t1 = 0;
    /// Only pairs with at least one contact, sorted by (objectA, objectB). Continuous algorithms list the
    /// triangle pair of the first contact.
    std::vector<BodyPairContacts> contacts;
    std::vector<TimeOfContact> firstContacts; ///< continuous algorithms, in pair order; see firstContactScope
    /// Culling algorithms: the object pairs that survive culling (each lower index first, sorted).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> potentialPairs;
    FirstContactScope firstContactScope = FirstContactScope::PerBodyPair;
    /// The records only one family reports (CatchDetail, SbvDetail, LdiDetail, defined in the family's
    /// layer): find<T>() is nullptr when this frame's algorithm reported none.
    FrameDetails details;
    Counters counters;
    StageTimes stages;

    std::size_t contactPairCount() const;
    /// The scene's earliest contact in the frame (whatever the scope), nullptr when there is none.
    const TimeOfContact* earliest() const;
    /// FNV-1a over the sorted contact sets (and a culling algorithm's pairs): equal hashes = equal answers.
    std::uint64_t hash() const;
};

/// Combines per-frame hashes into a run hash (order-sensitive).
std::uint64_t combineHash(std::uint64_t h, std::uint64_t frameHash);

} // namespace cdlab
