#include "TourBar.h"

#include "ViewerApp.h"

#include <algorithm>
#include <imgui.h>

namespace cdlab {

void TourBar::draw(ViewerApp& app, float width) {
    const Tour* tour = app.tour();
    if (!tour || tour->steps.empty()) return;
    const int n = int(tour->steps.size());
    const int k = std::clamp(app.tourStep(), 0, n - 1);
    const TourStep& step = tour->steps[std::size_t(k)];
    // Where: along the top of the views, where the legends (bottom left) and the bodies (framed in the
    // middle) are not — in presentation mode under its caption line across the window; otherwise left of a
    // single view's docked panel, or below the collapsed panels' title bars of several views.
    const ViewerLayout& layout = app.layout();
    float x0 = 0, x1 = width, y = app.menuHeight();
    if (!app.presenting() && !layout.viewports.empty()) {
        x0 = layout.viewports.front().x, y = layout.viewports.front().y;
        x1 = layout.viewports.back().x + layout.viewports.back().w;
        if (layout.viewports.size() == 1 && !layout.viewPanels.empty() &&
            layout.viewPanels[0].x - x0 >= 0.4f * (x1 - x0))
            x1 = layout.viewPanels[0].x - ImGui::GetStyle().ItemSpacing.x;
        else
            y += ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y;
    }
    ImGui::SetNextWindowPos(ImVec2(x0, y));
    ImGui::SetNextWindowSize(ImVec2(x1 - x0, 0));
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::Begin("##tour", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoNav);
    ImGui::TextDisabled("%s", tour->title.c_str());
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.4f, 1), "step %d of %d: %s", k + 1, n, step.caption.c_str());
    if (!step.text.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(step.text.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::BeginDisabled(k == 0);
    if (ImGui::Button("< Previous")) app.goToTourStep(k - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(k + 1 >= n);
    if (ImGui::Button("Next >")) app.goToTourStep(k + 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("PageUp / PageDown");
    const char* close = "Close tour";
    const float closeW = ImGui::CalcTextSize(close).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - closeW));
    if (ImGui::Button(close)) app.closeTour();
    ImGui::End();
}

} // namespace cdlab
