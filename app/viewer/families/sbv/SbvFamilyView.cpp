// The SBV family's view (sbv-reconstruction §2-4): the pairs and the step-through of CSBV's shrinking in the
// view's panel, the chosen round drawn in 3-D, its legend line and its report. Registered below; shown for
// frames that carry an SbvDetail.
#include "FamilyView.h"
#include "PanelSections.h"
#include "SbvPanels.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace cdlab {

namespace {

class SbvFamilyView final : public FamilyView {
public:
    explicit SbvFamilyView(const OverlaySettings* settings) : m_view(settings) {}

    bool reports(const FrameResult& r) const override { return r.details.has<SbvDetail>(); }
    void beginPanel() override { m_view.pairsShown = m_view.sliderRounds = -1; }
    void panel(const FrameResult& r, const FamilyContext& context) override {
        const int pair = m_view.pair, round = m_view.round;
        if (PanelSections::instance().header("SBV pairs")) sbvPairsSection(r, context.objects, m_view);
        if (PanelSections::instance().header("Shrinking step-through"))
            sbvStepSection(r, context.objects, m_view, context.lookAt);
        if (m_view.pair != pair || m_view.round != round) drawSbvRound(r, context.objects, m_view);
    }
    void afterStep(const FrameResult& r, const SceneObjects& objects, MeshDataCache*) override {
        drawSbvRound(r, objects, m_view);
    }
    void clear() override { m_view.draw.clear(); }
    const DrawList* drawing() const override { return &m_view.draw; }
    void legend(std::vector<FamilyLegendLine>& out) const override {
        if (!m_view.draw.lines.empty() || !m_view.draw.highlighted.empty())
            out.push_back({&sbvRoundLegend(), "sbv-round"});
    }
    void report(const FrameResult& r, const SceneObjects& objects, std::vector<std::string>& lines,
                nlohmann::json& fields) const override {
        lines.push_back(describeSbvPairs(r, objects, m_view));
        lines.push_back(describeSbvStep(r, objects, m_view));
        fields = sbvReportFields(r, objects, m_view);
    }
    /// --step sbv=K: round K, 0-based as CSBV counts them (clamped to the pair's rounds).
    void setStep(int k) override { m_view.round = std::max(k, 0); }
    std::optional<int> step() const override {
        return m_view.round > 0 ? std::optional<int>(m_view.round) : std::nullopt;
    }

private:
    SbvView m_view;
};

const bool registered =
    registerFamilyView({"sbv", 20,
                        "the shrinking round of sbv's step-through (0-based as CSBV counts them, 0: the full "
                        "SBVs' overlap, as its "
                        "slider; past the pair's rounds, the last)",
                        0, [](const OverlaySettings* s) { return std::make_unique<SbvFamilyView>(s); }});

} // namespace

} // namespace cdlab
