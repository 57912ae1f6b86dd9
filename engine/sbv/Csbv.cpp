#include "sbv/Csbv.h"

#include "core/Assert.h"
#include "core/Stopwatch.h"
#include "sbv/ExactOsh.h"
#include "sbv/Support.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdlab {

OshAnswer ExactOshSolver::solve(const OshQuery& q) {
    Stopwatch sw;
    PointSetSupport setA(q.pointsA, q.subsetA), setB(q.pointsB, q.subsetB);
    const SupportFunction& a = q.hullA && q.subsetA.empty() ? *q.hullA : setA;
    const SupportFunction& b = q.hullB && q.subsetB.empty() ? *q.hullB : setB;
    const ExactOsh osh = exactSeparatingPlane(a, b);
    OshAnswer out;
    out.ok = out.separated = osh.separated;
    out.direction = osh.direction;
    if (!osh.separated) out.error = "the convex hulls intersect: no separating plane";
    out.ms = sw.ms();
    return out;
}

RegionExtents::RegionExtents(const SbvAxes& axes, std::span<const Vec3> region) : vertices(region) {
    for (const Vec3& u : axes.axes) {
        double rlo = std::numeric_limits<double>::infinity(), rhi = -rlo;
        for (const Vec3& v : region) {
            const double s = dot(u, v);
            rlo = std::min(rlo, s), rhi = std::max(rhi, s);
        }
        lo.push_back(rlo), hi.push_back(rhi), axisLength.push_back(length(u));
    }
}

namespace {
/// The separating-axis test on the triangle's own normal against the region's vertices.
bool normalMayOverlap(const Vec3& p, const Vec3& q, const Vec3& r, const RegionExtents& region, double tol) {
    const Vec3 n = cross(q - p, r - p);
    const double len = length(n);
    if (!(len > 0)) return true;
    const Vec3 u = n / len;
    const double plane = dot(u, p);
    bool below = false, above = false;
    for (const Vec3& v : region.vertices) {
        const double s = dot(u, v);
        below = below || s <= plane + tol, above = above || s >= plane - tol;
        if (below && above) return true;
    }
    return false;
}

/// Which of the region's slabs p lies beyond: bit 2k below axis k's extent, bit 2k+1 above it.
std::uint32_t outcode(const Vec3& p, const SbvAxes& axes, const RegionExtents& region, double tol) {
    std::uint32_t code = 0;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const double v = dot(axes.axes[k], p), scaled = tol * region.axisLength[k];
        code |= std::uint32_t(v < region.lo[k] - scaled) << (2 * k);
        code |= std::uint32_t(v > region.hi[k] + scaled) << (2 * k + 1);
    }
    return code;
}
} // namespace

bool triangleMayOverlap(const Vec3& p, const Vec3& q, const Vec3& r, const SbvAxes& axes,
                        const RegionExtents& region, double tol) {
    // The region's extents along D' first (three dot products per axis), then the triangle's own normal:
    // apart along an axis means all three corners beyond the same slab face.
    if (outcode(p, axes, region, tol) & outcode(q, axes, region, tol) & outcode(r, axes, region, tol))
        return false;
    return normalMayOverlap(p, q, r, region, tol);
}

