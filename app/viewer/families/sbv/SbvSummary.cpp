#include "SbvSummary.h"

#include "geometry/ConvexPolytope.h"
#include "scene/SceneObjects.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace {

constexpr Rgba kRoundColor{0.2f, 0.95f, 1.0f, 1.0f};

OverlayVertex vertex(const Vec3& p, Rgba c) {
    return {float(p.x), float(p.y), float(p.z), c.r, c.g, c.b, c.a};
}

std::string percent(double share) {
    char s[32];
    std::snprintf(s, sizeof s, "%.1f %%", 100 * share);
    return s;
}

/// The region's absolute tolerance as CSBV takes it (sbv's relativeTolerance, 1e-9, times the coordinates'
/// magnitude): the region's first six half-spaces are the axis slabs, their offsets those coordinates.
double regionTolerance(const std::vector<HalfSpace>& region) {
    double scale = 0;
    for (const HalfSpace& h : region) scale = std::max(scale, std::abs(h.offset));
    return 1e-9 * std::max(scale, 1e-300);
}

} // namespace

double cullingRatio(const SbvPairRecord& p) {
    const double total = double(p.trianglesA) + double(p.trianglesB);
    if (!(total > 0)) return 0;
    return std::clamp(1.0 - (double(p.keptA) + double(p.keptB)) / total, 0.0, 1.0);
}

std::string sbvPairName(const SceneObjects& objects, const SbvPairRecord& p) {
    const auto& objs = objects.objects();
    auto name = [&](std::uint32_t o) {
        return o < objs.size() ? objs[o].name : "object " + std::to_string(o);
    };
    return name(p.objectA) + " / " + name(p.objectB);
}

std::vector<std::string> sbvPairLines(const SbvPairRecord& p) {
    std::vector<std::string> out;
    out.push_back(std::string("outcome  ") + toString(p.outcome));
    char s[160];
    if (p.direction == Vec3{0, 0, 0})
        out.push_back("d*       none this frame");
    else {
        // Components that print as zero say 0.0000, not -0.0000.
        auto shown = [](double x) { return std::abs(x) < 5e-5 ? 0.0 : x; };
        std::snprintf(s, sizeof s, "d*       (%.4f, %.4f, %.4f)", shown(p.direction.x), shown(p.direction.y),
                      shown(p.direction.z));
        out.push_back(s);
    }
    std::snprintf(s, sizeof s, "kept     %u of %u triangles", p.keptA + p.keptB, p.trianglesA + p.trianglesB);
    out.push_back(s);
    std::snprintf(s, sizeof s, "by body  %u of %u, %u of %u", p.keptA, p.trianglesA, p.keptB, p.trianglesB);
    out.push_back(s);
    out.push_back("culled   " + percent(cullingRatio(p)));
    out.push_back("rounds   " + std::to_string(p.iterations) + " of shrinking");
    return out;
}

std::vector<std::size_t> sbvRoundsOf(const FrameResult& r, int pair) {
    std::vector<std::size_t> out;
    if (pair < 0 || std::size_t(pair) >= sbvOf(r).pairs.size()) return out;
    const SbvPairRecord& p = sbvOf(r).pairs[std::size_t(pair)];
    for (std::size_t k = 0; k < sbvOf(r).steps.size(); ++k)
        if (sbvOf(r).steps[k].objectA == p.objectA && sbvOf(r).steps[k].objectB == p.objectB)
            out.push_back(k);
    std::stable_sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) {
        return sbvOf(r).steps[a].iteration < sbvOf(r).steps[b].iteration;
    });
    return out;
}

int clampRound(int round, int rounds) {
    return rounds <= 0 ? 0 : std::clamp(round, 0, rounds - 1);
}

int defaultSbvPair(const FrameResult& r) {
    int best = -1;
    for (std::size_t k = 0; k < sbvOf(r).pairs.size(); ++k) {
        const SbvPairRecord& p = sbvOf(r).pairs[k];
        if (p.outcome == SbvPairRecord::Outcome::Region) return int(k);
        if (best < 0 || p.iterations > sbvOf(r).pairs[std::size_t(best)].iterations) best = int(k);
    }
    return std::max(best, 0);
}

int chosenSbvPair(const FrameResult& r, const SbvView& view) {
    if (sbvOf(r).pairs.empty()) return -1;
    return view.pair < 0 ? defaultSbvPair(r) : std::min(view.pair, int(sbvOf(r).pairs.size()) - 1);
}

void drawSbvRound(const FrameResult& r, const SceneObjects& objects, SbvView& view) {
    view.draw.clear();
    view.regionFaces = 0;
    const std::vector<std::size_t> rounds = sbvRoundsOf(r, chosenSbvPair(r, view));
    if (rounds.empty()) return;
    view.round = clampRound(view.round, int(rounds.size()));
    const SbvShrinkStep& s = sbvOf(r).steps[rounds[std::size_t(view.round)]];
    // Counted whether or not it is drawn: the panel says how many faces the round's region has.
    const ConvexPolytope region = intersectHalfSpaces(s.region, regionTolerance(s.region));
    view.regionFaces = int(region.faces.size());
    const OverlayInfo* row = findOverlay("sbvStep");
    if (!row || !overlayOn(*row, *view.settings)) return;
    // The region: cyan edges, faint faces (translucent: the bodies and the kept triangles show through).
    Rgba fill = kRoundColor;
    fill.a = 0.15f;
    for (const auto& f : region.faces) {
        for (std::size_t i = 0; i < f.size(); ++i)
            view.draw.line(region.vertices[f[i]], region.vertices[f[(i + 1) % f.size()]], kRoundColor,
                           DebugCategory::OverlapRegion);
        for (std::size_t i = 1; i + 1 < f.size(); ++i)
            for (std::uint32_t v : {f[0], f[i], f[i + 1]})
                view.draw.translucent.push_back(vertex(region.vertices[v], fill));
    }
    // The round's kept triangles over the algorithm's (its final kept ones are a subset): a round that
    // keeps more shows more cyan. Highlighted: drawn over the other filled triangles, as a picked node's.
    std::vector<Pose> poses;
    objects.poses(r.t1, poses);
    const auto& objs = objects.objects();
    const std::pair<std::uint32_t, const std::vector<std::uint32_t>*> bodies[2] = {{s.objectA, &s.keptA},
                                                                                   {s.objectB, &s.keptB}};
    for (const auto& [o, kept] : bodies) {
        if (o >= objs.size() || !objs[o].mesh) continue;
        const TriangleMesh& m = *objs[o].mesh;
        for (std::uint32_t t : *kept) {
            if (t >= m.triangles.size()) continue;
            for (std::uint32_t v : m.triangles[t])
                view.draw.highlighted.push_back(vertex(poses[o].apply(m.vertices[v]), kRoundColor));
        }
    }
}

