// The CATCH family's view (zhang2007 secs. 6-7): Fig. 6's temporal-culling bars and the step-through of the
// TOC pair's conservative advancement in the view's panel, the chosen iteration drawn in 3-D, the selected
// link's convex pieces (sec. 4) with one piece's hull, their legend lines and the report. Registered below;
// shown for frames that carry a CatchDetail.
#include "CatchPanels.h"
#include "FamilyView.h"
#include "PanelSections.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace cdlab {

namespace {

class CatchFamilyView final : public FamilyView {
public:
    explicit CatchFamilyView(const OverlaySettings* settings) : m_view(settings) {}

    bool reports(const FrameResult& r) const override { return r.details.has<CatchDetail>(); }
    void beginPanel() override {
        m_view.barsDrawn = m_view.sliderSteps = -1;
        m_view.tooltip.clear();
    }
    void panel(const FrameResult& r, const FamilyContext& context) override {
        // What its view is for, first: Fig. 6 and eq. 4 (zhang2007).
        if (PanelSections::instance().header("Temporal culling (Fig. 6)"))
            temporalCullingSection(r, context.objects, m_view);
        if (PanelSections::instance().header("Advancement step-through"))
            stepThroughSection(r, context.objects, m_view, context.lookAt);
        if (m_view.piecesObject >= 0 && PanelSections::instance().header("Convex pieces"))
            convexPiecesSection(r, context.objects, m_view, context.lookAt);
    }
    void afterStep(const FrameResult& r, const SceneObjects& objects, MeshDataCache* meshData) override {
        // The pieces belong to catch's views only (the row's onlyFor): another algorithm's frames, which
        // carry no CatchDetail, draw none.
        updateConvexPieces(objects, r.details.has<CatchDetail>() ? meshData : nullptr, m_view);
        drawCatchView(r, objects, m_view);
    }
    void hover(const FrameResult& r, const SceneObjects& objects, const Vec3* origin,
               const Vec3* dir) override {
        hoverConvexPieces(r, objects, m_view, origin, dir);
    }
    void clear() override {
        m_view.draw.clear();
        m_view.stepDrawn = m_view.piecesDrawn = false;
        m_view.pieces.reset(), m_view.piecesObject = -1; // the old scene's mesh
    }
    const DrawList* drawing() const override { return &m_view.draw; }
    void legend(std::vector<FamilyLegendLine>& out) const override {
        if (m_view.stepDrawn) out.push_back({&advanceStepLegend(), "advance-step"});
        if (m_view.piecesDrawn) out.push_back({&convexPiecesLegend(), "convex-pieces"});
    }
    void report(const FrameResult& r, const SceneObjects& objects, std::vector<std::string>& lines,
                nlohmann::json& fields) const override {
        lines.push_back(describeTemporalCulling(r, m_view));
        lines.push_back(describeStepThrough(r, m_view));
        if (!m_view.tooltip.empty()) lines.push_back("tooltip " + m_view.tooltip);
        lines.push_back(describeConvexPieces(objects, m_view));
        fields = catchReportFields(r, objects, m_view);
    }
    /// --step catch=K: iteration K, 1-based as the slider counts (clamped to the frame's iterations).
    void setStep(int k) override { m_view.step = std::max(k - 1, 0); }
    std::optional<int> step() const override {
        return m_view.step > 0 ? std::optional<int>(m_view.step + 1) : std::nullopt;
    }

private:
    CatchView m_view;
};

const bool registered =
    registerFamilyView({"catch", 10,
                        "the iteration of catch's advancement step-through (1-based, as its slider; past the "
                        "frame's iterations, "
                        "the last)",
                        1, [](const OverlaySettings* s) { return std::make_unique<CatchFamilyView>(s); }});

} // namespace

} // namespace cdlab
