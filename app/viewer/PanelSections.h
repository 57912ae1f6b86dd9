// PanelSections: which sections of the panels are open, which tab each tab bar shows and which View panels
// are unfolded — what a shot keeps as its "open sections" (issue 44). Every panel opens its collapsing
// headers and tab items through here: it notes their state as they are drawn and applies a shot's the
// next time each is drawn. Keys are "<panel>/<section>", the panel by its ImGui ID name (the part after
// "###", e.g. "view0"), the section by its label's (e.g. "view0/Overlays").
#pragma once

#include <map>
#include <string>

namespace cdlab {

class PanelSections {
public:
    static PanelSections& instance();

    /// ImGui::CollapsingHeader (open by default), as the shot asks when it asks.
    bool header(const char* label);
    /// ImGui::BeginTabItem: the shot's tab is selected once; the shown tab is noted.
    bool tabItem(const char* label);
    /// Before ImGui::Begin of a foldable panel `id`: fold or unfold it as the shot asks (once).
    void beforeWindow(const std::string& id);
    /// After its Begin: whether it is unfolded.
    void noteWindow(const std::string& id, bool open);

    /// What the panels show now (sections and panels: open or not; tab bars: the tab shown).
    const std::map<std::string, bool>& open() const { return m_open; }
    const std::map<std::string, std::string>& tabs() const { return m_tabs; }
    /// A shot's: applied as each is next drawn (sections a panel never draws keep their request).
    void request(const std::map<std::string, bool>& open, const std::map<std::string, std::string>& tabs);
    /// Whether panel `id` was unfolded by a request and the mouse has not visited it since (a narrow view
    /// keeps a shot's open panel instead of folding it at once).
    bool heldOpen(const std::string& id) const { return m_held.count(id) > 0; }
    void release(const std::string& id) { m_held.erase(id); }

private:
    std::map<std::string, bool> m_open, m_wantOpen;
    std::map<std::string, std::string> m_tabs, m_wantTab;
    std::map<std::string, bool> m_held;
};

} // namespace cdlab
