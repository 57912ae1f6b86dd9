#include "CatchPanels.h"
#include "ConvexPieces.h"
#include "ViewerUi.h"

#include "articulated/TimeOfContactSearch.h"
#include "scene/MeshDataCache.h"
#include "scene/SceneObjects.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numeric>

namespace cdlab {

namespace {

constexpr Rgba kStepColor{0.2f, 0.95f, 1.0f, 1.0f};

ImU32 imColor(Rgba c, float shade = 1.0f) {
    return IM_COL32(int(c.r * shade * 255), int(c.g * shade * 255), int(c.b * shade * 255), int(c.a * 255));
}

/// Where time `t` falls in the frame, 0 (start) to 1 (end); a bound past the frame (or +inf) is its end.
float frameFraction(const FrameResult& r, double t) {
    const double span = r.t1 - r.t0;
    if (!(span > 0)) return t > r.t0 ? 1.0f : 0.0f; // a static scene: one instant
    if (!std::isfinite(t)) return 1.0f;
    return float(std::clamp((t - r.t0) / span, 0.0, 1.0));
}

/// Why a pair ended where it did, as the fates are defined (PairAdvance::Fate).
const char* fateMeaning(PairAdvance::Fate f) {
    switch (f) {
    case PairAdvance::Fate::Culled:
        return "culled: its lower bound passed t_min (or the frame), never advanced";
    case PairAdvance::Fate::Abandoned:
        return "abandoned: advanced, then passed the best TOC so far";
    case PairAdvance::Fate::Free:
        return "free: advanced to the frame's end without contact";
    case PairAdvance::Fate::Contact:
        return "contact: reached the distance threshold, after the scene's TOC";
    case PairAdvance::Fate::Earliest:
        return "gave the scene's time of contact";
    }
    return "";
}

std::string pairName(const SceneObjects& objects, const PairAdvance& p) {
    const auto& objs = objects.objects();
    auto name = [&](std::uint32_t o) {
        return o < objs.size() ? objs[o].name : "object " + std::to_string(o);
    };
    return name(p.objectA) + " / " + name(p.objectB);
}

/// "3.712345 (0.412 of the frame)"; a bound past the frame says so.
std::string timeText(const FrameResult& r, double t) {
    char s[96];
    if (!std::isfinite(t))
        std::snprintf(s, sizeof s, "none within the frame");
    else
        std::snprintf(s, sizeof s, "%.6f (%.3f of the frame)", t, frameFraction(r, t));
    return s;
}

/// The PCLs in Alg. 1's order: ascending lower bound (ties in the order the algorithm reported them).
std::vector<std::size_t> sortedByLowerBound(const FrameResult& r) {
    std::vector<std::size_t> order(catchOf(r).pairAdvances.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return catchOf(r).pairAdvances[a].lowerBound < catchOf(r).pairAdvances[b].lowerBound;
    });
    return order;
}

std::array<int, std::size(kPclFateColors)> fateCounts(const FrameResult& r) {
    std::array<int, std::size(kPclFateColors)> n{};
    for (const PairAdvance& p : catchOf(r).pairAdvances) ++n[std::min(std::size_t(p.fate), n.size() - 1)];
    return n;
}

/// The hovered bar's tooltip; returns its first line (the pair).
std::string barTooltip(const FrameResult& r, const SceneObjects& objects, const PairAdvance& p,
                       std::size_t rank) {
    const std::string first = "PCL " + std::to_string(rank + 1) + " of " +
                              std::to_string(catchOf(r).pairAdvances.size()) +
                              " by lower bound: " + pairName(objects, p);
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(first.c_str());
    ImGui::Text("lower bound   %s", timeText(r, p.lowerBound).c_str());
    if (p.iterations > 0)
        ImGui::Text("advanced to   %s, %d iterations", timeText(r, p.reached).c_str(), p.iterations);
    else
        ImGui::TextUnformatted("advanced to   (never advanced)");
    ImGui::Text("t_min then    %s", timeText(r, p.tMin).c_str());
    const Rgba c = kPclFateColors[std::min(std::size_t(p.fate), std::size(kPclFateColors) - 1)];
    ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1), "%s", fateMeaning(p.fate));
    ImGui::EndTooltip();
    return first;
}

