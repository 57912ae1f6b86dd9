#include "LdiPanels.h"
#include "ViewerUi.h"

#include "scene/SceneObjects.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace cdlab {

namespace {

// The error style of the viewer's panels: the view keeps running, the numbers are not to be trusted.
const ImVec4 kErrorColor(1, 0.4f, 0.4f, 1);
// The teaching view's colours: the bodies as the SBV overlays colour them (first green, second blue), their
// intersection in the penetration red. A's and B's intervals are drawn first and the intersection over
// them, so green is only A, blue only B and red both.
const ImU32 kColourA = IM_COL32(77, 230, 128, 255);
const ImU32 kColourB = IM_COL32(90, 140, 255, 255);
const ImU32 kColourBoth = IM_COL32(255, 70, 40, 255);
constexpr float kRowViewHeight = 170;

void swatch(ImU32 colour, const char* text) {
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 2), ImVec2(at.x + h - 4, at.y + h - 2),
                                              colour);
    ImGui::Dummy(ImVec2(h - 2, h));
    ImGui::SameLine();
    ImGui::TextUnformatted(text);
}

} // namespace

void ldiPairsSection(const FrameResult& r, const SceneObjects& objects, LdiView& view) {
    view.pairsShown = 0;
    if (ldiOf(r).pairs.empty()) {
        ImGui::TextDisabled("no pair queried this frame");
        return;
    }
    const int n = int(ldiOf(r).pairs.size());
    ImGui::Text("%d pair%s queried", n, n == 1 ? "" : "s");
    helpMarker(
        "Per body pair: the LDI query renders both bodies into a layered depth image over the query box "
        "Q (ldi: the bodies' common box; sbv-ldi: the SBVs' overlap region) and sweeps each pixel's "
        "sorted fragments with one inside counter per body (ldi-notes §5). volume: pixel area times the "
        "summed lengths where both are inside, exact along each ray, sampled across. footprint: the "
        "area of pixels with an overlap. max depth: the longest overlap along one ray (a local depth, "
        "not a translational penetration depth). direction: the view axis, signed so that moving B "
        "along it shrinks the volume; -dV/ds: how fast, in volume per unit B moves (from the sampled "
        "overlaps' ends that belong to B, §5). layers: the most fragments one pixel stored. "
        "fragments: those inside Q / what the pool held (the GPU's fixed storage; on an overflow it "
        "grows and the query runs again). window: W x H pixels of side h. Invalid pixels: a counter went "
        "below zero (an open mesh, a missed "
        "fragment); truncated: too many fragments to sort. Click a pair for the teaching view.");
    const int chosen = chosenLdiPair(r, view);
    for (int k = 0; k < n; ++k) {
        const LdiPairRecord& p = ldiOf(r).pairs[std::size_t(k)];
        ImGui::PushID(k);
        if (ImGui::Selectable(ldiPairName(objects, p).c_str(), k == chosen)) view.pair = k;
        ImGui::Indent();
        for (const LdiLine& line : ldiPairLines(p)) {
            if (!line.loud) {
                ImGui::TextUnformatted(line.text.c_str());
                continue;
            }
            ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
            ImGui::TextWrapped("%s", line.text.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::Unindent();
        ImGui::PopID();
        ++view.pairsShown;
    }
}

void ldiRowSection(const FrameResult& r, const SceneObjects& objects, LdiView& view) {
    const int pair = chosenLdiPair(r, view);
    if (pair < 0) {
        ImGui::TextDisabled("no pairs this frame: no row to show");
        return;
    }
    const LdiPairRecord& p = ldiOf(r).pairs[std::size_t(pair)];
    const LdiResult& l = p.ldi;
    if (!l.ok || l.row < 0 || l.rowFragments.empty()) {
        ImGui::TextDisabled(!l.ok ? "the query failed: no row" : "no row kept this frame");
        return;
    }
    view.rowDrawn = l.row;
    const auto [first, last] = ldiRowSpan(l);
    // Short: the view panel is narrow, and the help marker goes on this line.
    if (first < 0)
        ImGui::Text("row %d of %d", l.row, l.frame.height);
    else
        ImGui::Text("row %d of %d, px %d-%d of %d", l.row, l.frame.height, first, last, l.frame.width);
    helpMarker(
        "One row of the chosen pair's layered depth image, the row the algorithm's \"row\" parameter "
        "keeps (a fraction of the window's height). Across: the row's pixels along the window's u axis, "
        "only the span with fragments. Down: depth along the view axis w, from the query box's near "
        "side z0 (top) to its far side z1 (bottom). Each pixel's ray enters and leaves the bodies at its "
        "fragments; counting entries and exits per body from in front of the box tells where the ray is "
        "inside A (green), inside B (blue) and inside both (red: the penetration region, whose lengths "
        "sum to the volume). Hover a column for its fragments.");
    const auto& objs = objects.objects();
    auto name = [&](std::uint32_t o) {
        return o < objs.size() ? objs[o].name : "object " + std::to_string(o);
    };
    swatch(kColourA, ("A " + name(p.objectA)).c_str());
    ImGui::SameLine();
    swatch(kColourB, ("B " + name(p.objectB)).c_str());
    ImGui::SameLine();
    swatch(kColourBoth, "both");
    if (first < 0) {
        ImGui::TextDisabled("no fragments in this row: every ray misses both bodies inside Q");
        return;
    }

    // The canvas: depth labels on the left, pixel labels below.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const double z0 = l.frame.z0, z1 = l.frame.z1;
    char top[32], bottom[32];
    std::snprintf(top, sizeof top, "z0 %.3g", z0);
    std::snprintf(bottom, sizeof bottom, "z1 %.3g", z1);
    const float font = ImGui::GetFontSize(),
                left = std::max({ImGui::CalcTextSize(top).x, ImGui::CalcTextSize(bottom).x,
                                 ImGui::CalcTextSize("depth").x}) +
                       6;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, left + 40);
    const ImVec2 lo(at.x + left, at.y), hi(at.x + width, at.y + kRowViewHeight);
    ImGui::InvisibleButton("##ldirow", ImVec2(width, kRowViewHeight + font + 2));
    dl->AddRectFilled(lo, hi, IM_COL32(30, 30, 36, 255));
    const int n = last - first + 1;
    const float column = (hi.x - lo.x) / float(n);
    auto y = [&](float z) { return lo.y + float((double(z) - z0) / (z1 - z0)) * (hi.y - lo.y); };
    for (int i = first; i <= last; ++i) {
        const LdiIntervals iv = rowIntervals(l, i);
        // At least a pixel wide on screen: a narrow panel showing many pixels still shows every interval.
        const float x0 = lo.x + column * float(i - first), x1 = std::max(x0 + column, x0 + 1);
        for (const auto& [list, colour] :
             {std::pair{&iv.a, kColourA}, std::pair{&iv.b, kColourB}, std::pair{&iv.both, kColourBoth}})
            for (const auto& [a, b] : *list)
                dl->AddRectFilled(ImVec2(x0, y(a)), ImVec2(x1, std::max(y(b), y(a) + 1)), colour);
    }
    const ImU32 text = IM_COL32(200, 200, 200, 220);
    dl->AddText(ImVec2(at.x, lo.y), text, top);
    dl->AddText(ImVec2(at.x, hi.y - font), text, bottom);
    char label[48];
    dl->AddText(ImVec2(at.x, (lo.y + hi.y - font) / 2), text, "depth");
    std::snprintf(label, sizeof label, "px %d", first);
    dl->AddText(ImVec2(lo.x, hi.y + 1), text, label);
    std::snprintf(label, sizeof label, "px %d", last);
    dl->AddText(ImVec2(hi.x - ImGui::CalcTextSize(label).x, hi.y + 1), text, label);

    // Hover (or --hover in the automated runs): the column under the mouse, its fragments in a tooltip.
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (ImGui::IsItemHovered() && mouse.x >= lo.x && mouse.x < hi.x) {
        view.hovered = std::clamp(first + int((mouse.x - lo.x) / column), first, last);
        const float x = lo.x + column * (float(view.hovered - first) + 0.5f);
        dl->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), IM_COL32(255, 255, 255, 200));
        view.tooltip = ldiPixelText(l, view.hovered);
        ImGui::SetTooltip("%s", view.tooltip.c_str());
    }
}

} // namespace cdlab
