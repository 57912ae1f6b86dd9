// BvhTraversal: the one simultaneous traversal of two BVHs that every query runs (discrete collision, rigid
// CCD with and without back-face culling; distance queries and conservative advancement next), with what
// differs between them in a policy:
//
//   bool enter(std::uint32_t na, std::uint32_t nb)      the node pair's test: its BV test and whatever the
//   query
//                                                       counts, draws or culls there; false prunes the pair
//   bool leaves(const BvhNode& a, const BvhNode& b)     both nodes are leaves: test their primitives; false
//                                                       ends the whole traversal (a first contact is enough)
//
// Depth first on a flat explicit stack the caller keeps between queries (no allocation once it has grown),
// descending the larger node (or the only internal one) so both volumes shrink at similar rates. The policy
// is a template parameter: its calls inline, no virtual call per node.
#pragma once

#include "bvh/Bvh.h"
#include "bvh/BvhFront.h"
#include "core/Assert.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace cdlab {

using BvhPairStack = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

template <class Policy>
void traverseBvhPair(const Bvh& a, const Bvh& b, BvhPairStack& stack, Policy&& policy) {
    if (a.empty() || b.empty()) return;
    const auto& nodesA = a.nodes();
    const auto& nodesB = b.nodes();
    // An index over storage sized up front instead of push_back/pop_back: the pushes stay two stores in the
    // loop (a vector's growth path had made them out-of-line calls, 9 % of the gear pair's instructions).
    // Each descent leaves at most one pending sibling per level of either tree, so depthA + depthB + 1
    // entries suffice; the check below still grows the storage if a tree reports a smaller depth.
    const std::size_t hint = a.stats().maxDepth + b.stats().maxDepth + 3;
    if (stack.size() < hint) stack.resize(hint);
    auto* pending = stack.data();
    std::size_t top = 0;
    pending[top++] = {0, 0};
    while (top != 0) {
        const std::uint32_t na = pending[top - 1].first, nb = pending[top - 1].second;
        --top;
        CDLAB_ASSERT(na < nodesA.size() && nb < nodesB.size(), "a node pair inside both trees");
        if (!policy.enter(na, nb)) continue;
        const BvhNode &A = nodesA[na], &B = nodesB[nb];
        if (A.isLeaf() && B.isLeaf()) {
            if (!policy.leaves(A, B)) return;
            continue;
        }
        if (top + 2 > stack.size()) [[unlikely]] {
            stack.resize(2 * stack.size());
            pending = stack.data();
        }
        if (B.isLeaf() || (!A.isLeaf() && A.size >= B.size)) {
            CDLAB_ASSERT(A.firstChild > na, "children follow their parent");
            pending[top++] = {A.firstChild + 1, nb};
            pending[top++] = {A.firstChild, nb};
        } else {
            CDLAB_ASSERT(B.firstChild > nb, "children follow their parent");
            pending[top++] = {na, B.firstChild + 1};
            pending[top++] = {na, B.firstChild};
        }
    }
}

/// The same traversal started from `front` (BvhFront.h) instead of the roots, leaving in `front` the pairs
/// where it stopped: each entry is tested again; an overlapping one descends as traverseBvhPair does (its
/// separated and leaf pairs become entries), a separated one stays, and two separated sibling entries are
/// raised into their parent when the parent's volumes separate too. `parentsA`/`parentsB` are bvhParents()
/// of the two trees. Every leaf pair is visited (policy.leaves must return true: all-contacts queries only).
/// Two separated sibling entries try their parent after 2, 4, 8 queries, then every 8th: rarely enough that
/// a parent which keeps overlapping (next to a contact) costs little, often enough that a front left deep
/// where the bodies have parted climbs back within a few queries.
constexpr std::uint32_t kFrontRaiseEvery = 8;

