#include "SbvPanels.h"
#include "ViewerUi.h"

#include "geometry/ConvexPolytope.h"
#include "scene/SceneObjects.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace cdlab {

namespace {

// The error style of the viewer's panels (a bad input, a failed load): the view keeps running.
const ImVec4 kErrorColor(1, 0.4f, 0.4f, 1);
// More pairs than this scroll in a child window of their own, so the sections below stay in reach.
constexpr int kPairsBeforeScrolling = 6;

ImVec4 outcomeColor(SbvPairRecord::Outcome o) {
    switch (o) {
    case SbvPairRecord::Outcome::Certified:
    case SbvPairRecord::Outcome::Shrunk:
        return ImVec4(0.45f, 0.9f, 0.5f, 1); // separated
    case SbvPairRecord::Outcome::Region:
        return ImVec4(1.0f, 0.65f, 0.2f, 1); // the overlap region's orange
    case SbvPairRecord::Outcome::Contained:
        return ImVec4(1.0f, 0.85f, 0.3f, 1);
    }
    return ImVec4(1, 1, 1, 1);
}

/// A bar of the share culled, the kept part in the region's orange.
void cullingBar(const SbvPairRecord& p) {
    const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetTextLineHeight() * 0.6f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(at, ImVec2(at.x + w, at.y + h), IM_COL32(90, 90, 100, 255));
    const float kept = float(1.0 - cullingRatio(p));
    dl->AddRectFilled(at, ImVec2(at.x + std::max(kept * w, kept > 0 ? 1.0f : 0.0f), at.y + h),
                      IM_COL32(255, 115, 25, 255));
    ImGui::Dummy(ImVec2(w, h));
}

} // namespace

void sbvPairsSection(const FrameResult& r, const SceneObjects& objects, SbvView& view) {
    view.pairsShown = 0;
    if (sbvOf(r).pairs.empty()) {
        ImGui::TextDisabled("no pair's boxes overlap this frame");
        return;
    }
    const int n = int(sbvOf(r).pairs.size());
    ImGui::Text("%d pair%s with overlapping boxes", n, n == 1 ? "" : "s");
    helpMarker("Per body pair whose boxes overlap: each body's SBV is its box cut by the two support planes "
               "normal to d*, the separating direction (sbv Def. 5). Separated by d*: the two SBVs' slabs "
               "along d* are disjoint. Separated by shrinking: CSBV rebuilt both SBVs from the triangles "
               "overlapping their overlap region until the region was empty. Overlap region: a region is "
               "left and only its triangles go to the narrow phase. Contained: one body's support points "
               "all lie in the other's SBV (the guard; no SVM). The bar: the kept share (orange) of the "
               "pair's triangles. Click a pair to step through its shrinking.");
    const int chosen = chosenSbvPair(r, view);
    const bool scrolls = n > kPairsBeforeScrolling;
    if (scrolls)
        ImGui::BeginChild(
            "sbvpairs",
            ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 7.5f * float(kPairsBeforeScrolling) / 2), true);
    for (int k = 0; k < n; ++k) {
        const SbvPairRecord& p = sbvOf(r).pairs[std::size_t(k)];
        ImGui::PushID(k);
        const std::string name = sbvPairName(objects, p);
        if (ImGui::Selectable(name.c_str(), k == chosen)) view.pair = k, view.round = 0;
        ImGui::Indent();
        const std::vector<std::string> lines = sbvPairLines(p);
        ImGui::TextColored(outcomeColor(p.outcome), "%s", lines[0].c_str());
        for (std::size_t i = 1; i < lines.size(); ++i) ImGui::TextUnformatted(lines[i].c_str());
        cullingBar(p);
        if (!p.oshError.empty()) { // the SVM failed to train: no d* from it this frame, the view goes on
            ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
            ImGui::TextWrapped("SVM error: %s", p.oshError.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::Unindent();
        ImGui::PopID();
        ++view.pairsShown;
    }
    if (scrolls) ImGui::EndChild();
}

void sbvStepSection(const FrameResult& r, const SceneObjects& objects, SbvView& view,
                    const std::function<void(const Vec3&)>& lookAt) {
    view.sliderRounds = 0;
    if (sbvOf(r).pairs.empty()) {
        ImGui::TextDisabled("no pairs this frame: nothing to step through");
        return;
    }
    const int pair = chosenSbvPair(r, view);
    const SbvPairRecord& p = sbvOf(r).pairs[std::size_t(pair)];
    ImGui::TextWrapped("%s", sbvPairName(objects, p).c_str());
    helpMarker(
        "CSBV's shrinking (sbv Fig. 4) of the chosen pair, one round at a time, drawn in cyan: round 0 "
        "is the overlap of the two full SBVs and the triangles of both bodies that overlap it; each "
        "round rebuilds both SBVs from those triangles only and intersects them again, until the "
        "kept sets stop changing (or the region is empty: separated). The last round is the region "
        "the algorithm draws in orange.");
    const std::vector<std::size_t> rounds = sbvRoundsOf(r, pair);
    const int n = int(rounds.size());
    if (n == 0) {
        ImGui::TextDisabled(p.outcome == SbvPairRecord::Outcome::Certified
                                ? "separated by d*: no shrinking to step through"
                                : "no rounds recorded this frame");
        return;
    }
    view.round = clampRound(view.round, n);
    view.sliderRounds = n;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    ImGui::SliderInt("##round", &view.round, 0, n - 1, ("round %d of 0-" + std::to_string(n - 1)).c_str());
    const SbvShrinkStep& s = sbvOf(r).steps[rounds[std::size_t(view.round)]];
    ImGui::Text("half-spaces  %zu", s.region.size());
    ImGui::Text("region       %s",
                view.regionFaces > 0 ? (std::to_string(view.regionFaces) + " faces").c_str() : "empty");
    ImGui::Text("kept         %zu + %zu triangles", s.keptA.size(), s.keptB.size());
    // The kept triangles over the rounds, the chosen one marked: they fall as the region shrinks.
    std::vector<float> kept;
    for (std::size_t k : rounds)
        kept.push_back(float(sbvOf(r).steps[k].keptA.size() + sbvOf(r).steps[k].keptB.size()));
    const float top = std::max(1.0f, *std::max_element(kept.begin(), kept.end()));
    ImGui::PlotLines("##kept", kept.data(), n, 0, nullptr, 0.0f, top,
                     ImVec2(ImGui::GetContentRegionAvail().x, 40));
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    const float x = n > 1 ? lo.x + (hi.x - lo.x) * float(view.round) / float(n - 1) : (lo.x + hi.x) / 2;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), IM_COL32(50, 240, 255, 255), 2.0f);
    char caption[64];
    std::snprintf(caption, sizeof caption, "kept, max %.0f", top);
    ImGui::GetWindowDrawList()->AddText(ImVec2(lo.x + 3, lo.y + 1), IM_COL32(200, 200, 200, 200), caption);
    if (!s.region.empty() && ImGui::SmallButton("look at the region")) {
        double scale = 0;
        for (const HalfSpace& h : s.region) scale = std::max(scale, std::abs(h.offset));
        const ConvexPolytope poly = intersectHalfSpaces(s.region, 1e-9 * std::max(scale, 1e-300));
        if (!poly.empty()) lookAt(poly.bounds().center());
    }
}

} // namespace cdlab
