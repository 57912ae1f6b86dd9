// FrameResult: what one algorithm step reports — contacts per body pair, named deterministic counters and
// per-stage wall times. The viewer, the bench and the tests read nothing else from an algorithm.
#pragma once

#include "collision/CollisionTypes.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cdlab {

/// Named integer counters in a fixed order (the order of first insertion), so tables line up.
class Counters {
public:
    void add(std::string_view name, std::uint64_t value);
    std::uint64_t get(const std::string& name) const; ///< 0 when absent
    const std::vector<std::pair<std::string, std::uint64_t>>& items() const { return m_items; }
    void merge(const Counters& other);
    void addCollision(const CollisionCounters& c); ///< bv_tests, nodes_visited, tri_tests, pairs

private:
    std::vector<std::pair<std::string, std::uint64_t>> m_items;
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

/// Continuous algorithms: the earliest contact of a body pair within the frame and the features that make it.
/// Features are named by mesh indices so that a feature shared by several triangles has one name: a vertex
/// is {v, v}, an edge {min, max} of its vertex indices, a face {triangle, UINT32_MAX}.
struct TimeOfContact {
    enum class Kind : std::uint8_t { VertexFace, FaceVertex, EdgeEdge };
    std::uint32_t objectA = 0, objectB = 0;
    double time = 0; ///< absolute time, a lower bound within the algorithm's resolution
    Kind kind = Kind::VertexFace;
    std::uint32_t featureA[2] = {0, 0}, featureB[2] = {0, 0};
    std::uint32_t triA = 0, triB = 0; ///< a triangle carrying each feature (for drawing)
    bool hasFeatures = true;          ///< false for peers that name no features (kind, features unset)
};
const char* toString(TimeOfContact::Kind k);
/// The bodies and their features by mesh index, A's then B's, and the kind: "door vertex 12 / floor face 345
/// (vertex/face)", "knot edge 3-7 / box edge 20-21 (edge/edge)"; for a contact without features, its
/// triangles ("box triangle 4 / ball triangle 9").
std::string describeContact(const TimeOfContact& c, const std::string& nameA, const std::string& nameB);

struct FrameResult {
    double t0 = 0, t1 = 0;
    /// Only pairs with at least one contact, sorted by (objectA, objectB). Continuous algorithms list the
    /// triangle pair of the first contact.
    std::vector<BodyPairContacts> contacts;
    std::vector<TimeOfContact> firstContacts; ///< continuous algorithms, in pair order
    Counters counters;
    StageTimes stages;

    std::size_t contactPairCount() const;
    /// FNV-1a over the sorted contact sets: equal hashes = equal answers, whatever the algorithm.
    std::uint64_t hash() const;
};

/// Combines per-frame hashes into a run hash (order-sensitive).
std::uint64_t combineHash(std::uint64_t h, std::uint64_t frameHash);

} // namespace cdlab
