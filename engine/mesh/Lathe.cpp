#include "mesh/Lathe.h"

#include "mesh/MeshBuilder.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

namespace {

double segmentLength(const Profile& p, std::size_t i) {
    return std::hypot(p[i + 1].first - p[i].first, p[i + 1].second - p[i].second);
}

double profileLength(const Profile& p) {
    double l = 0;
    for (std::size_t i = 0; i + 1 < p.size(); ++i) l += segmentLength(p, i);
    return l;
}

} // namespace

std::pair<int, int> latheResolution(const Profile& profile, double triangles) {
    // Square-ish quads: slices around the widest circle, rows along the profile, in proportion.
    double rmax = 0;
    for (const auto& [r, z] : profile) rmax = std::max(rmax, r);
    double aspect = profileLength(profile) / std::max(1e-9, 2 * std::numbers::pi * rmax);
    double slices = std::sqrt(std::max(1.0, triangles) / (2 * std::clamp(aspect, 0.25, 4.0)));
    int s = std::max(6, static_cast<int>(std::lround(slices)));
    int rows = std::max(int(profile.size()) - 1, static_cast<int>(std::lround(triangles / (2.0 * s))));
    return {s, rows};
}

void addLathe(TriangleMesh& mesh, const Profile& profile, int slices, int rows, const Pose& pose) {
    // Each profile segment gets rows in proportion to its length (at least one): corners stay exact.
    double total = profileLength(profile);
    int segments = int(profile.size()) - 1;
    int spare = std::max(0, rows - segments);
    std::vector<std::pair<double, double>> points{profile.front()};
    for (int i = 0; i < segments; ++i) {
        int n = 1 + static_cast<int>(std::lround(spare * segmentLength(profile, i) / std::max(1e-12, total)));
        auto [r0, z0] = profile[i];
        auto [r1, z1] = profile[i + 1];
        for (int k = 1; k <= n; ++k) points.push_back({r0 + (r1 - r0) * k / n, z0 + (z1 - z0) * k / n});
    }
    std::vector<std::vector<Vec3>> loops;
    for (std::size_t i = 0; i < points.size(); ++i) {
        auto [r, z] = points[i];
        // A point on the axis is a pole; only the ends may be (an axis point inside would pinch the solid).
        if (r <= 0 && (i == 0 || i + 1 == points.size())) {
            loops.push_back({{0, 0, z}});
            continue;
        }
        std::vector<Vec3> loop;
        for (int s = 0; s < slices; ++s) {
            double a = 2 * std::numbers::pi * s / slices;
            loop.push_back({r * std::cos(a), r * std::sin(a), z});
        }
        loops.push_back(std::move(loop));
    }
    MeshBuilder(mesh).rings(loops, pose);
}

} // namespace cdlab
