// The traversal family's view (issue 43; redon2002 sec. 2.2 for the BM-culling steps): the step-through of
// the simultaneous BVH descent of one body pair, one BV test at a time, for every algorithm that records its
// traversals into a caller's BvhTrace (bvh, rigid-ccd, rigid-ccd-bm). The view owns the trace and hands it
// to its viewport's algorithm before each step; its panel picks the pair and the test (Prev / Next / first /
// last, a slider), and draws the test's two node boxes in the outcome's colour, the traversal's front, and
// the running counts per level. Registered below; shown while its viewport's algorithm records.
#include "BmTestDrawing.h"
#include "FamilyView.h"
#include "OverlayTable.h"
#include "PanelSections.h"
#include "PanelWidgets.h"
#include "TraversalColours.h"
#include "TraversalSteps.h"

#include "DrawList.h"
#include "pipeline/Algorithm.h"
#include "scene/SceneObjects.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <span>

namespace cdlab {

namespace {

/// A viewer's bound on the steps it keeps per frame (32 bytes each): a frame past it shows the steps up to
/// it and says so.
constexpr std::size_t kMaxTraceSteps = std::size_t(1) << 20;

using namespace traversal; // the outcomes' colours (TraversalColours.h)

Rgba outcomeColour(BvhTraceOutcome o) {
    return kStepColours[std::size_t(o)];
}

const LegendEntry& stepLegend(int line) {
    static const LegendEntry entries[] = {{DebugCategory::Count, kStepColours[1], false, "BV test:", nullptr,
                                           std::span(kStepColours, 3), std::span(kStepWords, 3)},
                                          {DebugCategory::Count, kStepColours[3], false, "BV test:", nullptr,
                                           std::span(kStepColours + 3, 3), std::span(kStepWords + 3, 3)}};
    return entries[line];
}

ImVec4 imColour(Rgba c) {
    return ImVec4(c.r, c.g, c.b, 1.0f);
}

class TraversalFamilyView final : public FamilyView {
public:
    explicit TraversalFamilyView(const OverlaySettings* settings) : m_draw(settings) { m_draw.onTop = true; }

    bool reports(const FrameResult&) const override { return m_recording; }
    void beforeStep(Algorithm& algo) override {
        auto* recorder = dynamic_cast<BvhTraceRecorder*>(&algo);
        if (recorder) recorder->setTrace(&m_trace);
        if (!recorder && m_recording) m_trace.clear(), m_draw.clear();
        m_recording = recorder != nullptr;
        m_algo = &algo;
    }
    void beginPanel() override { m_panelShown = false; }
    void panel(const FrameResult& r, const FamilyContext& context) override;
    void afterStep(const FrameResult& r, const SceneObjects& objects, MeshDataCache*) override {
        m_t1 = r.t1;
        m_pairs = tracedPairs(m_trace);
        m_bmRan = std::any_of(m_trace.steps().begin(), m_trace.steps().end(),
                              [](const BvhTraceStep& s) { return s.bm != 0; });
        choosePair();
        redraw(objects);
    }
    void clear() override {
        m_trace.clear(), m_pairs.clear(), m_draw.clear();
        m_drawn = 0, m_windowBoxes = 0, m_bm = {}, m_algo = nullptr;
    }
    const DrawList* drawing() const override { return &m_draw; }
    void legend(std::vector<FamilyLegendLine>& out) const override {
        if (m_drawn > 0) {
            out.push_back({&stepLegend(0), "traversal-step"});
            out.push_back({&stepLegend(1), "traversal-step-leaf"});
        }
        if (m_bm.drawn) out.push_back({&bmTestLegend(), "bm-test"});
    }
    void report(const FrameResult& r, const SceneObjects& objects, std::vector<std::string>& lines,
                nlohmann::json& fields) const override;
    /// --step traversal=K: test K of the pair's traversal, 1-based as the slider counts (past the last: the
    /// last).
    void setStep(int k) override { m_step = std::max(k - 1, 0), m_showBoxes = true; }
    /// Drawn: a shot keeps the test shown (setStep draws it again).
    std::optional<int> step() const override {
        return m_showBoxes ? std::optional<int>(m_step + 1) : std::nullopt;
    }

private:
    void choosePair();
    void redraw(const SceneObjects& objects);
    std::uint32_t currentStep() const {
        const TracedPair& p = m_pairs[std::size_t(m_pair)];
        return p.first + std::uint32_t(std::clamp(m_step, 0, int(p.steps()) - 1));
    }
    void drawBox(const Bvh& bvh, std::uint32_t node, const Pose& pose, Rgba colour, int strokes);
    void drawWindowMotion(const BvhTraceSegment& seg, std::uint32_t nodeA, Rgba colour);
    /// The box "look at the test" frames: the two nodes at their poses and, for a rigid CCD test, A's node
    /// at its window's two ends (the motion the test covers).
    Aabb testBox(const BvhTraceSegment& seg, const BvhTraceStep& s) const;