/// Swatch-and-word items in a row, wrapping at the panel's edge.
void fateKey(const FrameResult& r) {
    const auto counts = fateCounts(r);
    const float sw = ImGui::GetFontSize() - 4;
    for (std::size_t f = 0; f < counts.size(); ++f) {
        char text[48];
        std::snprintf(text, sizeof text, "%s %d", toString(PairAdvance::Fate(f)), counts[f]);
        const float w = sw + 4 + ImGui::CalcTextSize(text).x;
        if (f > 0) {
            ImGui::SameLine(0, 10);
            if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
        }
        ImVec2 at = ImGui::GetCursorScreenPos();
        const float dy = (ImGui::GetTextLineHeight() - sw) / 2;
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + dy), ImVec2(at.x + sw, at.y + dy + sw),
                                                  imColor(kPclFateColors[f]));
        ImGui::Dummy(ImVec2(sw, ImGui::GetTextLineHeight()));
        ImGui::SameLine(0, 4);
        ImGui::TextUnformatted(text);
    }
}

} // namespace

void temporalCullingSection(const FrameResult& r, const SceneObjects& objects, CatchView& view) {
    view.barsDrawn = 0;
    view.tooltip.clear();
    if (catchOf(r).pairAdvances.empty()) {
        ImGui::TextDisabled("no PCLs this frame");
        return;
    }
    const TimeOfContact* toc = r.earliest();
    if (toc)
        ImGui::Text("%zu PCL%s, TOC at %.3f of the frame", catchOf(r).pairAdvances.size(),
                    catchOf(r).pairAdvances.size() == 1 ? "" : "s", frameFraction(r, toc->time));
    else
        ImGui::Text("%zu PCL%s, no contact: t_min stays at the end", catchOf(r).pairAdvances.size(),
                    catchOf(r).pairAdvances.size() == 1 ? "" : "s");
    helpMarker(
        "zhang2007 Fig. 6. A bar per potentially colliding link pair, sorted by its lower bound on the "
        "time of contact (Alg. 1's order); height is time within this frame, start at the bottom, end "
        "at the top. Dark: the lower bound (from the links' convex hulls). Bright: how far its "
        "conservative advancement on the meshes got. White: t_min when the pair's turn came - a pair "
        "whose lower bound lies above it is culled without any advancement, one whose advancement "
        "passes it is abandoned. Red dashes: the scene's TOC, the last t_min. Hover a bar for the "
        "pair and its numbers.");

    const std::vector<std::size_t> order = sortedByLowerBound(r);
    const std::size_t n = order.size();
    const float axisW = ImGui::CalcTextSize("end").x + 6, gap = 1, height = 130;
    const float avail = ImGui::GetContentRegionAvail().x;
    // Bars share the width down to 3 pixels each; more PCLs scroll sideways.
    const float barW = std::clamp((avail - axisW) / float(n) - gap, 3.0f, 24.0f);
    // The time lines (grid, the TOC) span the panel however few bars there are.
    const float chartW = std::max(axisW + float(n) * (barW + gap), avail);
    const bool scrolls = chartW > avail;
    if (scrolls)
        ImGui::BeginChild("fig6", ImVec2(avail, height + ImGui::GetStyle().ScrollbarSize + 4), false,
                          ImGuiWindowFlags_HorizontalScrollbar);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float top = origin.y + 1, bottom = origin.y + height - 1, left = origin.x + axisW;
    auto y = [&](double t) { return bottom - frameFraction(r, t) * (bottom - top); };
    // The frame's start and end, a quarter apart.
    const ImU32 grid = IM_COL32(120, 120, 130, 90), axisText = IM_COL32(200, 200, 200, 200);
    for (int q = 0; q <= 4; ++q) {
        float gy = bottom - float(q) / 4 * (bottom - top);
        dl->AddLine(ImVec2(left, gy), ImVec2(origin.x + chartW, gy), grid);
    }
    dl->AddText(ImVec2(origin.x, top - 2), axisText, "end");
    dl->AddText(ImVec2(origin.x, bottom - ImGui::GetFontSize() + 2), axisText, "t0");
    const ImU32 tMinColor = IM_COL32(255, 255, 255, 230);
    float lastTMin = -1;
    int hovered = -1;
    for (std::size_t k = 0; k < n; ++k) {
        const PairAdvance& p = catchOf(r).pairAdvances[order[k]];
        const Rgba c = kPclFateColors[std::min(std::size_t(p.fate), std::size(kPclFateColors) - 1)];
        const float x0 = left + float(k) * (barW + gap), x1 = x0 + barW;
        const float yBound = y(p.lowerBound);
        dl->AddRectFilled(ImVec2(x0, yBound), ImVec2(x1, bottom), imColor(c, 0.45f));
        if (p.iterations > 0 && p.reached > p.lowerBound)
            dl->AddRectFilled(ImVec2(x0, y(p.reached)), ImVec2(x1, yBound), imColor(c));
        // The running t_min: a step at each pair, joined to the previous one's.
        const float yMin = y(p.tMin);
        if (lastTMin >= 0) dl->AddLine(ImVec2(x0 - gap, lastTMin), ImVec2(x0 - gap, yMin), tMinColor, 1.5f);
        dl->AddLine(ImVec2(x0 - gap, yMin), ImVec2(x1, yMin), tMinColor, 2.0f);
        lastTMin = yMin;
        if (ImGui::IsMouseHoveringRect(ImVec2(x0, top), ImVec2(x1 + gap, bottom)) &&
            ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem))
            hovered = int(k);
        ++view.barsDrawn;
    }
    if (toc) { // the final t_min, dashed across the chart
        const float yToc = y(toc->time);
        for (float x = left; x < origin.x + chartW; x += 8)
            dl->AddLine(ImVec2(x, yToc), ImVec2(std::min(x + 4, origin.x + chartW), yToc),
                        IM_COL32(255, 60, 50, 255), 2.0f);
    }
    if (hovered >= 0) {
        const float x0 = left + float(hovered) * (barW + gap);
        dl->AddRect(ImVec2(x0 - 1, top - 1), ImVec2(x0 + barW + 1, bottom + 1), IM_COL32(255, 255, 255, 255));
        view.tooltip = barTooltip(r, objects, catchOf(r).pairAdvances[order[std::size_t(hovered)]],
                                  std::size_t(hovered));
    }
    ImGui::Dummy(ImVec2(chartW, height));
    if (scrolls) ImGui::EndChild();
    fateKey(r);
    std::uint64_t iterations = 0;
    for (const PairAdvance& p : catchOf(r).pairAdvances)
        iterations += std::uint64_t(std::max(p.iterations, 0));
    char advanced[96];
    std::snprintf(advanced, sizeof advanced, "%llu of %zu advanced on the meshes, %llu CA iterations",
                  (unsigned long long)r.counters.get(counter::PclsAdvanced), n,
                  (unsigned long long)iterations);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", advanced);
    ImGui::PopStyleColor();
}

