#include "LdiSummary.h"

#include "scene/SceneObjects.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace {

std::string format(const char* fmt, auto... args) {
    char s[256];
    std::snprintf(s, sizeof s, fmt, args...);
    return s;
}

/// Components that print as zero say 0, not -0 or 1e-17.
std::string vec(const Vec3& v) {
    auto shown = [](double x) { return std::abs(x) < 5e-5 ? 0.0 : x; };
    return format("(%.3g, %.3g, %.3g)", shown(v.x), shown(v.y), shown(v.z));
}

} // namespace

std::string ldiPairName(const SceneObjects& objects, const LdiPairRecord& p) {
    const auto& objs = objects.objects();
    auto name = [&](std::uint32_t o) {
        return o < objs.size() ? objs[o].name : "object " + std::to_string(o);
    };
    return name(p.objectA) + " / " + name(p.objectB);
}

std::vector<LdiLine> ldiPairLines(const LdiPairRecord& p) {
    const LdiResult& r = p.ldi;
    std::vector<LdiLine> out;
    if (!r.ok) {
        out.push_back(
            {"query failed: " + (r.error.empty() ? std::string("no reason given") : r.error), true});
        if (!p.unreliable.empty()) out.push_back({"unreliable: " + p.unreliable, true});
        return out;
    }
    // Short lines: the view panel is about 40 characters wide; the help marker says what each means.
    out.push_back({format("volume     %.4g", r.volume)});
    out.push_back({format("footprint  %.4g (%u px)", r.footprint, r.overlapPixels)});
    out.push_back({format("max depth  %.4g", r.maxDepth)});
    if (r.direction == Vec3{0, 0, 0}) {
        out.push_back({"direction  none (no overlap)"});
    } else {
        out.push_back({"direction  " + vec(r.direction)});
        out.push_back({format("-dV/ds     %.4g", std::abs(r.volumeGradient))});
    }
    out.push_back({format("layers     %d", r.layersUsed)});
    out.push_back({format("fragments  %llu / %llu%s", (unsigned long long)r.fragments,
                          (unsigned long long)r.capacity, r.attempts > 1 ? " (grown)" : "")});
    out.push_back({format("window     %d x %d px of %.3g", r.frame.width, r.frame.height, r.frame.pixel)});
    out.push_back({format("invalid    %u px, truncated %u", r.invalidPixels, r.truncatedPixels),
                   r.invalidPixels > 0 || r.truncatedPixels > 0});
    if (r.overflowed)
        out.push_back({format("OVERFLOW: the pool held %llu of %llu fragments, the rest were lost",
                              (unsigned long long)r.capacity, (unsigned long long)r.fragments),
                       true});
    if (!p.unreliable.empty()) out.push_back({"unreliable: " + p.unreliable, true});
    return out;
}

int chosenLdiPair(const FrameResult& r, const LdiView& view) {
    if (ldiOf(r).pairs.empty()) return -1;
    if (view.pair >= 0) return std::min(view.pair, int(ldiOf(r).pairs.size()) - 1);
    for (std::size_t k = 0; k < ldiOf(r).pairs.size(); ++k)
        if (ldiOf(r).pairs[k].ldi.collision) return int(k);
    return 0;
}

std::pair<int, int> ldiRowSpan(const LdiResult& r) {
    std::pair<int, int> span{-1, -1};
    if (r.row < 0) return span;
    for (std::size_t i = 0; i < r.rowFragments.size(); ++i) {
        // A pixel whose ray starts inside a body has an interval even without a fragment inside Q.
        const bool inside = i < r.rowStart.size() && (r.rowStart[i].first > 0 || r.rowStart[i].second > 0);
        if (r.rowFragments[i].empty() && !inside) continue;
        if (span.first < 0) span.first = int(i);
        span.second = int(i);
    }
    return span;
}

std::string ldiPixelText(const LdiResult& r, int i) {
    if (r.row < 0 || i < 0 || std::size_t(i) >= r.rowFragments.size()) return "no such pixel";
    const auto& fragments = r.rowFragments[std::size_t(i)];
    const auto start =
        std::size_t(i) < r.rowStart.size() ? r.rowStart[std::size_t(i)] : std::pair<int, int>{};
    std::string out = format("pixel %d of row %d", i, r.row);
    if (fragments.empty() && start.first == 0 && start.second == 0) return out + ": no fragments";
    out += format("\ninside at z0: A %d, B %d", start.first, start.second);
    for (const LdiFragment& f : fragments)
        out += format("\nz %.4f  %s %s", f.z, f.body == 0 ? "A" : "B", f.entry ? "entry" : "exit");
    const LdiIntervals iv = rowIntervals(r, i);
    if (iv.both.empty()) return out + "\nno penetration along this ray";
    out += "\ninside both:";
    for (const auto& [lo, hi] : iv.both) out += format(" %.4f-%.4f", lo, hi);
    return out;
}

