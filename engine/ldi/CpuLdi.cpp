#include "ldi/CpuLdi.h"

#include "core/Assert.h"
#include "core/Stopwatch.h"
#include "ldi/LdiGeometry.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

struct Fragment {
    std::uint32_t pixel;
    float z;
    std::uint8_t body;
    bool entry;
};

/// Top-left rule for a counter-clockwise triangle in window coordinates (y up): a pixel centre exactly on an
/// edge belongs to the triangle when the edge is a left edge (it runs downwards) or a top edge (horizontal,
/// running leftwards).
bool topLeft(double ax, double ay, double bx, double by) {
    return by < ay || (by == ay && bx < ax);
}

/// Appends the fragments of one triangle; fragments in front of Q only update that pixel's winding counter.
void rasterise(const float* p0, const float* p1, const float* p2, std::uint8_t body, const LdiFrame& f,
               float depth, std::vector<Fragment>& out, std::vector<int>& wind) {
    double x[3] = {p0[0], p1[0], p2[0]}, y[3] = {p0[1], p1[1], p2[1]}, z[3] = {p0[2], p1[2], p2[2]};
    const double area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
    if (area == 0) return; // seen edge-on: no ray crosses it (GL draws nothing either)
    // n_z < 0 in the right-handed box frame, i.e. clockwise on screen: the ray (along +w) enters the body.
    const bool entry = area < 0;
    if (area < 0) std::swap(x[1], x[2]), std::swap(y[1], y[2]), std::swap(z[1], z[2]);
    const double a = std::abs(area);
    const int i0 = std::max(0, int(std::ceil(std::min({x[0], x[1], x[2]}) - 0.5)));
    const int i1 = std::min(f.width - 1, int(std::floor(std::max({x[0], x[1], x[2]}) - 0.5)));
    const int j0 = std::max(0, int(std::ceil(std::min({y[0], y[1], y[2]}) - 0.5)));
    const int j1 = std::min(f.height - 1, int(std::floor(std::max({y[0], y[1], y[2]}) - 0.5)));
    const bool tl[3] = {topLeft(x[1], y[1], x[2], y[2]), topLeft(x[2], y[2], x[0], y[0]),
                        topLeft(x[0], y[0], x[1], y[1])};
    for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
            const double px = i + 0.5, py = j + 0.5;
            // Edge functions: e_k is opposite vertex k, positive inside a counter-clockwise triangle.
            const double e0 = (x[2] - x[1]) * (py - y[1]) - (y[2] - y[1]) * (px - x[1]);
            const double e1 = (x[0] - x[2]) * (py - y[2]) - (y[0] - y[2]) * (px - x[2]);
            const double e2 = (x[1] - x[0]) * (py - y[0]) - (y[1] - y[0]) * (px - x[0]);
            if (e0 < 0 || e1 < 0 || e2 < 0) continue;
            if ((e0 == 0 && !tl[0]) || (e1 == 0 && !tl[1]) || (e2 == 0 && !tl[2])) continue;
            const float zf = float((e0 * z[0] + e1 * z[1] + e2 * z[2]) / a);
            const std::uint32_t pixel = std::uint32_t(j) * std::uint32_t(f.width) + std::uint32_t(i);
            CDLAB_ASSERT(4 * std::size_t(pixel) + 3 < wind.size(), "a pixel of the window");
            if (zf < 0)
                wind[4 * pixel + body] += entry ? 1 : -1;
            else if (zf <= depth)
                out.push_back({pixel, zf, body, entry});
            else
                wind[4 * pixel + 2 + body] += entry ? 1 : -1;
        }
}

} // namespace