void stepThroughSection(const FrameResult& r, const SceneObjects& objects, CatchView& view,
                        const std::function<void(const Vec3&)>& lookAt) {
    const TimeOfContact* toc = r.earliest();
    view.sliderSteps = 0;
    if (catchOf(r).advanceSteps.empty() || !toc) {
        ImGui::TextDisabled(toc ? "the TOC pair was not advanced (it started inside)"
                                : "no time of contact this frame: nothing to step through");
        return;
    }
    const auto& objs = objects.objects();
    ImGui::TextWrapped("%s / %s", objs[toc->objectA].name.c_str(), objs[toc->objectB].name.c_str());
    helpMarker("Conservative advancement (zhang2007 eq. 4) of the pair that gave the time of contact, one "
               "iteration at a time: at t the links are d apart and their closest points approach at most at "
               "mu (the sec. 6 bound on the links' motion), so nothing can touch before t + d / mu. The last "
               "iteration is within the distance threshold: the TOC. The 3-D view shows the chosen "
               "iteration (overlay \"CA step of the step-through\").");
    const int n = int(catchOf(r).advanceSteps.size());
    view.sliderSteps = n;
    view.step = std::clamp(view.step, 0, n - 1);
    int shown = view.step + 1;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::SliderInt("iteration", &shown, 1, n, ("%d of " + std::to_string(n)).c_str())) {
        view.step = std::clamp(shown - 1, 0, n - 1);
        drawCatchView(r, objects, view);
    }
    const AdvanceStep& s = catchOf(r).advanceSteps[std::size_t(view.step)];
    // Plain lines, not a table: a fixed-fit table measures its columns a frame late (cut on the first).
    ImGui::Text("t     %s", timeText(r, s.time).c_str());
    ImGui::Text("d     %.6g", s.distance);
    if (s.speed > 0) {
        ImGui::Text("mu    %.6g", s.speed);
        ImGui::Text("d/mu  %.6g (%.3f of the frame)", s.step, r.t1 > r.t0 ? s.step / (r.t1 - r.t0) : 0.0);
    } else {
        ImGui::TextUnformatted("mu    -");
        ImGui::TextUnformatted(toc->kind == TimeOfContact::Kind::Penetrating
                                   ? "d/mu  none: the pair starts inside"
                                   : "d/mu  none: d is below the threshold");
    }
    // The distance over the iterations, the chosen one marked: it falls as the links close in.
    std::vector<float> d;
    for (const AdvanceStep& a : catchOf(r).advanceSteps) d.push_back(float(a.distance));
    const float dMax = std::max(1e-9f, *std::max_element(d.begin(), d.end()));
    ImGui::PlotLines("##cad", d.data(), int(d.size()), 0, nullptr, 0.0f, dMax,
                     ImVec2(ImGui::GetContentRegionAvail().x, 40));
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    const float x = n > 1 ? lo.x + (hi.x - lo.x) * float(view.step) / float(n - 1) : (lo.x + hi.x) / 2;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), imColor(kStepColor), 2.0f);
    char caption[64];
    std::snprintf(caption, sizeof caption, "d, max %.3g", dMax);
    ImGui::GetWindowDrawList()->AddText(ImVec2(lo.x + 3, lo.y + 1), IM_COL32(200, 200, 200, 200), caption);
    if (ImGui::SmallButton("look at the closest points")) lookAt((s.pointA + s.pointB) * 0.5);
}

