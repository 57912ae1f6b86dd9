#include "PanelWidgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace cdlab {

void helpMarker(const std::string& text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

Stat stat(const std::deque<float>& d) {
    Stat s;
    if (d.empty()) return s;
    s.now = d.back();
    s.avg = std::accumulate(d.begin(), d.end(), 0.0f) / float(d.size());
    s.max = *std::max_element(d.begin(), d.end());
    return s;
}

/// Greyed text that wraps at the panel's edge instead of being cut there.
void disabledWrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

/// The axis values of the plot just drawn (the last item): its top and bottom values with their unit at the
/// left edge, and what the x axis spans at the right, so a plot reads without guessing its scale.
void plotAxes(float top, float bottom, const char* unit, const std::string& xSpan) {
    ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 colour = IM_COL32(200, 200, 200, 200);
    char text[64];
    auto value = [](float v) { return std::fabs(v) >= 100 ? "%.0f %s" : "%.3g %s"; };
    std::snprintf(text, sizeof text, value(top), top, unit);
    dl->AddText(ImVec2(lo.x + 3, lo.y + 1), colour, text);
    std::snprintf(text, sizeof text, value(bottom), bottom, "");
    dl->AddText(ImVec2(lo.x + 3, hi.y - ImGui::GetFontSize() - 1), colour, text);
    if (!xSpan.empty()) {
        ImVec2 size = ImGui::CalcTextSize(xSpan.c_str());
        dl->AddText(ImVec2(hi.x - size.x - 3, hi.y - size.y - 1), colour, xSpan.c_str());
    }
}

/// A line plot of `values` scaled from 0 to their maximum, with its axis values; `caption` names what it
/// shows (the counter or stage).
void plotWithAxes(const char* id, const std::vector<float>& values, float top, const char* caption,
                  const char* unit, float height) {
    if (values.empty()) return;
    ImGui::TextUnformatted(caption); // above the plot: inside, it would run into the axis values
    // ImGui 1.86's PlotLines takes no negative width (it drew a 2-pixel plot): the width is explicit.
    ImGui::PlotLines(id, values.data(), int(values.size()), 0, nullptr, 0.0f, top,
                     ImVec2(ImGui::GetContentRegionAvail().x, height));
    plotAxes(top, 0, unit, "last " + std::to_string(values.size()) + " frames");
}

/// A table row: the name, then now / avg / max of the series.
void statRow(const char* name, const std::deque<float>& d, const char* format) {
    Stat s = stat(d);
    ImGui::TableNextRow();
    ImGui::TableNextColumn(), ImGui::TextUnformatted(name);
    for (float v : {s.now, s.avg, s.max}) ImGui::TableNextColumn(), ImGui::Text(format, v);
}

} // namespace cdlab
