#include "ccd/CcdQueryGenerator.h"

#include "core/InputError.h"
#include "geometry/Mat3.h"
#include "geometry/Quat.h"

#include <cmath>
#include <fstream>
#include <numbers>

namespace cdlab {

namespace {

/// SplitMix64 (Steele, Lea and Flood 2014): the same sequence on every platform (std distributions are not).
class SplitMix {
public:
    explicit SplitMix(std::uint64_t seed) : m_state(seed) {}
    double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1p-53; }
    Vec3 vec(double lo, double hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
    Vec3 unit() {
        for (;;) {
            Vec3 v = vec(-1, 1);
            double l = length(v);
            if (l > 1e-3 && l <= 1) return v / l;
        }
    }

private:
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint64_t m_state;
};

constexpr double kPi = std::numbers::pi;

/// A point at distance [0.5, 1] from the z axis in direction `angle`, height in [zLo, zHi].
Vec3 aroundAxis(SplitMix& rng, double angle, double zLo, double zHi) {
    double r = rng.uniform(0.5, 1);
    return {r * std::cos(angle), r * std::sin(angle), rng.uniform(zLo, zHi)};
}

/// Points in the order of the query files (four at t = 0, then at t = 1), in the local frame.
std::array<Vec3, 8> localQuery(SplitMix& rng, const CcdGeneratorOptions& o) {
    std::array<Vec3, 8> p;
    bool crosses = rng.uniform(0, 1) < o.crossShare;
    double endLo = crosses ? -1 : 0.05, endHi = crosses ? -0.05 : 1;
    if (!o.edgeEdge) {
        // The face: corners around the z axis, each in its third of the turn.
        double turn = rng.uniform(0, 2 * kPi);
        for (int k = 1; k < 4; ++k) {
            p[k] = aroundAxis(rng, turn + 2 * kPi * k / 3 + rng.uniform(-0.4, 0.4), -0.2, 0.2);
            p[k + 4] = p[k] + rng.vec(-o.wobble, o.wobble);
        }
        p[0] = {rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), rng.uniform(0.05, 1)};
        p[4] = {rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), rng.uniform(endLo, endHi)};
    } else {
        // Edge a across the z axis; edge b across it above, ending below or still above.
        double angle = rng.uniform(0, 2 * kPi);
        p[0] = aroundAxis(rng, angle, -0.2, 0.2);
        p[1] = aroundAxis(rng, angle + kPi + rng.uniform(-1, 1), -0.2, 0.2);
        p[4] = p[0] + rng.vec(-o.wobble, o.wobble);
        p[5] = p[1] + rng.vec(-o.wobble, o.wobble);
        double b = rng.uniform(0, 2 * kPi), bEnd = b + rng.uniform(-0.5, 0.5);
        p[2] = aroundAxis(rng, b, 0.05, 1);
        p[3] = aroundAxis(rng, b + kPi + rng.uniform(-1, 1), 0.05, 1);
        p[6] = aroundAxis(rng, bEnd, endLo, endHi);
        p[7] = aroundAxis(rng, bEnd + kPi + rng.uniform(-1, 1), endLo, endHi);
    }
    return p;
}

} // namespace

std::vector<CcdQuery> CcdQueryGenerator::generate(const CcdGeneratorOptions& o,
                                                  std::size_t* depthLimitedTruths) {
    SplitMix rng(o.seed);
    CcdOptions exact;
    exact.maxDepth = o.truthDepth;
    exact.linearFilter = false;
    std::vector<CcdQuery> out;
    out.reserve(o.count);
    if (depthLimitedTruths) *depthLimitedTruths = 0;
    for (std::size_t i = 0; i < o.count; ++i) {
        std::array<Vec3, 8> p = localQuery(rng, o);
        if (rng.uniform(0, 1) < o.farShare) { // the moving feature well apart
            Vec3 away = rng.unit() * rng.uniform(2, 4);
            for (std::size_t k = 0; k < 8; ++k)
                if (o.edgeEdge ? k % 4 >= 2 : k % 4 == 0) p[k] = p[k] + away;
        }
        Mat3 frame = Quat::fromAxisAngle(rng.unit(), rng.uniform(0, 2 * kPi)).toMat3();
        Vec3 offset = rng.vec(-5, 5);
        CcdQuery q;
        for (std::size_t k = 0; k < 8; ++k) q.points[k] = RationalVec3(frame * p[k] + offset);
        CcdQueryStats st;
        q.truth = o.edgeEdge ? edgeEdgeCcd(q.points, exact, &st) : vertexFaceCcd(q.points, exact, &st);
        if (depthLimitedTruths && st.depthLimited) ++*depthLimitedTruths;
        out.push_back(std::move(q));
    }
    return out;
}

void CcdQueryGenerator::write(const std::vector<CcdQuery>& queries, const std::string& path) {
    std::ofstream f(path);
    if (!f) throw InputError(path, "", "cannot open for writing");
    for (const CcdQuery& q : queries)
        for (const RationalVec3& v : q.points)
            f << v.x.get_num() << ',' << v.x.get_den() << ',' << v.y.get_num() << ',' << v.y.get_den() << ','
              << v.z.get_num() << ',' << v.z.get_den() << ',' << (q.truth ? 1 : 0) << '\n';
    if (!f) throw InputError(path, "", "write failed");
}

} // namespace cdlab