LdiResult CpuLdi::run(const LdiBody& a, const LdiBody& b, const LdiFrame& f, const LdiOptions& o) {
    Stopwatch total;
    LdiResult r;
    r.frame = f;
    r.ok = true;
    if (f.empty()) return r.cpuMs = total.ms(), r;
    const std::uint32_t n = std::uint32_t(f.width) * std::uint32_t(f.height);
    r.pixels = n;

    Stopwatch sw;
    const LdiGeometry ga = LdiGeometry::of(a, f), gb = LdiGeometry::of(b, f);
    r.trianglesA = std::uint32_t(ga.triangles.size()), r.trianglesB = std::uint32_t(gb.triangles.size());
    std::vector<Fragment> frags;
    // Per pixel: each body's winding number in front of Q and the same count behind Q (§7.3's closedness
    // check: a closed surface's crossings add up to zero along every ray).
    std::vector<int> wind(4 * std::size_t(n), 0);
    for (std::uint8_t body = 0; body < 2; ++body) {
        const LdiGeometry& g = body == 0 ? ga : gb;
        for (const auto& t : g.triangles) {
            CDLAB_ASSERT(3 * std::size_t(std::max({t[0], t[1], t[2]})) + 2 < g.positions.size(),
                         "a kept triangle's corners among the body's vertices");
            rasterise(&g.positions[3 * t[0]], &g.positions[3 * t[1]], &g.positions[3 * t[2]], body, f,
                      g.depth, frags, wind);
        }
    }
    // Counting sort by pixel: each pixel's fragments contiguous, as the GPU's per-pixel list.
    std::vector<std::uint32_t> start(n + 1, 0);
    for (const Fragment& fr : frags) ++start[fr.pixel + 1];
    for (std::uint32_t p = 0; p < n; ++p) start[p + 1] += start[p];
    CDLAB_ASSERT(start[n] == frags.size(), "every fragment in one pixel's list");
    std::vector<Fragment> sorted(frags.size());
    {
        std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
        for (const Fragment& fr : frags) sorted[next[fr.pixel]++] = fr;
    }
    r.fragments = frags.size();
    r.capacity = frags.size(); // the ray caster stores every fragment
    r.buildMs = sw.ms();

    sw.restart();
    const int maxLayers = std::clamp(o.maxLayers, 1, kLdiMaxLayers);
    const float depth = ga.depth;
    if (o.keepImages) {
        r.length.assign(n, 0.f), r.first.assign(n, 0.f), r.last.assign(n, 0.f);
        r.flags.assign(n, 0);
    }
    if (o.row >= 0 && o.row < f.height) {
        r.row = o.row;
        r.rowFragments.resize(std::size_t(f.width));
        r.rowStart.resize(std::size_t(f.width));
    }
    double sumLength = 0, gradient = 0;
    for (std::uint32_t p = 0; p < n; ++p) {
        const auto begin = sorted.begin() + start[p], end = sorted.begin() + start[p + 1];
        const int count = int(end - begin);
        CDLAB_ASSERT(count >= 0 && start[p + 1] <= sorted.size(), "a pixel's fragments lie in the pool");
        r.layersUsed = std::max(r.layersUsed, count);
        std::sort(begin, end, [](const Fragment& x, const Fragment& y) {
            return x.z < y.z || (x.z == y.z && x.entry < y.entry); // ties: one group (below), in one order
        });
        int c[2] = {wind[4 * p], wind[4 * p + 1]};
        const int i = int(p % std::uint32_t(f.width)), j = int(p / std::uint32_t(f.width));
        if (j == r.row) {
            r.rowStart[std::size_t(i)] = {c[0], c[1]};
            for (auto it = begin; it != end; ++it)
                r.rowFragments[std::size_t(i)].push_back({float(f.z0 + it->z), it->body, it->entry});
        }
        if (count > maxLayers) {
            ++r.truncatedPixels;
            if (o.keepImages) r.flags[p] = LdiTruncated;
            continue;
        }
        bool valid = c[0] >= 0 && c[1] >= 0;
        bool both = c[0] > 0 && c[1] > 0;
        float zPrev = 0, len = 0, first = 0, last = 0;
        bool any = both;
        int lowerOwner = both ? -1 : 0;
        double grad = 0;
        // Fragments at one depth are taken together: a ray grazing a silhouette meets the body's entry and
        // exit at the same depth in either order, and touching bodies meet one's exit and the other's entry;
        // neither is inside, and no counter may be judged between the two.
        for (auto it = begin; it != end;) {
            const float z = it->z;
            // Only fragments inside Q are stored (§7.3): the others set or close the winding counters.
            CDLAB_ASSERT(z >= 0 && z <= depth, "a stored fragment lies in Q's depth range");
            if (both) len += z - zPrev;
            bool entryB = false, exitB = false;
            for (; it != end && it->z == z; ++it) {
                c[it->body] += it->entry ? 1 : -1;
                if (it->body == 1) (it->entry ? entryB : exitB) = true;
            }
            if (c[0] < 0 || c[1] < 0) valid = false;
            const bool now = c[0] > 0 && c[1] > 0;
            if (now && !both) { // an overlap interval opens here
                if (!any) first = z;
                any = true, lowerOwner = entryB ? 1 : 0;
            } else if (!now && both) { // and closes: §5's derivative counts which body owns each end
                last = z;
                grad += (exitB ? 1.0 : 0.0) - (lowerOwner == 1 ? 1.0 : 0.0);
            }
            both = now, zPrev = z;
        }
        if (both)
            len += depth - zPrev, last = depth; // the overlap runs on to Q's back (Q bounds it: rounding)
        if (c[0] + wind[4 * p + 2] != 0 || c[1] + wind[4 * p + 3] != 0) valid = false; // a hole or a flip
        if (!valid) {
            ++r.invalidPixels;
            if (o.keepImages) r.flags[p] = 0;
            continue;
        }
        if (len > 0) {
            ++r.overlapPixels;
            sumLength += len, gradient += grad;
            r.maxDepth = std::max(r.maxDepth, double(len));
        }
        if (o.keepImages) {
            r.length[p] = len, r.first[p] = float(f.z0 + first), r.last[p] = float(f.z0 + last);
            r.flags[p] = std::uint8_t(LdiValid | (len > 0 ? LdiOverlap : 0));
        }
    }
    CDLAB_ASSERT(r.overlapPixels + r.invalidPixels + r.truncatedPixels <= n, "each pixel counted once");
    r.volume = sumLength * f.pixelArea();
    r.footprint = double(r.overlapPixels) * f.pixelArea();
    r.volumeGradient = gradient * f.pixelArea();
    r.collision = r.overlapPixels > 0;
    if (r.collision && r.volumeGradient != 0) r.direction = r.volumeGradient > 0 ? -f.w : f.w;
    r.resolveMs = sw.ms();
    r.cpuMs = total.ms();
    return r;
}

} // namespace cdlab
