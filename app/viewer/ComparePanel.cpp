#include "ComparePanel.h"

#include "PanelPlacement.h"
#include "PanelWidgets.h"
#include "Viewport.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cdlab {

namespace {

/// The algorithm a view runs (the one being prepared shows its answers only once it runs).
const AlgorithmInfo* algorithmOf(const Viewport& vp) {
    return AlgorithmRegistry::instance().find(vp.preparedAlgorithm.empty() ? vp.algorithm
                                                                           : vp.preparedAlgorithm);
}

} // namespace

std::string ComparePanel::firstTocCell(const Viewport& vp) {
    const AlgorithmInfo* info = algorithmOf(vp);
    if (!vp.algo && !vp.error.empty()) return "refused"; // prepare() refused the scene: no answer, not "free"
    if (!info || info->kind != AlgorithmKind::Continuous) return "-";
    const TimeOfContact* c = vp.result.earliest();
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", c ? c->time : 0.0);
    return c ? text : "free";
}

std::string ComparePanel::sameContactsCell(const std::vector<std::unique_ptr<Viewport>>& vps, std::size_t v) {
    const Viewport& vp = *vps[v];
    const AlgorithmInfo* info = algorithmOf(vp);
    const auto refused = [](const Viewport& w) { return !w.algo && !w.error.empty(); };
    if (refused(vp)) return "refused";
    if (!info || info->kind == AlgorithmKind::Culling) return "culling only";
    const Viewport* ref = nullptr; // the first view of the same kind that answered
    for (const auto& other : vps)
        if (!ref && !refused(*other) && algorithmOf(*other) && algorithmOf(*other)->kind == info->kind)
            ref = other.get();
    const AlgorithmInfo* refInfo = algorithmOf(*ref);
    const FrameResult &a = vp.result, &b = ref->result;
    // Contact sets where both report every body pair's first contact exactly; else the earliest contact.
    if (a.firstContactScope == FirstContactScope::PerBodyPair &&
        b.firstContactScope == FirstContactScope::PerBodyPair && info->hashReference &&
        refInfo->hashReference)
        return a.hash() == b.hash() ? "yes" : "DIFFERENT";
    const TimeOfContact *ca = a.earliest(), *cb = b.earliest();
    if (!ca || !cb) return !ca && !cb ? "yes" : "DIFFERENT";
    if (std::minmax(ca->objectA, ca->objectB) != std::minmax(cb->objectA, cb->objectB))
        return "DIFFERENT pair";
    if (ca->time == cb->time) return "yes";
    char text[32];
    std::snprintf(text, sizeof text, "dt %.0e", std::fabs(ca->time - cb->time));
    return text;
}

std::string ComparePanel::viewLabel(std::size_t v) const {
    return "view " + std::to_string(v + 1) + ": " + m_viewports[v]->label();
}

void ComparePanel::counterPlots(const std::vector<Counter>& counters) {
    // One counter over the last frames, a plot per viewport on one scale: where along the motion one
    // algorithm does less work than the other (e.g. ee_tests with and without BM-culling).
    if (counters.empty()) return;
    if (std::find(counters.begin(), counters.end(), m_plotCounter) == counters.end())
        m_plotCounter = counters[0];
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::BeginCombo("over time", toString(m_plotCounter))) {
        for (Counter c : counters)
            if (ImGui::Selectable(toString(c), c == m_plotCounter)) m_plotCounter = c;
        ImGui::EndCombo();
    }
    auto& vps = m_viewports;
    std::vector<std::vector<float>> series(vps.size());
    float top = 1;
    for (std::size_t v = 0; v < vps.size(); ++v)
        for (const auto& frame : vps[v]->counters) {
            series[v].push_back(float(frame.get(m_plotCounter)));
            top = std::max(top, series[v].back());
        }
    for (std::size_t v = 0; v < vps.size(); ++v) {
        if (series[v].empty()) continue;
        plotWithAxes(("##plot" + std::to_string(v)).c_str(), series[v], top, viewLabel(v).c_str(),
                     toString(m_plotCounter), 45);
    }
}

void ComparePanel::draw(const LayoutRect& rect) {
    // Bottom right, beside the timeline (bottom left); with two or more viewports the view panels above it
    // start collapsed.
    m_placement.place(rect);
    ImGui::Begin("Compare (this frame)");
    m_placement.settle("Compare");
    auto& vps = m_viewports;
    std::vector<Counter> counters;
    std::vector<std::string> stages;
    for (const auto& vp : vps) {
        for (const auto& [n, x] : vp->result.counters.items())
            if (std::find(counters.begin(), counters.end(), n) == counters.end()) counters.push_back(n);
        for (const auto& [n, x] : vp->result.stages.items())
            if (std::find(stages.begin(), stages.end(), n) == stages.end()) stages.push_back(n);
    }
    counterPlots(counters);
    if (ImGui::BeginTable("compare", int(vps.size()) + 1, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
        // Short headers (V1, V2, ...) that fit a narrow column; the full label as the header's tooltip.
        ImGui::TableSetupColumn("");
        for (std::size_t v = 0; v < vps.size(); ++v) {
            char header[24]; // formatted, not "V" + std::string: GCC 12 warns (-Wrestrict) on that inlined
            std::snprintf(header, sizeof header, "V%zu", v + 1);
            ImGui::TableSetupColumn(header);
        }
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int c = 0; c <= int(vps.size()); ++c) {
            if (!ImGui::TableSetColumnIndex(c)) continue;
            ImGui::PushID(c);
            ImGui::TableHeader(ImGui::TableGetColumnName(c));
            if (c > 0 && ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", viewLabel(std::size_t(c - 1)).c_str());
            ImGui::PopID();
        }
        for (Counter c : counters) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::TextUnformatted(toString(c));
            for (const auto& vp : vps)
                ImGui::TableNextColumn(), ImGui::Text("%llu", (unsigned long long)vp->result.counters.get(c));
        }
        for (const auto& s : stages) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::Text("%s ms", s.c_str());
            for (const auto& vp : vps)
                ImGui::TableNextColumn(), ImGui::Text("%.3f", vp->result.stages.get(s));
        }
        // The scene's earliest time of contact of each continuous view (articulated and rigid
        // pipelines side by side), then whether each view agrees with the first view of its kind.
        auto cell = [](const std::string& text) {
            text == "-" || text == "culling only" || text == "refused"
                ? ImGui::TextDisabled("%s", text.c_str())
                : ImGui::TextUnformatted(text.c_str());
        };
        ImGui::TableNextRow();
        ImGui::TableNextColumn(), ImGui::TextUnformatted("first TOC");
        for (const auto& vp : vps) ImGui::TableNextColumn(), cell(firstTocCell(*vp));
        ImGui::TableNextRow();
        ImGui::TableNextColumn(), ImGui::TextUnformatted("same contacts");
        helpMarker(
            "Against the first view of the same kind (discrete or continuous). Contact sets are compared "
            "where both views report every body pair's first contact; where one reports only the scene's "
            "earliest (the articulated algorithms), that contact's pair and time are: \"dt\" means the "
            "same pair, the times this far apart (conservative advancement stops a distance threshold short "
            "of touching, "
            "the sampled reference within its tolerance). Culling algorithms report no contacts.");
        for (std::size_t v = 0; v < vps.size(); ++v) ImGui::TableNextColumn(), cell(sameContactsCell(vps, v));
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace cdlab