namespace {

constexpr Vec3 kZero{0, 0, 0};

/// SV_X: the support points along the six axis directions, ties within `tol`, in one pass (the box holds
/// the support values: E_{±e_k}(X) = ±box.hi/lo[k]).
std::vector<std::uint32_t> unionOfSupportPoints(std::span<const Vec3> points, const Sbv& box, double tol) {
    std::vector<std::uint32_t> all;
    for (std::uint32_t i = 0; i < points.size(); ++i) {
        const Vec3& p = points[i];
        bool extreme = false;
        for (int k = 0; k < 3 && !extreme; ++k)
            extreme = p[k] >= box.hi[std::size_t(k)] - tol || p[k] <= box.lo[std::size_t(k)] + tol;
        if (extreme) all.push_back(i);
    }
    return all;
}

/// Evenly spread picks of `count` of `v` (all when count is 0 or larger): the SVM's sampling.
std::vector<std::uint32_t> spread(const std::vector<std::uint32_t>& v, std::size_t count) {
    if (count == 0 || v.size() <= count) return v;
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(v[i * v.size() / count]);
    return out;
}

/// The overlap length of both sets' projections on unit u (negative when apart): the thickness of
/// Intersection(A,B) along u, which a good d* makes small (sbv-reconstruction §8.2 (b)).
double overlapAlong(const Vec3& u, std::span<const Vec3> a, std::span<const Vec3> b) {
    const Sbv sa = Sbv::ofPoints({{u}}, a), sb = Sbv::ofPoints({{u}}, b);
    return std::min(sa.hi[0], sb.hi[0]) - std::max(sa.lo[0], sb.lo[0]);
}

Vec3 centroid(std::span<const Vec3> p) {
    Vec3 c{0, 0, 0};
    for (const Vec3& v : p) c += v;
    return p.empty() ? c : c / double(p.size());
}

std::vector<std::uint32_t> verticesOf(std::span<const Triangle> tris,
                                      const std::vector<std::uint32_t>& kept) {
    std::vector<std::uint32_t> v;
    for (std::uint32_t t : kept) v.insert(v.end(), tris[t].begin(), tris[t].end());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

/// The triangles of `candidates` that may overlap the region.
std::vector<std::uint32_t> overlapping(const CsbvBody& body, const std::vector<std::uint32_t>& candidates,
                                       const SbvAxes& axes, const ConvexPolytope& region, double tol) {
    std::vector<std::uint32_t> out;
    const RegionExtents extents(axes, region.vertices);
    if (candidates.size() * 2 < body.vertices.size()) { // few triangles left: test them one by one
        for (std::uint32_t t : candidates) {
            const Triangle& tri = body.triangles[t];
            if (triangleMayOverlap(body.vertices[tri[0]], body.vertices[tri[1]], body.vertices[tri[2]], axes,
                                   extents, tol))
                out.push_back(t);
        }
        return out;
    }
    // Most of the mesh: one outcode per vertex (a vertex is shared by about six triangles), then the same
    // decision as triangleMayOverlap per triangle.
    std::vector<std::uint32_t> codes(body.vertices.size());
    for (std::size_t v = 0; v < codes.size(); ++v) codes[v] = outcode(body.vertices[v], axes, extents, tol);
    for (std::uint32_t t : candidates) {
        CDLAB_ASSERT(t < body.triangles.size(), "a candidate triangle of this body");
        const Triangle& tri = body.triangles[t];
        if (codes[tri[0]] & codes[tri[1]] & codes[tri[2]]) continue;
        if (normalMayOverlap(body.vertices[tri[0]], body.vertices[tri[1]], body.vertices[tri[2]], extents,
                             tol))
            out.push_back(t);
    }
    return out;
}

/// The Repeat loop of Fig. 4 with the fixpoint exit (U6). Why it never loses a contact (U8, §8.3): let p be
/// a point common to triangle ta of A and tb of B, and p ∈ R_k (true for R_0 = SBV(A) ∩ SBV(B), as every
/// point of a body lies in its SBV). ta contains p, so it overlaps R_k and triangleMayOverlap keeps it (it
/// drops a triangle only along a separating axis): ta ∈ I_k(A), likewise tb ∈ I_k(B). An SBV holds its
/// triangles, so p ∈ ta ⊆ SBV(I_k(A)) and p ∈ tb ⊆ SBV(I_k(B)): p ∈ R_{k+1}. By induction every common point
/// stays in every region and both triangles stay kept; an empty region or an empty I proves separation.
/// It ends: R_{k+1} ⊆ R_k (I_k shrinks, and so does the SBV of a subset), so the kept sets never grow.
/// `lastA`, `lastB`: the last non-empty kept sets (CSBV's I*(A), I*(B) when it ends separated).
void shrink(const CsbvBody& a, const CsbvBody& b, const SbvAxes& axes, const Sbv& sa, const Sbv& sb,
            const CsbvOptions& options, CsbvResult& r, std::vector<std::uint32_t>& lastA,
            std::vector<std::uint32_t>& lastB) {
    const double tol = r.tolerance;
    std::vector<HalfSpace> hs = sa.intersect(sb).halfSpaces(axes);
    ConvexPolytope region = intersectHalfSpaces(hs, tol);
    std::vector<std::uint32_t> ia, ib;
    if (!region.empty()) {
        std::vector<std::uint32_t> all(a.triangles.size());
        for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
        ia = overlapping(a, all, axes, region, tol);
        all.resize(b.triangles.size());
        for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
        ib = overlapping(b, all, axes, region, tol);
    }
    for (;;) {
        if (options.recordSteps) r.steps.push_back({hs, ia, ib});
        if (!ia.empty() && !ib.empty()) lastA = ia, lastB = ib;
        if (region.empty() || ia.empty() || ib.empty()) {
            r.outcome = CsbvOutcome::Shrunk;
            r.region.clear(), r.keptA.clear(), r.keptB.clear();
            return;
        }
        ++r.iterations;
        const Sbv next = Sbv::ofTriangles(axes, a.vertices, a.triangles, ia)
                             .intersect(Sbv::ofTriangles(axes, b.vertices, b.triangles, ib));
        hs = next.halfSpaces(axes);
        region = intersectHalfSpaces(hs, tol);
        if (region.empty()) {
            if (options.recordSteps) r.steps.push_back({hs, {}, {}});
            r.outcome = CsbvOutcome::Shrunk;
            r.region.clear(), r.keptA.clear(), r.keptB.clear();
            return;
        }
        std::vector<std::uint32_t> na = overlapping(a, ia, axes, region, tol);
        std::vector<std::uint32_t> nb = overlapping(b, ib, axes, region, tol);
        CDLAB_ASSERT(na.size() <= ia.size() && nb.size() <= ib.size(), "the kept sets never grow");
        const bool fixpoint = na.size() == ia.size() && nb.size() == ib.size(); // subsets of ia, ib
        ia = std::move(na), ib = std::move(nb);
        r.region = hs, r.keptA = ia, r.keptB = ib;
        if (fixpoint) {
            if (options.recordSteps) r.steps.push_back({hs, ia, ib});
            return;
        }
    }
}

} // namespace

CsbvResult csbv(const CsbvBody& a, const CsbvBody& b, OshSolver& solver, const CsbvOptions& options,
                const Vec3& previous) {
    CsbvResult r;
    // Rounding grows with the coordinates' magnitude, not with the bodies' size.
    const SbvAxes d0 = SbvAxes::d0();
    const Sbv boxA = Sbv::ofPoints(d0, a.vertices), boxB = Sbv::ofPoints(d0, b.vertices);
    double scale = 0;
    for (std::size_t k = 0; k < 3; ++k)
        scale = std::max(
            {scale, std::abs(boxA.lo[k]), std::abs(boxA.hi[k]), std::abs(boxB.lo[k]), std::abs(boxB.hi[k])});
    r.tolerance = options.relativeTolerance * std::max(scale, 1e-300);
    const double tol = r.tolerance;
    r.axes = d0, r.sbvA = boxA, r.sbvB = boxB;
    if (boxA.intersect(boxB).emptyOnSomeAxis(tol)) return r; // BoxesApart

    // Temporal coherence (Fig. 6): last frame's d* usually still separates.
    const bool hasPrevious = options.coherence && previous != kZero;
    if (hasPrevious) {
        const SbvAxes axes = SbvAxes::d0With(previous);
        const Sbv sa = boxA.withAxis(previous, a.vertices), sb = boxB.withAxis(previous, b.vertices);
        if (sa.intersect(sb).emptyOnSomeAxis(tol)) {
            r.outcome = CsbvOutcome::Certified, r.fromPrevious = true;
            r.axes = axes, r.sbvA = sa, r.sbvB = sb, r.direction = r.nextDirection = previous;
            return r;
        }
    }

    r.supportA = unionOfSupportPoints(a.vertices, boxA, tol);
    r.supportB = unionOfSupportPoints(b.vertices, boxB, tol);
    auto allInside = [&](std::span<const Vec3> pts, const std::vector<std::uint32_t>& idx, const Sbv& box) {
        return std::all_of(idx.begin(), idx.end(),
                           [&](std::uint32_t i) { return box.contains(d0, pts[i], tol); });
    };
    // The guard (Fig. 4's first branch): one body's extreme points all inside the other's box, so OS(.)
    // would be empty and no SVM can be trained; typically one body inside or through the other.
    if (allInside(a.vertices, r.supportA, boxB) || allInside(b.vertices, r.supportB, boxA)) {
        r.outcome = CsbvOutcome::Contained;
        std::vector<std::uint32_t> lastA, lastB;
        shrink(a, b, d0, boxA, boxB, options, r, lastA, lastB);
        r.nextDirection = previous;
        return r;
    }

    // d*: the exact OSH of the whole bodies, or an SVM trained on the support points outside the other
    // body's box, OS(A) and OS(B).
    OshQuery q{a.vertices, b.vertices, {}, {}, a.hull, b.hull};
    std::vector<std::uint32_t> osA, osB;
    if (!solver.exact()) {
        for (std::uint32_t i : r.supportA)
            if (!boxB.contains(d0, a.vertices[i], tol)) osA.push_back(i);
        for (std::uint32_t i : r.supportB)
            if (!boxA.contains(d0, b.vertices[i], tol)) osB.push_back(i);
        osA = spread(osA, options.samples), osB = spread(osB, options.samples);
        r.samplesA = osA.size(), r.samplesB = osB.size();
        q.subsetA = osA, q.subsetB = osB;
    }
    r.osh = solver.solve(q);
    ++r.oshSolves;
    Vec3 d = r.osh.ok ? r.osh.direction : kZero;
    if (solver.exact() && !r.osh.separated) {
        // The hulls intersect: no OSH exists. Any d* keeps the SBVs sound (§2), so take the candidate whose
        // overlap slab is thinnest (§8.2 (b)): last frame's d*, or the line between the centroids.
        double best = std::numeric_limits<double>::infinity();
        d = kZero;
        for (const Vec3& c : {previous, normalize(centroid(b.vertices) - centroid(a.vertices))}) {
            if (c == kZero) continue;
            const double o = overlapAlong(c, a.vertices, b.vertices);
            if (o < best) best = o, d = c;
        }
    }
    // d*'s slab uses exact support values whatever its length, but the tolerances scale with |d*| = 1.
    CDLAB_ASSERT(d == kZero || std::abs(length(d) - 1) < 1e-6, "d* is a unit vector");
    const SbvAxes axes = d == kZero ? d0 : SbvAxes::d0With(d);
    const Sbv sa = d == kZero ? boxA : boxA.withAxis(d, a.vertices);
    const Sbv sb = d == kZero ? boxB : boxB.withAxis(d, b.vertices);
    r.axes = axes, r.sbvA = sa, r.sbvB = sb, r.direction = d;
    r.nextDirection = d;
    if (sa.intersect(sb).emptyOnSomeAxis(tol)) {
        r.outcome = CsbvOutcome::Certified;
        return r;
    }
    r.outcome = CsbvOutcome::Region;
    std::vector<std::uint32_t> lastA, lastB;
    shrink(a, b, axes, sa, sb, options, r, lastA, lastB);
    CDLAB_ASSERT(r.outcome == CsbvOutcome::Shrunk || (!r.keptA.empty() && !r.keptB.empty()),
                 "a region keeps triangles of both bodies");
    if (r.outcome == CsbvOutcome::Shrunk && !lastA.empty() && !lastB.empty()) {
        // Separated, but d* did not show it: retrain on the near-contact elements I*(A), I*(B) (the last
        // kept triangles' vertices) so that the next frame's d* does (Fig. 4's last branch).
        std::vector<std::uint32_t> va = verticesOf(a.triangles, lastA), vb = verticesOf(b.triangles, lastB);
        if (!solver.exact()) va = spread(va, options.samples), vb = spread(vb, options.samples);
        const OshAnswer retrained = solver.solve({a.vertices, b.vertices, va, vb, nullptr, nullptr});
        ++r.oshSolves;
        if (retrained.ok) r.nextDirection = retrained.direction;
    }
    return r;
}

} // namespace cdlab