namespace {
/// The step-through's iteration into view.draw (sets view.stepDrawn).
void drawAdvanceStep(const FrameResult& r, const SceneObjects& objects, CatchView& view) {
    const TimeOfContact* toc = r.earliest();
    const OverlayInfo* row = findOverlay("advanceStep");
    if (catchOf(r).advanceSteps.empty() || !toc || !row || !overlayOn(*row, *view.settings)) return;
    view.step = std::clamp(view.step, 0, int(catchOf(r).advanceSteps.size()) - 1);
    const AdvanceStep& s = catchOf(r).advanceSteps[std::size_t(view.step)];
    std::vector<Pose> poses;
    objects.poses(s.time, poses);
    const auto& objs = objects.objects();
    Rgba ghost = kStepColor;
    ghost.a = 0.55f;
    for (std::uint32_t o : {toc->objectA, toc->objectB})
        if (o < objs.size()) view.draw.mesh(*objs[o].mesh, poses[o], ghost, DebugCategory::TimeOfContact);
    view.draw.line(s.pointA, s.pointB, kStepColor, DebugCategory::TimeOfContact);
    view.draw.point(s.pointA, kStepColor, DebugCategory::TimeOfContact);
    view.draw.point(s.pointB, kStepColor, DebugCategory::TimeOfContact);
    view.stepDrawn = true;
}

bool convexPiecesOn(const OverlaySettings& settings) {
    const OverlayInfo* row = findOverlay("convexPieces");
    return row && overlayOn(*row, settings);
}
} // namespace

void drawCatchView(const FrameResult& r, const SceneObjects& objects, CatchView& view) {
    view.draw.clear();
    view.stepDrawn = view.piecesDrawn = false;
    drawAdvanceStep(r, objects, view);
    const auto& objs = objects.objects();
    if (!view.pieces || view.piecesObject < 0 || std::size_t(view.piecesObject) >= objs.size()) return;
    // Where the bodies are drawn after the step: the frame's end.
    std::vector<Pose> poses;
    objects.poses(r.t1, poses);
    view.piece = int(convexPieceFacts(*view.pieces, std::size_t(std::max(view.piece, 0))).piece);
    drawConvexPieces(*view.pieces, poses[std::size_t(view.piecesObject)], std::size_t(view.piece), view.draw);
    view.piecesDrawn = true;
}

