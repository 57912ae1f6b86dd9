// The LDI family's view (ldi-notes §5-7): the query's numbers per pair and one pixel row of its layered depth
// image in the view's panel, and its report. Registered below; shown for frames that carry an LdiDetail. Its
// 3-D drawing is the algorithm's own (ldi-box, ldi-region), so it draws nothing itself.
#include "FamilyView.h"
#include "LdiPanels.h"
#include "PanelSections.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace {

class LdiFamilyView final : public FamilyView {
public:
    bool reports(const FrameResult& r) const override { return r.details.has<LdiDetail>(); }
    void beginPanel() override {
        m_view.pairsShown = m_view.rowDrawn = m_view.hovered = -1;
        m_view.tooltip.clear();
    }
    void panel(const FrameResult& r, const FamilyContext& context) override {
        if (PanelSections::instance().header("LDI pairs")) ldiPairsSection(r, context.objects, m_view);
        if (PanelSections::instance().header("LDI row (teaching view)"))
            ldiRowSection(r, context.objects, m_view);
    }
    void report(const FrameResult& r, const SceneObjects& objects, std::vector<std::string>& lines,
                nlohmann::json& fields) const override {
        lines.push_back(describeLdiPairs(r, objects, m_view));
        lines.push_back(describeLdiRow(r, objects, m_view));
        fields = ldiReportFields(r, objects, m_view);
    }

private:
    LdiView m_view;
};

const bool registered = registerFamilyView(
    {"ldi", 30, nullptr, 0, [](const OverlaySettings*) { return std::make_unique<LdiFamilyView>(); }});

} // namespace

} // namespace cdlab