std::string describeLdiPairs(const FrameResult& r, const SceneObjects& objects, const LdiView& view) {
    if (view.pairsShown < 0) return "ldi pairs: section not shown";
    if (ldiOf(r).pairs.empty()) return "ldi pairs: none this frame";
    std::string out = format("ldi pairs: %d of %zu listed", view.pairsShown, ldiOf(r).pairs.size());
    for (const LdiPairRecord& p : ldiOf(r).pairs) {
        const LdiResult& l = p.ldi;
        out += "; " + ldiPairName(objects, p) + ": ";
        if (!l.ok) {
            out += "query failed: " + l.error;
            continue;
        }
        out +=
            format("volume %.4g, footprint %.4g, max depth %.4g, %d layers, %llu of %llu fragments, %d x %d "
                   "pixels of %.3g",
                   l.volume, l.footprint, l.maxDepth, l.layersUsed, (unsigned long long)l.fragments,
                   (unsigned long long)l.capacity, l.frame.width, l.frame.height, l.frame.pixel);
        if (l.overflowed) out += ", OVERFLOW";
        if (!p.unreliable.empty()) out += ", unreliable: " + p.unreliable;
    }
    return out;
}

std::string describeLdiRow(const FrameResult& r, const SceneObjects& objects, const LdiView& view) {
    const int pair = chosenLdiPair(r, view);
    if (pair < 0) return "ldi row: no pairs this frame";
    const LdiPairRecord& p = ldiOf(r).pairs[std::size_t(pair)];
    const LdiResult& l = p.ldi;
    if (view.rowDrawn < 0 || l.row < 0) return "ldi row of " + ldiPairName(objects, p) + ": no row kept";
    const auto [first, last] = ldiRowSpan(l);
    std::string out = format("ldi row %d of ", l.row) + ldiPairName(objects, p) + ": ";
    if (first < 0) return out + "no fragments";
    int inA = 0, inB = 0, inBoth = 0;
    for (int i = first; i <= last; ++i) {
        const LdiIntervals iv = rowIntervals(l, i);
        inA += !iv.a.empty(), inB += !iv.b.empty(), inBoth += !iv.both.empty();
    }
    out += format("pixels %d-%d with fragments, %d inside A, %d inside B, %d inside both", first, last, inA,
                  inB, inBoth);
    if (!view.tooltip.empty()) { // the tooltip's lines on one line
        std::string t = view.tooltip;
        for (std::size_t k = t.find('\n'); k != std::string::npos; k = t.find('\n', k)) t.replace(k, 1, "; ");
        out += "; hovered " + t;
    }
    return out;
}

nlohmann::json ldiReportFields(const FrameResult& r, const SceneObjects& objects, const LdiView& view) {
    nlohmann::json out;
    out["pairs_listed"] = view.pairsShown >= 0 ? nlohmann::json(view.pairsShown) : nlohmann::json(nullptr);
    nlohmann::json pairs = nlohmann::json::array();
    for (const LdiPairRecord& p : ldiOf(r).pairs) {
        const LdiResult& l = p.ldi;
        nlohmann::json j = {{"pair", ldiPairName(objects, p)}, {"ok", l.ok}};
        if (!l.ok) {
            j["error"] = l.error;
        } else {
            j["volume"] = l.volume, j["footprint"] = l.footprint, j["max_depth"] = l.maxDepth;
            j["layers"] = l.layersUsed, j["fragments"] = l.fragments, j["capacity"] = l.capacity;
            j["width"] = l.frame.width, j["height"] = l.frame.height, j["pixel"] = l.frame.pixel;
            j["overflowed"] = bool(l.overflowed);
            j["unreliable"] = p.unreliable;
        }
        pairs.push_back(j);
    }
    out["pairs"] = pairs;
    nlohmann::json row;
    const int pair = chosenLdiPair(r, view);
    if (pair >= 0) {
        const LdiPairRecord& p = ldiOf(r).pairs[std::size_t(pair)];
        const LdiResult& l = p.ldi;
        row["pair"] = ldiPairName(objects, p);
        row["row"] = view.rowDrawn >= 0 && l.row >= 0 ? nlohmann::json(l.row) : nlohmann::json(nullptr);
        if (view.rowDrawn >= 0 && l.row >= 0) {
            const auto [first, last] = ldiRowSpan(l);
            row["first"] = first, row["last"] = last;
            int inA = 0, inB = 0, inBoth = 0;
            for (int i = first; first >= 0 && i <= last; ++i) {
                const LdiIntervals iv = rowIntervals(l, i);
                inA += !iv.a.empty(), inB += !iv.b.empty(), inBoth += !iv.both.empty();
            }
            row["inside_a"] = inA, row["inside_b"] = inB, row["inside_both"] = inBoth;
            row["hovered"] = view.hovered >= 0 ? nlohmann::json(view.hovered) : nlohmann::json(nullptr);
            row["tooltip"] = view.tooltip;
        }
    }
    out["row"] = row;
    return out;
}

} // namespace cdlab
