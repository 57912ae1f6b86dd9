#include "PanelSections.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace cdlab {

namespace {

/// A label's ID part: after "###" when it has one (a label that changes, "Contacts (3)###contacts").
std::string idOf(const char* label) {
    const std::string s(label);
    const auto hashes = s.find("###");
    return hashes == std::string::npos ? s : s.substr(hashes + 3);
}

/// The current panel's ID name (its window's).
std::string panel() {
    return idOf(ImGui::GetCurrentWindowRead()->RootWindow->Name);
}

} // namespace

PanelSections& PanelSections::instance() {
    static PanelSections sections;
    return sections;
}

bool PanelSections::header(const char* label) {
    const std::string key = panel() + "/" + idOf(label);
    if (auto it = m_wantOpen.find(key); it != m_wantOpen.end()) {
        ImGui::SetNextItemOpen(it->second, ImGuiCond_Always);
        m_wantOpen.erase(it);
    }
    const bool open = ImGui::CollapsingHeader(label, ImGuiTreeNodeFlags_DefaultOpen);
    m_open[key] = open;
    return open;
}

bool PanelSections::tabItem(const char* label) {
    const std::string bar = panel() + "/tabs", tab = idOf(label);
    ImGuiTabItemFlags flags = 0;
    if (auto it = m_wantTab.find(bar); it != m_wantTab.end() && it->second == tab) {
        flags |= ImGuiTabItemFlags_SetSelected;
        m_wantTab.erase(it);
    }
    const bool shown = ImGui::BeginTabItem(label, nullptr, flags);
    if (shown) m_tabs[bar] = tab;
    return shown;
}

void PanelSections::beforeWindow(const std::string& id) {
    if (auto it = m_wantOpen.find(id); it != m_wantOpen.end()) {
        ImGui::SetNextWindowCollapsed(!it->second, ImGuiCond_Always);
        if (it->second) m_held[id] = true;
        m_wantOpen.erase(it);
    }
}

void PanelSections::noteWindow(const std::string& id, bool open) {
    m_open[id] = open;
}

void PanelSections::request(const std::map<std::string, bool>& open,
                            const std::map<std::string, std::string>& tabs) {
    for (const auto& [k, v] : open) m_wantOpen[k] = v;
    for (const auto& [k, v] : tabs) m_wantTab[k] = v;
}

} // namespace cdlab