void updateConvexPieces(const SceneObjects& objects, MeshDataCache* meshData, CatchView& view) {
    const auto& objs = objects.objects();
    const int o = view.settings->bvhObject;
    if (!meshData || !convexPiecesOn(*view.settings) || o < 0 || std::size_t(o) >= objs.size()) {
        view.pieces.reset(), view.piecesObject = -1;
        return;
    }
    const TriangleMesh& mesh = *objs[std::size_t(o)].mesh;
    if (view.pieces && view.pieces->mesh() == &mesh) {
        view.piecesObject = o;
        return;
    }
    if (view.piecesObject != o) view.piece = 0; // another link: its pieces from the first
    // The key catch:distance=hulls caches its trees under: a view beside such an algorithm reuses its tree.
    view.pieces = meshData->get<HullTree>(
        mesh, HullTree::cacheKey(), [&] { return HullTree(mesh); }, &view.piecesShared);
    view.piecesObject = o;
}

void convexPiecesSection(const FrameResult& r, const SceneObjects& objects, CatchView& view,
                         const std::function<void(const Vec3&)>& lookAt) {
    if (!view.pieces || view.piecesObject < 0) {
        ImGui::TextWrapped("Select a link (Scene panel) to see its convex pieces.");
        return;
    }
    const ConvexPieceFacts f = convexPieceFacts(*view.pieces, std::size_t(std::max(view.piece, 0)));
    ImGui::TextWrapped("%s: %zu triangles in %zu convex pieces (sec. 4), each in its own colour",
                       objects.objects()[std::size_t(view.piecesObject)].name.c_str(),
                       view.pieces->mesh() ? view.pieces->mesh()->triangleCount() : 0, f.pieces);
    if (f.pieces == 0) return;
    int piece = int(f.piece);
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::SliderInt("##piece", &piece, 0, int(f.pieces) - 1, "piece %d")) {
        view.piece = piece;
        drawCatchView(r, objects, view);
    }
    const ConvexPieceFacts g = convexPieceFacts(*view.pieces, std::size_t(view.piece));
    ImGui::TextWrapped("piece %zu%s: %zu triangles; its hull (translucent): %zu vertices", g.piece,
                       view.hoveredPiece >= 0 ? " (under the mouse)" : "", g.triangles, g.hullVertices);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The hull has %zu faces. Every face of the piece lies on the hull's boundary: the piece is "
            "convex (Ehmann & Lin 2001), so the distance between two pieces is GJK's on their hulls.",
            g.hullFaces);
    const HullNode& leaf = view.pieces->nodes()[view.pieces->leafOf(std::uint32_t(g.piece))];
    if (ImGui::SmallButton("look at the piece")) {
        std::vector<Pose> poses;
        objects.poses(r.t1, poses);
        lookAt(poses[std::size_t(view.piecesObject)].apply(leaf.center));
    }
}

void hoverConvexPieces(const FrameResult& r, const SceneObjects& objects, CatchView& view, const Vec3* origin,
                       const Vec3* dir) {
    view.hoveredPiece = -1;
    const auto& objs = objects.objects();
    if (!origin || !dir || !view.pieces || view.piecesObject < 0 ||
        std::size_t(view.piecesObject) >= objs.size())
        return;
    std::vector<Pose> poses;
    objects.poses(r.t1, poses); // where drawCatchView drew them
    const std::int64_t p = convexPieceAt(*view.pieces, poses[std::size_t(view.piecesObject)], *origin, *dir);
    if (p < 0) return;
    view.hoveredPiece = int(p);
    if (view.piece != int(p)) {
        view.piece = int(p);
        drawCatchView(r, objects, view);
    }
}

std::string describeConvexPieces(const SceneObjects& objects, const CatchView& view) {
    if (!view.pieces || view.piecesObject < 0) return "convex pieces: overlay off";
    const ConvexPieceFacts f = convexPieceFacts(*view.pieces, std::size_t(std::max(view.piece, 0)));
    char out[160];
    std::snprintf(out, sizeof out, ", %zu pieces, piece %zu%s: %zu triangles, hull %zu vertices%s", f.pieces,
                  f.piece, view.hoveredPiece >= 0 ? " (under the mouse)" : "", f.triangles, f.hullVertices,
                  view.piecesDrawn ? "" : " (not drawn)");
    return "convex pieces: " + objects.objects()[std::size_t(view.piecesObject)].name + out;
}

const LegendEntry& convexPiecesLegend() {
    static const LegendEntry entry{DebugCategory::Count, convexPieceColor(0), false,
                                   "convex pieces, one hull translucent", nullptr};
    return entry;
}

