// FrameResult: what one algorithm step reports — contacts per body pair, named deterministic counters and
// per-stage wall times. The viewer, the bench and the tests read nothing else from an algorithm.
#pragma once

#include "collision/CollisionTypes.h"
#include "core/Counters.h"
#include "mesh/FeatureIndex.h"
#include "pipeline/FrameDetails.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace cdlab {

namespace counter {
// The counters every kind of algorithm may report (each family declares its own next to its stats struct).
inline const CounterDeclaration Contacts{"contacts", "body pairs with a first contact in the frame"};
/// The sampled references' (articulated-reference, fcl-sampled) counters.
inline const CounterDeclaration Samples{"samples", "sampled times at which the whole scene was tested"};
inline const CounterDeclaration Bisections{
    "bisections", "bisection steps between the last free and the first colliding time"};
} // namespace counter

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
