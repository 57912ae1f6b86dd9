#include "ldi/LdiQuery.h"

#include <algorithm>

namespace cdlab {

LdiIntervals rowIntervals(const LdiResult& r, int i) {
    LdiIntervals out;
    if (r.row < 0 || i < 0 || std::size_t(i) >= r.rowFragments.size()) return out;
    const float z0 = float(r.frame.z0), z1 = float(r.frame.z1);
    int c[2] = {r.rowStart[std::size_t(i)].first, r.rowStart[std::size_t(i)].second};
    float open[3] = {z0, z0, z0};
    auto inside = [&](int k) { return k < 2 ? c[k] > 0 : c[0] > 0 && c[1] > 0; };
    std::vector<std::pair<float, float>>* lists[3] = {&out.a, &out.b, &out.both};
    for (const LdiFragment& fr : r.rowFragments[std::size_t(i)]) {
        bool before[3] = {inside(0), inside(1), inside(2)};
        c[fr.body] += fr.entry ? 1 : -1;
        for (int k = 0; k < 3; ++k) {
            if (!before[k] && inside(k)) open[k] = fr.z;
            if (before[k] && !inside(k) && fr.z > open[k]) lists[k]->push_back({open[k], fr.z});
        }
    }
    for (int k = 0; k < 3; ++k)
        if (inside(k) && z1 > open[k]) lists[k]->push_back({open[k], z1});
    return out;
}

} // namespace cdlab