    BvhTrace m_trace{kMaxTraceSteps};
    std::vector<TracedPair> m_pairs;
    int m_pair = -1; ///< index into m_pairs
    std::uint32_t m_pairA = 0, m_pairB = 0;
    bool m_userPair = false; ///< the user chose the pair: keep it while the frames have it
    int m_step = 0;          ///< 0-based in the pair
    bool m_recording = false, m_panelShown = false;
    /// Off until the user steps (or --step): a view's default picture stays the algorithm's own.
    bool m_showBoxes = false, m_showFront = true;
    /// The camera frames each test as the user steps (deep nodes are a few pixels in a whole-door view).
    bool m_frameEachTest = false;
    const Algorithm* m_algo = nullptr;
    DrawList m_draw;
    std::size_t m_drawn = 0;       ///< boxes drawn
    std::size_t m_windowBoxes = 0; ///< A's node at its window's ends (rigid CCD)
    BmTestPicture m_bm;            ///< the current step's BM test, drawn
    int m_framed = 0;              ///< times the camera framed a test (the report's "framed")
    bool m_bmRan = false;          ///< the frame ran BM tests (rigid-ccd-bm): its outcome gets a button
    double m_t1 = 0;               ///< the frame's end (where the bodies are drawn)
};

void TraversalFamilyView::choosePair() {
    m_pair = -1;
    if (m_pairs.empty()) return;
    if (m_userPair)
        for (std::size_t p = 0; p < m_pairs.size(); ++p)
            if (m_pairs[p].objectA == m_pairA && m_pairs[p].objectB == m_pairB) m_pair = int(p);
    if (m_pair < 0) { // the pair whose traversal went furthest: where there is something to step through
        m_pair = 0;
        for (std::size_t p = 1; p < m_pairs.size(); ++p)
            if (m_pairs[p].steps() > m_pairs[std::size_t(m_pair)].steps()) m_pair = int(p);
    }
    m_pairA = m_pairs[std::size_t(m_pair)].objectA, m_pairB = m_pairs[std::size_t(m_pair)].objectB;
}

void TraversalFamilyView::drawBox(const Bvh& bvh, std::uint32_t node, const Pose& pose, Rgba colour,
                                  int strokes) {
    // Lines are one pixel wide: a box drawn as a few nested boxes reads at a lecture hall's distance.
    Obb box = bvh.nodeBox(node).transformed(pose);
    const Vec3 half = box.halfSize;
    const double pad = 0.006 * std::max({half.x, half.y, half.z});
    for (int k = 0; k < strokes; ++k) {
        box.halfSize = half + Vec3{pad, pad, pad} * double(k);
        m_draw.box(box, colour, DebugCategory::Note);
    }
    ++m_drawn;
}

void TraversalFamilyView::drawWindowMotion(const BvhTraceSegment& seg, std::uint32_t nodeA, Rgba colour) {
    // A rigid CCD test bounds A's node over the window's whole motion relative to B (redon2002 sec. 2.2), not
    // at one pose: A's node at the window's two ends, placed by its motion relative to B (drawn at B's pose),
    // and the paths of its corners between them, the swept volume the test covers.
    const Obb local = seg.bvhA->nodeBox(nodeA);
    const Obb start = local.transformed(seg.poseB * seg.relativeStart);
    const Obb end = local.transformed(seg.poseB * seg.relativeEnd);
    const Rgba faint{colour.r, colour.g, colour.b, colour.a * 0.6f};
    m_draw.box(start, faint, DebugCategory::Note);
    m_draw.box(end, faint, DebugCategory::Note);
    for (int k = 0; k < 8; ++k) m_draw.line(start.corner(k), end.corner(k), faint, DebugCategory::Note);
    m_windowBoxes += 2;
}

Aabb TraversalFamilyView::testBox(const BvhTraceSegment& seg, const BvhTraceStep& s) const {
    Aabb box;
    auto grow = [&box](const Obb& b) {
        for (int k = 0; k < 8; ++k) box.grow(b.corner(k));
    };
    const Obb a = seg.bvhA->nodeBox(s.nodeA).transformed(seg.poseA);
    const Obb b = seg.bvhB->nodeBox(s.nodeB).transformed(seg.poseB);
    grow(a), grow(b);
    if (!(seg.relativeStart == seg.relativeEnd)) {
        const Obb local = seg.bvhA->nodeBox(s.nodeA);
        grow(local.transformed(seg.poseB * seg.relativeStart));
        grow(local.transformed(seg.poseB * seg.relativeEnd));
    }
    // A leaf's box over a sliver triangle can be 50 times the other node's (the doors: 0.54 m against
    // 2 cm): framing both whole left the smaller a few pixels wide. The frame is held to the smaller node
    // and its surroundings, the other node's box as far as it reaches into them (it runs on off the view).
    const Obb& small = length(a.halfSize) <= length(b.halfSize) ? a : b;
    const double reach = std::max(4 * length(small.halfSize), length(a.center - b.center));
    const Vec3 r{reach, reach, reach};
    Aabb near; // holds the smaller node's centre: never empty
    near.lo = vmax(box.lo, small.center - r), near.hi = vmin(box.hi, small.center + r);
    return near;
}

void TraversalFamilyView::redraw(const SceneObjects&) {
    m_draw.clear();
    m_drawn = 0, m_windowBoxes = 0, m_bm = {};
    if (m_pair < 0 || !m_showBoxes) return;
    const TracedPair& pair = m_pairs[std::size_t(m_pair)];
    if (pair.steps() == 0) return;
    const TraversalAt at = traversalAt(m_trace, pair, currentStep());
    const BvhTraceSegment& seg = m_trace.segments()[at.segment];
    const BvhTraceStep& s = m_trace.steps()[at.step];
    if (m_showFront)
        for (std::uint32_t k : at.front) {
            const BvhTraceStep& f = m_trace.steps()[k];
            drawBox(*seg.bvhA, f.nodeA, seg.poseA, kFrontColour, 1);
            drawBox(*seg.bvhB, f.nodeB, seg.poseB, kFrontColour, 1);
        }
    const Rgba c = outcomeColour(s.outcome);
    drawBox(*seg.bvhA, s.nodeA, seg.poseA, c, 4);
    drawBox(*seg.bvhB, s.nodeB, seg.poseB, c, 4);
    if (!(seg.relativeStart == seg.relativeEnd)) drawWindowMotion(seg, s.nodeA, c);
    if (m_algo && m_algo->structure()) m_bm = drawBmTest(seg, s, *m_algo->structure(), m_t1, m_draw);
}

void TraversalFamilyView::panel(const FrameResult&, const FamilyContext& context) {
    if (!PanelSections::instance().header("Traversal step-through")) return;
    m_panelShown = true;
    ImGui::SameLine();
    helpMarker("The simultaneous descent of two bodies' BVHs, one bounding-volume test at a time: both nodes "
               "are drawn in the outcome's colour (overlap: the larger node is split and both child pairs "
               "pushed; separated: pruned; BM-culled: a node's triangles all move away from the other body "
               "over the window, redon2002 sec. 2.2; leaf: the primitives are tested). Grey boxes are the "
               "front: pairs pushed and not yet tested. Level = descents from the root pair. Rigid CCD "
               "draws each node at its body's pose at the frame's end, and A's node also at its window's two "
               "ends relative to B (thinner), joined corner to corner: the motion the test covers.");
    const SceneObjects& objects = context.objects;
    if (m_pairs.empty() || m_pair < 0) {
        ImGui::TextWrapped("No BV test this frame (the algorithm tested no body pair).");
        return;
    }
    bool changed = false;
    const TracedPair& current = m_pairs[std::size_t(m_pair)];
    auto pairLabel = [&](const TracedPair& p) {
        return objects.objects()[p.objectA].name + " - " + objects.objects()[p.objectB].name + " (" +
               std::to_string(p.steps()) + " tests)";
    };
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##pair", pairLabel(current).c_str())) {
        for (std::size_t p = 0; p < m_pairs.size(); ++p)
            if (ImGui::Selectable(pairLabel(m_pairs[p]).c_str(), int(p) == m_pair)) {
                m_pair = int(p), m_userPair = true, m_step = 0, changed = true;
                m_pairA = m_pairs[p].objectA, m_pairB = m_pairs[p].objectB;
            }
        ImGui::EndCombo();
    }
    const TracedPair& pair = m_pairs[std::size_t(m_pair)];
    const int n = int(pair.steps());
    // The test shown this frame. m_step keeps what was asked (--step, a shot) until the user steps here, so
    // an earlier frame with fewer tests does not lower it for the frames after.
    int step = std::clamp(m_step, 0, n - 1);
    const int was = step;
    if (ImGui::Button("|<")) step = 0;
    ImGui::SameLine();
    if (ImGui::Button("< Prev")) step = std::max(step - 1, 0);
    ImGui::SameLine();
    if (ImGui::Button("Next >")) step = std::min(step + 1, n - 1);
    ImGui::SameLine();
    if (ImGui::Button(">|")) step = n - 1;
    int shown = step + 1;
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderInt("##test", &shown, 1, n, ("test %d of " + std::to_string(n)).c_str()))
        step = std::clamp(shown - 1, 0, n - 1);
    // The camera keeps its direction and fits the two nodes (and A's window motion) into the view: a deep
    // node is a few pixels wide in a whole-door view, framed it fills the view. Beside the stepping
    // buttons, not below the per-level table (under the fold of a 720-px window).
    const bool look = ImGui::Button("look at the test");
    ImGui::SameLine();
    const bool following = ImGui::Checkbox("at every step", &m_frameEachTest) && m_frameEachTest;
    ImGui::SameLine();
    helpMarker("Frame the test shown each time you step (Prev, Next, the slider, next:).");
    // Straight to the next test of one outcome: what a lecture on culling points at.
    ImGui::TextUnformatted("next:");
    for (BvhTraceOutcome o : {BvhTraceOutcome::Separated, BvhTraceOutcome::BmCulled, BvhTraceOutcome::Leaf}) {
        if (o == BvhTraceOutcome::BmCulled && !m_bmRan) continue;
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, imColour(outcomeColour(o)));
        if (ImGui::SmallButton(toString(o)))
            for (int k = step + 1; k < n; ++k)
                if (m_trace.steps()[pair.first + std::uint32_t(k)].outcome == o) {
                    step = k;
                    break;
                }
        ImGui::PopStyleColor();
    }
    if (step != was) m_step = step;
    changed = changed || step != was;
    if (changed) m_showBoxes = true; // stepping shows the test
    if (changed) redraw(objects);    // before the text below, which names what is drawn
    changed = false;

    const TraversalAt at = traversalAt(m_trace, pair, currentStep());
    const BvhTraceStep& s = m_trace.steps()[at.step];
    const BvhTraceSegment& seg = m_trace.segments()[at.segment];
    if (look || following || (m_frameEachTest && step != was)) {
        context.frame(testBox(seg, s));
        ++m_framed;
    }
    const auto& nodeA = seg.bvhA->nodes()[s.nodeA];
    const auto& nodeB = seg.bvhB->nodes()[s.nodeB];
    ImGui::TextColored(imColour(outcomeColour(s.outcome)), "%s", toString(s.outcome));
    ImGui::SameLine();
    ImGui::Text("at level %u", unsigned(s.depth));
    ImGui::Text("A %s: node %u, depth %u%s", objects.objects()[seg.objectA].name.c_str(), s.nodeA,
                unsigned(nodeA.depth), nodeA.isLeaf() ? ", leaf" : "");
    ImGui::Text("B %s: node %u, depth %u%s", objects.objects()[seg.objectB].name.c_str(), s.nodeB,
                unsigned(nodeB.depth), nodeB.isLeaf() ? ", leaf" : "");
    if (seg.windowRoot || seg.windowStart != 0 || seg.windowEnd != 1)
        ImGui::Text("window %.4g - %.4g of the frame%s", seg.windowStart, seg.windowEnd,
                    seg.windowRoot ? ": the root test before halving" : "");
    if (s.outcome == BvhTraceOutcome::Leaf)
        ImGui::Text("leaf: %u primitive tests, %u %s", s.leafTests, s.leafHits,
                    s.leafHits == 1 ? "contact" : "contacts");
    for (const auto& [tested, culled, who] :
         {std::tuple{BvhTraceStep::BmTestedA, BvhTraceStep::BmCulledA, "A"},
          std::tuple{BvhTraceStep::BmTestedB, BvhTraceStep::BmCulledB, "B"}})
        if (s.bm & tested)
            ImGui::TextWrapped("BM test of %s's node: %s", who,
                               s.bm & culled ? "culled: every characteristic point moves backwards along "
                                               "every cone vector over the window (test (6), redon2002)"
                                             : "kept: some point may move forwards");
    if (m_bm.drawn)
        ImGui::TextWrapped("drawn: %d cone vectors (cyan), the 8 corners' motion relative to the other body "
                           "over the window: %d backwards along every vector (blue), %d not (red)",
                           m_bm.coneVectors, m_bm.backwardPoints, 8 - m_bm.backwardPoints);
    ImGui::Text("front: %zu pairs waiting", at.front.size());
    ImGui::SameLine();
    helpMarker("Running counts per level up to this test: BV tests, pairs the BV test found apart, pairs "
               "BM-culled (or skipped: a node culled earlier in the window), leaf pairs tested.");
    if (ImGui::BeginTable("##levels", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame)) {
        for (const char* h : {"level", "tested", "apart", "BM", "leaves"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (std::size_t l = 0; l < at.levels.size(); ++l) {
            const LevelCounts& c = at.levels[l];
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::Text("%zu", l);
            ImGui::TableNextColumn(), ImGui::Text("%u", c.tested);
            ImGui::TableNextColumn(), ImGui::Text("%u", c.separated);
            ImGui::TableNextColumn(), ImGui::Text("%u", c.bmCulled + c.culledBefore);
            ImGui::TableNextColumn(), ImGui::Text("%u", c.leaves);
        }
        ImGui::EndTable();
    }
    if (m_trace.truncated())
        ImGui::TextWrapped("The frame has more than %zu tests: the trace stops there.", m_trace.maxSteps());
    changed |= ImGui::Checkbox("draw the test", &m_showBoxes);
    ImGui::SameLine();
    helpMarker("Stepping turns it on.");
    ImGui::SameLine();
    changed |= ImGui::Checkbox("and the front", &m_showFront);
    if (changed) redraw(objects);
}

void TraversalFamilyView::report(const FrameResult&, const SceneObjects& objects,
                                 std::vector<std::string>& lines, nlohmann::json& fields) const {
    nlohmann::json& f = fields;
    f["pairs"] = m_pairs.size();
    f["steps"] = m_trace.steps().size();
    f["truncated"] = m_trace.truncated();
    f["panel_shown"] = m_panelShown;
    std::uint64_t bvTests = 0, bmCulled = 0, leaves = 0;
    for (const BvhTraceStep& s : m_trace.steps())
        bvTests += s.bvTest(), bmCulled += s.outcome == BvhTraceOutcome::BmCulled,
            leaves += s.outcome == BvhTraceOutcome::Leaf;
    f["bv_tests"] = bvTests, f["bm_culled"] = bmCulled, f["leaves"] = leaves;
    if (m_pair < 0 || m_pairs[std::size_t(m_pair)].steps() == 0) {
        lines.push_back("traversal: no BV test this frame");
        return;
    }
    const TracedPair& pair = m_pairs[std::size_t(m_pair)];
    const TraversalAt at = traversalAt(m_trace, pair, currentStep());
    const BvhTraceStep& s = m_trace.steps()[at.step];
    lines.push_back("traversal: " + describeStep(m_trace, pair, at, objects) + ", boxes drawn " +
                    std::to_string(m_drawn) +
                    (m_windowBoxes > 0 ? ", A's node at its window's ends " + std::to_string(m_windowBoxes)
                                       : std::string()));
    f["pair"] = {{"a", objects.objects()[pair.objectA].name},
                 {"b", objects.objects()[pair.objectB].name},
                 {"tests", pair.steps()}};
    f["test"] = at.step - pair.first + 1;
    f["outcome"] = toString(s.outcome);
    f["node_a"] = s.nodeA, f["node_b"] = s.nodeB;
    f["level"] = s.depth;
    f["front"] = at.front.size();
    f["leaf_tests"] = s.leafTests, f["leaf_hits"] = s.leafHits;
    f["bm_tested"] = bool(s.bm & (BvhTraceStep::BmTestedA | BvhTraceStep::BmTestedB));
    nlohmann::json levels = nlohmann::json::array();
    for (const LevelCounts& c : at.levels)
        levels.push_back({{"tested", c.tested},
                          {"separated", c.separated},
                          {"bm_culled", c.bmCulled},
                          {"culled_before", c.culledBefore},
                          {"leaves", c.leaves}});
    f["levels"] = levels;
    if (m_bm.drawn)
        f["bm_test"] = {{"body", m_bm.nodeOfA ? "a" : "b"},
                        {"node", m_bm.node},
                        {"culled", m_bm.culled},
                        {"cone_vectors", m_bm.coneVectors},
                        {"backward_points", m_bm.backwardPoints}};
    // The first test of each outcome in the pair (1-based; 0: none), for --step.
    nlohmann::json firsts;
    for (BvhTraceOutcome o : {BvhTraceOutcome::Separated, BvhTraceOutcome::Overlap, BvhTraceOutcome::BmCulled,
                              BvhTraceOutcome::Leaf, BvhTraceOutcome::CulledBefore}) {
        std::uint32_t k = 0;
        for (std::uint32_t i = pair.first; i < pair.end && k == 0; ++i)
            if (m_trace.steps()[i].outcome == o) k = i - pair.first + 1;
        firsts[toString(o)] = k;
    }
    f["first"] = firsts;
    f["boxes_drawn"] = m_drawn;
    f["framed"] = m_framed;
    f["window_boxes_drawn"] = m_windowBoxes;
}

const bool registered = registerFamilyView(
    {"traversal", 40,
     "the BV test of the traversal step-through (1-based, as its slider; past the pair's tests, the last)", 1,
     [](const OverlaySettings* s) { return std::make_unique<TraversalFamilyView>(s); }});

} // namespace

} // namespace cdlab
