// Result types shared by every discrete collision query.
#pragma once

#include "core/Counters.h"

#include <compare>
#include <cstdint>
#include <vector>

namespace cdlab {

enum class ContactMode : std::uint8_t {
    FirstContact, ///< stop at the first colliding triangle pair
    AllPairs      ///< report every colliding triangle pair
};

struct TrianglePair {
    std::uint32_t a = 0, b = 0; ///< triangle indices in body A's and body B's mesh
    auto operator<=>(const TrianglePair&) const = default;
};

namespace counter {
inline const CounterDeclaration BvTests{"bv_tests", "bounding-volume pair tests"};
inline const CounterDeclaration NodesVisited{"nodes_visited",
                                             "node pairs whose volumes overlap (discrete traversal)"};
inline const CounterDeclaration TriTests{"tri_tests", "exact triangle-triangle tests"};
inline const CounterDeclaration Pairs{"pairs", "colliding triangle pairs found"};
} // namespace counter

/// Deterministic cost counters: identical for identical inputs on any machine.
struct CollisionCounters {
    std::uint64_t bvTests = 0;      ///< bounding-volume overlap tests
    std::uint64_t nodesVisited = 0; ///< BV pairs that overlapped (traversal descended or tested triangles)
    std::uint64_t triTests = 0;     ///< exact triangle-triangle tests
    std::uint64_t pairsFound = 0;   ///< colliding triangle pairs reported

    CollisionCounters& operator+=(const CollisionCounters& o) {
        bvTests += o.bvTests, nodesVisited += o.nodesVisited, triTests += o.triTests,
            pairsFound += o.pairsFound;
        return *this;
    }
    /// bv_tests, nodes_visited, tri_tests, pairs.
    void addTo(Counters& out) const {
        out.add(counter::BvTests, bvTests), out.add(counter::NodesVisited, nodesVisited);
        out.add(counter::TriTests, triTests), out.add(counter::Pairs, pairsFound);
    }
};

struct CollisionResult {
    std::vector<TrianglePair> pairs; ///< in discovery order; sort for comparisons
    CollisionCounters counters;
    bool colliding() const { return !pairs.empty(); }
};

} // namespace cdlab
