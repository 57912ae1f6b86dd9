#include "pipeline/FrameResult.h"

#include <cstring>

namespace cdlab {

const char* toString(Counter c) {
    static constexpr const char* kNames[kCounterCount] = {
        "bv_tests",      "nodes_visited",     "tri_tests",     "pairs",
        "ee_tests",      "vf_tests",          "fv_tests",      "bm_tests",
        "bm_culled",     "contacts",          "contact_tests", "bm_nested",
        "ee_backward",   "vf_backward",       "fv_backward",   "link_pairs",
        "pcls",          "samples",           "bisections",    "pcls_advanced",
        "ca_iterations", "distance_queries",  "hull_queries",  "sbv_triangles",
        "sbv_kept",      "shrink_iterations", "osh_solves",    "ldi_queries",
        "ldi_triangles", "ldi_fragments",     "ldi_pixels",    "bm_start_overlaps",
        "gjk_iterations"};
    return kNames[int(c)];
}

bool parseCounter(std::string_view name, Counter& out) {
    for (int i = 0; i < kCounterCount; ++i)
        if (name == toString(Counter(i))) {
            out = Counter(i);
            return true;
        }
    return false;
}

// Every algorithm adds its handful of counters every frame: room for a typical frame's set at once.
void Counters::add(Counter c, std::uint64_t value) {
    for (auto& [n, v] : m_items)
        if (n == c) {
            v += value;
            return;
        }
    if (m_items.empty()) m_items.reserve(8);
    m_items.emplace_back(c, value);
}

std::uint64_t Counters::get(Counter c) const {
    for (const auto& [n, v] : m_items)
        if (n == c) return v;
    return 0;
}

void Counters::merge(const Counters& other) {
    for (const auto& [n, v] : other.m_items) add(n, v);
}

void Counters::addCollision(const CollisionCounters& c) {
    add(Counter::BvTests, c.bvTests);
    add(Counter::NodesVisited, c.nodesVisited);
    add(Counter::TriTests, c.triTests);
    add(Counter::Pairs, c.pairsFound);
}

void StageTimes::add(std::string_view stage, double ms) {
    for (auto& [n, v] : m_items)
        if (n == stage) {
            v += ms;
            return;
        }
    if (m_items.empty()) m_items.reserve(4);
    m_items.emplace_back(std::string(stage), ms);
}

double StageTimes::get(const std::string& stage) const {
    for (const auto& [n, v] : m_items)
        if (n == stage) return v;
    return 0;
}

double StageTimes::total() const {
    double t = 0;
    for (const auto& [n, v] : m_items) t += v;
    return t;
}

const TimeOfContact* FrameResult::earliest() const {
    const TimeOfContact* first = nullptr;
    for (const auto& c : firstContacts)
        if (!first || c.time < first->time) first = &c;
    return first;
}

std::size_t FrameResult::contactPairCount() const {
    std::size_t n = 0;
    for (const auto& c : contacts) n += c.pairs.size();
    return n;
}

namespace {
constexpr std::uint64_t kFnvOffset = 1469598103934665603ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;
void mix(std::uint64_t& h, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) h = (h ^ ((v >> (8 * i)) & 0xff)) * kFnvPrime;
}
} // namespace

const char* toString(TimeOfContact::Kind k) {
    switch (k) {
    case TimeOfContact::Kind::VertexFace:
        return "vertex/face";
    case TimeOfContact::Kind::FaceVertex:
        return "face/vertex";
    case TimeOfContact::Kind::EdgeEdge:
        return "edge/edge";
    case TimeOfContact::Kind::Penetrating:
        return "interpenetrating at the start";
    }
    return "?";
}

std::string describeContact(const TimeOfContact& c, const std::string& nameA, const std::string& nameB) {
    auto feature = [&](const MeshFeature& f, std::uint32_t tri) {
        if (!c.hasFeatures) return "triangle " + std::to_string(tri);
        if (f.kind == MeshFeature::Kind::Face) return "face " + std::to_string(f.a);
        if (f.isPoint()) return "vertex " + std::to_string(f.a);
        return "edge " + std::to_string(f.a) + "-" + std::to_string(f.b);
    };
    std::string s =
        nameA + " " + feature(c.featureA, c.triA) + " / " + nameB + " " + feature(c.featureB, c.triB);
    return c.hasFeatures ? s + " (" + toString(c.kind) + ")" : s;
}

std::uint64_t FrameResult::hash() const {
    std::uint64_t h = kFnvOffset;
    for (const auto& c : firstContacts) {
        mix(h, (std::uint64_t(c.objectA) << 32) | c.objectB);
        std::uint64_t bits;
        std::memcpy(&bits, &c.time, sizeof bits);
        mix(h, bits);
        mix(h, std::uint64_t(c.kind));
        mix(h, c.featureA.key());
        mix(h, c.featureB.key());
    }
    for (const auto& c : contacts) {
        mix(h, (std::uint64_t(c.objectA) << 32) | c.objectB);
        mix(h, c.pairs.size());
        for (const auto& p : c.pairs) mix(h, (std::uint64_t(p.a) << 32) | p.b);
    }
    // The PCLs of a culling algorithm are its answer only when it reports no contacts at all (CATCH's PCLs
    // are a step towards its time of contact: its Taylor and interval variants answer alike).
    if (firstContactScope == FirstContactScope::PerBodyPair && firstContacts.empty() && contacts.empty())
        for (const auto& [a, b] : potentialPairs) mix(h, (std::uint64_t(a) << 32) | b);
    return h;
}

std::uint64_t combineHash(std::uint64_t h, std::uint64_t frameHash) {
    if (h == 0) h = kFnvOffset;
    mix(h, frameHash);
    return h;
}

} // namespace cdlab