template <class Policy>
void traverseBvhPairFront(const Bvh& a, const Bvh& b, const BvhParents& parentsA, const BvhParents& parentsB,
                          BvhFront& front, BvhPairStack& stack, Policy&& policy) {
    if (a.empty() || b.empty()) return;
    const auto& nodesA = a.nodes();
    const auto& nodesB = b.nodes();
    CDLAB_ASSERT(parentsA.size() == nodesA.size() && parentsB.size() == nodesB.size(),
                 "parents of these trees");
    std::vector<BvhFrontEntry>& current = front.current();
    std::vector<BvhFrontEntry>& next = front.next();
    if (current.empty()) current.push_back({0, 0, 0});
    // The new front and the stack are indices over storage sized up front, grown only when full (as in
    // traverseBvhPair: push_back's growth path made every append an out-of-line call).
    if (next.size() < current.size() + 16) next.resize(current.size() + 16);
    // `out` and `capacity` are next's storage held in locals: through the vector, every append reloaded
    // its begin and end (the policy's calls may write memory) and divided their distance by 12.
    std::size_t count = 0; // entries of `next` in use
    BvhFrontEntry* out = next.data();
    std::size_t capacity = next.size();
    auto append = [&](BvhFrontEntry e) {
        if (count == capacity) [[unlikely]] {
            next.resize(2 * count);
            out = next.data(), capacity = next.size();
        }
        out[count++] = e;
    };
    const std::size_t hint = a.stats().maxDepth + b.stats().maxDepth + 3;
    if (stack.size() < hint) stack.resize(hint);
    // A separated pair joins the new front; while it and the entry before it are separated siblings (one
    // side the same node, the other two children of one node) and due for a try, their parent replaces
    // both if its volumes separate as well. The parent is due again at once, so a pair of bodies moving
    // apart climbs back several levels in one query.
    // Due: 2, 4, 8, then every 8th (a power of two by the bit trick: std::has_single_bit calls libgcc's
    // popcount on x86-64's baseline, which has no popcnt instruction).
    auto due = [](std::uint32_t age) {
        return age <= kFrontRaiseEvery ? (age & (age - 1)) == 0 : age % kFrontRaiseEvery == 0;
    };
    auto pushSeparated = [&](std::uint32_t na, std::uint32_t nb, std::uint32_t separatedFor) {
        // The usual case first, from registers: this entry or the one before is too young, or not due.
        if (separatedFor < 2 || count == 0 || out[count - 1].separatedFor < 2 ||
            !due(std::min(separatedFor, out[count - 1].separatedFor))) {
            append({na, nb, separatedFor});
            return;
        }
        append({na, nb, separatedFor});
        bool raised = false;
        while (count >= 2) {
            const BvhFrontEntry p = out[count - 2], q = out[count - 1];
            if (p.separatedFor < 2 || q.separatedFor < 2) return;
            const std::uint32_t age = std::min(p.separatedFor, q.separatedFor);
            if (!raised && !due(age)) return;
            std::uint32_t pa = 0, pb = 0;
            if (p.b == q.b && p.a != q.a && p.a != 0 && q.a != 0 && parentsA[p.a] == parentsA[q.a])
                pa = parentsA[p.a], pb = p.b;
            else if (p.a == q.a && p.b != q.b && p.b != 0 && q.b != 0 && parentsB[p.b] == parentsB[q.b])
                pa = p.a, pb = parentsB[p.b];
            else
                return;
            if (policy.enter(pa, pb)) return; // the parent overlaps: keep the two children
            count -= 2;
            out[count++] = {pa, pb, age};
            raised = true;
        }
    };
    // An overlapping pair: its leaves are tested, or it descends as in traverseBvhPair. Every pair below it
    // is new to the front: a separated one joins with separatedFor 1, which pushSeparated could not raise
    // (it needs 2 on both siblings), so it is appended directly; a leaf pair joins with 0. The entry itself
    // is tested by the caller, so a separated entry (most of a slowly moving front) costs its BV test and
    // pushSeparated's check, with no stack round trip.
    auto visitOverlapping = [&](std::uint32_t na, std::uint32_t nb) {
        auto* pending = stack.data();
        std::size_t top = 0;
        for (;;) {
            const BvhNode &A = nodesA[na], &B = nodesB[nb];
            if (A.isLeaf() && B.isLeaf()) {
                [[maybe_unused]] const bool go = policy.leaves(A, B);
                CDLAB_ASSERT(go, "a front traversal visits every leaf pair");
                append({na, nb, 0});
            } else {
                if (top + 2 > stack.size()) [[unlikely]] {
                    stack.resize(2 * stack.size());
                    pending = stack.data();
                }
                if (B.isLeaf() || (!A.isLeaf() && A.size >= B.size)) {
                    pending[top++] = {A.firstChild + 1, nb};
                    pending[top++] = {A.firstChild, nb};
                } else {
                    pending[top++] = {na, B.firstChild + 1};
                    pending[top++] = {na, B.firstChild};
                }
            }
            // The next overlapping pair on the stack; the separated ones join the front on the way.
            for (;;) {
                if (top == 0) return;
                na = pending[top - 1].first, nb = pending[top - 1].second;
                --top;
                if (policy.enter(na, nb)) break;
                append({na, nb, 1});
            }
        }
    };
    for (const BvhFrontEntry e : current) {
        CDLAB_ASSERT(e.a < nodesA.size() && e.b < nodesB.size(), "a front entry inside both trees");
        if (policy.enter(e.a, e.b))
            visitOverlapping(e.a, e.b);
        else
            pushSeparated(e.a, e.b, e.separatedFor + 1);
    }
    next.resize(count);
    std::swap(current, next);
}

} // namespace cdlab