std::string describeSbvPairs(const FrameResult& r, const SceneObjects& objects, const SbvView& view) {
    const std::size_t n = sbvOf(r).pairs.size();
    if (view.pairsShown < 0) return "sbv pairs: section not shown";
    if (n == 0) return "sbv pairs: none this frame";
    std::string out =
        "sbv pairs: " + std::to_string(view.pairsShown) + " of " + std::to_string(n) + " listed";
    for (const SbvPairRecord& p : sbvOf(r).pairs) {
        char s[160];
        std::snprintf(s, sizeof s, "; %s: %s, kept %u of %u triangles (%s culled), %d shrinking round%s",
                      sbvPairName(objects, p).c_str(), toString(p.outcome), p.keptA + p.keptB,
                      p.trianglesA + p.trianglesB, percent(cullingRatio(p)).c_str(), p.iterations,
                      p.iterations == 1 ? "" : "s");
        out += s;
        if (!p.oshError.empty()) out += ", SVM error: " + p.oshError;
    }
    return out;
}

std::string describeSbvStep(const FrameResult& r, const SceneObjects& objects, const SbvView& view) {
    if (view.sliderRounds < 0) return "sbv step-through: section not shown";
    if (sbvOf(r).pairs.empty()) return "sbv step-through: no pairs this frame";
    const int pair = chosenSbvPair(r, view);
    const std::vector<std::size_t> rounds = sbvRoundsOf(r, pair);
    const int n = int(rounds.size());
    const std::string name = sbvPairName(objects, sbvOf(r).pairs[std::size_t(pair)]);
    if (n == 0) return "sbv step-through: " + name + ", no rounds recorded";
    // Round 0 is the full SBVs' overlap, rounds 1 to n - 1 the shrinking's.
    const std::string slider = view.sliderRounds != n
                                   ? "the slider over rounds 0-" + std::to_string(view.sliderRounds - 1) +
                                         " of 0-" + std::to_string(n - 1)
                                   : "the slider over rounds 0-" + std::to_string(n - 1) + " (all recorded)";
    const SbvShrinkStep& s = sbvOf(r).steps[rounds[std::size_t(clampRound(view.round, n))]];
    char out[160];
    std::snprintf(out, sizeof out, ", round %d: %zu half-spaces, region %d faces, kept %zu + %zu triangles",
                  s.iteration, s.region.size(), view.regionFaces, s.keptA.size(), s.keptB.size());
    return "sbv step-through: " + name + ", " + slider + out;
}

nlohmann::json sbvReportFields(const FrameResult& r, const SceneObjects& objects, const SbvView& view) {
    nlohmann::json out;
    const SbvDetail& d = sbvOf(r);
    out["pairs_listed"] = view.pairsShown >= 0 ? nlohmann::json(view.pairsShown) : nlohmann::json(nullptr);
    nlohmann::json pairs = nlohmann::json::array();
    for (const SbvPairRecord& p : d.pairs)
        pairs.push_back({{"pair", sbvPairName(objects, p)},
                         {"outcome", toString(p.outcome)},
                         {"kept", p.keptA + p.keptB},
                         {"triangles", p.trianglesA + p.trianglesB},
                         {"culled", cullingRatio(p)},
                         {"rounds", p.iterations},
                         {"svm_error", p.oshError}});
    out["pairs"] = pairs;
    nlohmann::json step;
    step["slider_rounds"] =
        view.sliderRounds >= 0 ? nlohmann::json(view.sliderRounds) : nlohmann::json(nullptr);
    const int pair = chosenSbvPair(r, view);
    if (pair >= 0) {
        const std::vector<std::size_t> rounds = sbvRoundsOf(r, pair);
        const int n = int(rounds.size());
        step["pair"] = sbvPairName(objects, d.pairs[std::size_t(pair)]);
        step["rounds"] = n;
        if (n > 0) {
            const SbvShrinkStep& s = d.steps[rounds[std::size_t(clampRound(view.round, n))]];
            step["round"] = s.iteration;
            step["half_spaces"] = s.region.size();
            step["region_faces"] = view.regionFaces;
            step["kept_a"] = s.keptA.size(), step["kept_b"] = s.keptB.size();
        }
    }
    out["step_through"] = step;
    return out;
}

const LegendEntry& sbvRoundLegend() {
    static const LegendEntry entry{DebugCategory::Count, kRoundColor, false,
                                   "CSBV round: its region, kept triangles", nullptr};
    return entry;
}

} // namespace cdlab
