// ViewerApp::writeReport: the automated run's report — the human-readable lines on stdout that people (and
// docs/BENCHMARKS.md) read, and with --report FILE.json the same facts as fields that tests read instead of
// matching the lines. Each family view adds its own lines and fields (FamilyView::report).
#include "ComparePanel.h"
#include "FamilyView.h"
#include "GlPlatform.h"
#include "OverlayTable.h"
#include "ViewerApp.h"
#include "core/Stats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

namespace cdlab {

namespace {
nlohmann::json rectJson(const LayoutRect& r) {
    return {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}};
}
} // namespace

bool ViewerApp::writeReport(const ReportInputs& in) {
    using nlohmann::json;
    // Medians (core/Stats, the bench's one median) over the frames after the first: the first compiles
    // shaders and uploads meshes. The report is written after at least one frame, so neither is empty.
    auto afterFirst = [](const std::deque<float>& d) {
        std::vector<double> v(d.begin() + (d.size() > 1 ? 1 : 0), d.end());
        return float(median(v));
    };
    json report;
    const float frameMs = afterFirst(m_frameTimes.frameHistory),
                overheadMs = afterFirst(m_frameTimes.overheadHistory);
    const float fps = 1000.0f / std::max(frameMs, 1e-3f);
    std::printf("scene %s\n", m_loaded.scene() ? m_loaded.scene()->name.c_str() : "(none)");
    std::printf("frames %d, %dx%d, frame ms median %.2f (%.1f fps), viewer overhead ms median %.2f, GL "
                "errors %d\n",
                in.frames, m_width, m_height, frameMs, fps, overheadMs, GlPlatform::glErrorCount());
    std::printf("GL debug output %s\n", GlPlatform::debugOutputOn()
                                            ? "on (KHR_debug: a test message came back)"
                                            : "OFF: GL errors are not counted");
    report["scene"] = m_loaded.scene() ? json(m_loaded.scene()->name) : json(nullptr);
    report["frames"] = in.frames;
    report["width"] = m_width, report["height"] = m_height;
    report["frame_ms_median"] = frameMs, report["fps"] = fps, report["overhead_ms_median"] = overheadMs;
    report["gl_errors"] = GlPlatform::glErrorCount();
    report["gl_debug_output"] = GlPlatform::debugOutputOn();
    if (m_loaded.scene()) {
        std::printf("last frame t %g -> %g\n", in.lastFrom, in.lastTo);
        report["last_frame"] = {{"t0", in.lastFrom}, {"t1", in.lastTo}};
    }
    json views = json::array();
    for (std::size_t v = 0; v < m_viewports.size(); ++v) {
        const Viewport& vp = *m_viewports[v];
        json j = {{"index", v}, {"label", vp.label()}, {"algorithm", vp.preparedAlgorithm}};
        if (!vp.error.empty()) { // e.g. a continuous algorithm refusing the scene's motion
            std::printf("viewport %zu (%s) error: %s\n", v, vp.label().c_str(), vp.error.c_str());
            j["error"] = vp.error;
        }
        j["picked"] = vp.draw.notes;
        for (const auto& note : vp.draw.notes)
            std::printf("viewport %zu (%s) picked %s\n", v, vp.label().c_str(), note.c_str());
        j["first_contacts"] = json::array();
        for (const TimeOfContact& c : vp.result.firstContacts) {
            std::printf("viewport %zu (%s) first contact t %.6f: %s\n", v, vp.label().c_str(), c.time,
                        m_loaded.describeContact(c).c_str());
            j["first_contacts"].push_back({{"t", c.time}, {"contact", m_loaded.describeContact(c)}});
        }
        j["contact_pairs"] = vp.result.contactPairCount();
        json counters = json::object();
        for (const auto& [c, n] : vp.result.counters.items()) counters[toString(c)] = n;
        j["counters"] = counters;
        views.push_back(j);
    }
    for (std::size_t v = 0; v < m_viewports.size(); ++v) { // what the overlays show on the last frame
        Viewport& vp = *m_viewports[v];
        const std::string drew = vp.draw.describeCounts();
        std::printf("viewport %zu (%s) drew %s\n", v, vp.label().c_str(),
                    drew.empty() ? "nothing" : drew.c_str());
        views[v]["drew"] = drew;
        const auto& culled = vp.draw.bmLevelBoxes;
        if (culled.empty()) continue;
        const auto& sizes = levelSizes(vp);
        std::string levels;
        json jl = json::array();
        for (std::size_t d = 0; d < sizes.size(); ++d) {
            const std::uint32_t c = d < culled.size() ? culled[d] : 0;
            levels.append(" ").append(std::to_string(c)).append("/").append(std::to_string(sizes[d]));
            jl.push_back({{"culled", c}, {"nodes", sizes[d]}});
        }
        std::printf("viewport %zu (%s) BM test per level, culled/nodes:%s\n", v, vp.label().c_str(),
                    levels.c_str());
        views[v]["bm_levels"] = jl;
    }
    for (std::size_t v = 0; v < in.coverage.size() && v < m_viewports.size(); ++v) {
        std::printf("viewport %zu (%s) covers %.1f %% of its pixels\n", v, m_viewports[v]->label().c_str(),
                    100 * in.coverage[v]);
        views[v]["coverage"] = in.coverage[v];
    }
    for (std::size_t v = 0; v < m_viewports.size(); ++v) { // the legend drawn on the last frame
        std::string text;
        json names = json::array();
        for (const LegendLine& e : legend(*m_viewports[v])) {
            text += (text.empty() ? "" : ", ") + e.name;
            names.push_back(e.name);
        }
        std::printf("viewport %zu (%s) legend: %s\n", v, m_viewports[v]->label().c_str(),
                    text.empty() ? "(none)" : text.c_str());
        views[v]["legend"] = names;
    }
    // Each family's sections as its panel drew them, family by family.
    for (std::size_t f = 0; f < familyViews().size(); ++f)
        for (std::size_t v = 0; v < m_viewports.size(); ++v) {
            const Viewport& vp = *m_viewports[v];
            const FamilyView& view = *vp.families[f];
            if (!m_loaded.objects() || !view.reports(vp.result)) continue;
            std::vector<std::string> lines;
            json fields = json::object();
            view.report(vp.result, *m_loaded.objects(), lines, fields);
            for (const std::string& line : lines)
                std::printf("viewport %zu (%s) %s\n", v, vp.label().c_str(), line.c_str());
            fields["lines"] = lines;
            views[v]["families"][familyViews()[f].name] = fields;
        }
    report["viewports"] = views;
    if (m_viewports.size() > 1) { // the Compare panel's answers
        std::string tocs, same;
        json jt = json::array(), js = json::array();
        for (std::size_t v = 0; v < m_viewports.size(); ++v) {
            const std::string toc = ComparePanel::firstTocCell(*m_viewports[v]);
            const std::string s = ComparePanel::sameContactsCell(m_viewports, v);
            tocs += (v ? " | " : "") + toc, same += (v ? " | " : "") + s;
            jt.push_back(toc), js.push_back(s);
        }
        std::printf("compare first TOC: %s\ncompare same contacts: %s\n", tocs.c_str(), same.c_str());
        report["compare"] = {{"first_toc", jt}, {"same_contacts", js}};
    }
    std::printf("frames drawn while preparing in the background %d\n", in.framesWhilePreparing);
    report["frames_while_preparing"] = in.framesWhilePreparing;
    if (m_loaded.scene()) {
        const std::string surfaces = m_loaded.describeSurfaces();
        std::printf("scene surfaces: %s\n", surfaces.c_str());
        report["surfaces"] = surfaces;
    }
    if (!m_options.automation.taps.empty()) {
        std::printf("taps %s: shortcuts acted on %d, single steps %d\n", m_options.automation.taps.c_str(),
                    m_shortcutsActedOn, m_timeline.stepsTaken());
        report["taps"] = {{"keys", m_options.automation.taps},
                          {"shortcuts_acted_on", m_shortcutsActedOn},
                          {"single_steps", m_timeline.stepsTaken()}};
    }
    if (m_loaded.selected() >= 0) {
        const std::string& name = m_loaded.objects()->objects()[std::size_t(m_loaded.selected())].name;
        const std::string chain = m_loaded.chainText(m_loaded.selected());
        std::printf("selected %s: chain %s\n", name.c_str(), chain.c_str());
        report["selected"] = {{"object", name}, {"chain", chain}};
    }
    if (m_options.automation.printLayout) {
        json layout = {{"window", {{"w", m_width}, {"h", m_height}}}};
        std::printf("layout window %dx%d, %zu viewports\n", m_width, m_height, m_viewports.size());
        auto line = [](const std::string& what, const LayoutRect& r) {
            std::printf("layout %s at %.0f,%.0f size %.0fx%.0f\n", what.c_str(), r.x, r.y, r.w, r.h);
        };
        layout["viewports"] = json::array();
        for (std::size_t v = 0; v < m_layout.viewports.size(); ++v) {
            line("viewport " + std::to_string(v), m_layout.viewports[v]);
            layout["viewports"].push_back(rectJson(m_layout.viewports[v]));
        }
        layout["panels"] = json::object();
        for (const PlacedPanel& p : in.placed) {
            line("panel " + p.name, p.rect);
            layout["panels"][p.name] = rectJson(p.rect);
        }
        auto problems = layoutProblems(m_layout.window, m_layout.viewports, in.placed);
        for (const auto& p : problems) std::printf("layout problem: %s\n", p.c_str());
        if (problems.empty())
            std::printf("layout ok: %zu panels inside the window, none overlapping, each view's panel inside "
                        "its view\n",
                        in.placed.size());
        layout["problems"] = problems;
        report["layout"] = layout;
    }
    std::string labels;
    for (const auto& vp : m_viewports) labels += (labels.empty() ? "" : " | ") + vp->label();
    std::printf("viewports %s\nstatus %s\n", labels.c_str(), m_status.c_str());
    report["status"] = m_status;
    report["screenshot"] = m_options.automation.screenshot;
    if (m_options.automation.reportPath.empty()) return true;
    std::ofstream out(m_options.automation.reportPath);
    out << report.dump(2) << "\n";
    if (!out) {
        std::fprintf(stderr, "error: --report: cannot write %s\n", m_options.automation.reportPath.c_str());
        return false;
    }
    return true;
}

} // namespace cdlab
