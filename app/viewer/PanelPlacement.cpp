#include "PanelPlacement.h"

#include <imgui.h>

#include <algorithm>

namespace cdlab {

void PanelPlacement::beginFrame(int generation, int width, int height) {
    m_placed.clear();
    m_relayout = m_placedGeneration != generation;
    m_placedGeneration = generation;
    m_width = width, m_height = height;
}

void PanelPlacement::place(const LayoutRect& r) {
    ImGuiCond cond = m_relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y), cond);
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h), cond);
}

void PanelPlacement::settle(const std::string& name, int viewport) {
    ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float W = float(m_width), H = float(m_height);
    ImVec2 fit(std::min(size.x, W), std::min(size.y, H));
    ImVec2 at(std::clamp(pos.x, 0.0f, W - fit.x), std::clamp(pos.y, 0.0f, H - fit.y));
    if (fit.x != size.x || fit.y != size.y) ImGui::SetWindowSize(fit), size = fit;
    if (at.x != pos.x || at.y != pos.y) ImGui::SetWindowPos(at), pos = at;
    m_placed.push_back({name, {pos.x, pos.y, size.x, size.y}, viewport});
}

} // namespace cdlab