std::string describeTemporalCulling(const FrameResult& r, const CatchView& view) {
    // What the panel drew against what the algorithm reported: a test reads "a bar each" only when they
    // agree.
    const std::size_t n = catchOf(r).pairAdvances.size();
    std::string out = "temporal culling: " + std::to_string(n) + " PCLs, ";
    if (view.barsDrawn < 0)
        out += "section not shown";
    else if (std::size_t(view.barsDrawn) == n)
        out += n ? "a bar each" : "\"no PCLs this frame\"";
    else
        out += std::to_string(view.barsDrawn) + " bars drawn";
    const auto counts = fateCounts(r);
    for (std::size_t f = 0; f < counts.size(); ++f)
        out +=
            (f ? ", " : " (") + std::string(toString(PairAdvance::Fate(f))) + " " + std::to_string(counts[f]);
    char tail[64];
    const TimeOfContact* toc = r.earliest();
    if (toc)
        std::snprintf(tail, sizeof tail, "), TOC %.6f", toc->time);
    else
        std::snprintf(tail, sizeof tail, "), no TOC");
    return out + tail;
}

std::string describeStepThrough(const FrameResult& r, const CatchView& view) {
    const int n = int(catchOf(r).advanceSteps.size());
    if (view.sliderSteps < 0) return "step-through: section not shown";
    if (n == 0) return "step-through: no iterations this frame";
    std::string slider = view.sliderSteps != n ? "the slider over " + std::to_string(view.sliderSteps) +
                                                     " of " + std::to_string(n) + " iterations"
                         : n == 1 ? "the slider over its 1 iteration"
                                  : "the slider over all " + std::to_string(n) + " iterations";
    const AdvanceStep& s = catchOf(r).advanceSteps[std::size_t(std::clamp(view.step, 0, n - 1))];
    char out[192];
    std::snprintf(out, sizeof out, ", iteration %d: t %.6f, d %.6g, mu %.6g, dt %.6g, drew %zu ghosts",
                  view.step + 1, s.time, s.distance, s.speed, s.step, view.draw.meshes.size());
    return "step-through: " + slider + out;
}

nlohmann::json catchReportFields(const FrameResult& r, const SceneObjects& objects, const CatchView& view) {
    nlohmann::json out;
    const CatchDetail& d = catchOf(r);
    out["pcls"] = d.pairAdvances.size();
    out["bars_drawn"] = view.barsDrawn >= 0 ? nlohmann::json(view.barsDrawn) : nlohmann::json(nullptr);
    nlohmann::json fates = nlohmann::json::object();
    const auto counts = fateCounts(r);
    for (std::size_t f = 0; f < counts.size(); ++f) fates[toString(PairAdvance::Fate(f))] = counts[f];
    out["fates"] = fates;
    const TimeOfContact* toc = r.earliest();
    out["toc"] = toc ? nlohmann::json(toc->time) : nlohmann::json(nullptr);
    nlohmann::json step;
    const int n = int(d.advanceSteps.size());
    step["iterations"] = n;
    step["slider_steps"] = view.sliderSteps >= 0 ? nlohmann::json(view.sliderSteps) : nlohmann::json(nullptr);
    if (n > 0) {
        const AdvanceStep& s = d.advanceSteps[std::size_t(std::clamp(view.step, 0, n - 1))];
        step["iteration"] = view.step + 1;
        step["t"] = s.time, step["d"] = s.distance, step["mu"] = s.speed, step["dt"] = s.step;
        step["ghosts"] = view.draw.meshes.size();
    }
    out["step_through"] = step;
    out["tooltip"] = view.tooltip;
    if (view.pieces && view.piecesObject >= 0) {
        const ConvexPieceFacts f = convexPieceFacts(*view.pieces, std::size_t(std::max(view.piece, 0)));
        out["convex_pieces"] = {{"object", objects.objects()[std::size_t(view.piecesObject)].name},
                                {"pieces", f.pieces},
                                {"piece", f.piece},
                                {"triangles", f.triangles},
                                {"hull_vertices", f.hullVertices},
                                {"hull_faces", f.hullFaces},
                                {"drawn", view.piecesDrawn},
                                {"shared", view.piecesShared},
                                {"hovered", view.hoveredPiece >= 0}};
    } else {
        out["convex_pieces"] = nullptr;
    }
    return out;
}

const LegendEntry& advanceStepLegend() {
    static const LegendEntry entry{DebugCategory::Count, kStepColor, false,
                                   "CA step: closest points, pair then", nullptr};
    return entry;
}

} // namespace cdlab
