#include "ComparePanel.h"

#include "PanelPlacement.h"
#include "PanelWidgets.h"
#include "Viewport.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

namespace cdlab {

namespace {

/// The algorithm a view runs (the one being prepared shows its answers only once it runs).
const AlgorithmInfo* algorithmOf(const Viewport& vp) {
    return AlgorithmRegistry::instance().find(vp.preparedAlgorithm.empty() ? vp.algorithm
                                                                           : vp.preparedAlgorithm);
}

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// Whether the run's counters include `c` (an algorithm reports only the counters it keeps).
bool reports(const Counters& counters, Counter c) {
    for (const auto& [n, value] : counters.items())
        if (n == c) return true;
    return false;
}

/// Run k's value of the series for a view: NaN where its algorithm did not report it.
double valueAt(const Viewport& vp, std::size_t k, const CompareSeries& s) {
    if (!s.stage())
        return reports(vp.counters[k], *s.counter) ? double(vp.counters[k].get(*s.counter)) : kNone;
    if (k >= vp.stageTimes.size()) return kNone;
    const StageTimes& t = vp.stageTimes[k];
    if (s.stageName == "total") return t.total();
    for (const auto& [name, ms] : t.items())
        if (name == s.stageName) return ms;
    return kNone;
}

ImU32 colourOf(std::size_t v, float alpha = 1) {
    const auto c = ComparePanel::viewColour(v);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], alpha));
}

/// A cell of the CSV: quoted where it holds a comma or a quote (labels list parameters "a=1,b=2").
std::string csvCell(const std::string& text) {
    if (text.find_first_of(",\"") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

/// One plot of several lines on one scale (a line per view in its colour, broken where a value is NaN),
/// the runs aligned at the right edge (the latest), with its axis values; `reference` draws a grey line
/// at that value (the ratio plot's 1).
void multiLinePlot(const char* id, const std::vector<std::vector<double>>& lines, std::size_t firstLine,
                   double top, const char* unit, float height, double reference = kNone) {
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::InvisibleButton(id, ImVec2(width, height));
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(lo, hi, ImGui::GetColorU32(ImGuiCol_FrameBg));
    std::size_t runs = 0;
    for (const auto& l : lines) runs = std::max(runs, l.size());
    const double scale = top > 0 ? top : 1;
    auto at = [&](std::size_t k, std::size_t len, double value) {
        const float x = runs > 1 ? float(k + (runs - len)) / float(runs - 1) : 1.0f;
        const float y = float(std::clamp(value / scale, 0.0, 1.0));
        return ImVec2(lo.x + 2 + x * (hi.x - lo.x - 4), hi.y - 2 - y * (hi.y - lo.y - 4));
    };
    if (std::isfinite(reference)) {
        const float y = at(0, 1, reference).y;
        dl->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), IM_COL32(160, 160, 160, 160));
    }
    for (std::size_t v = firstLine; v < lines.size(); ++v) {
        const auto& l = lines[v];
        for (std::size_t k = 0; k < l.size(); ++k) {
            if (!std::isfinite(l[k])) continue;
            const ImVec2 p = at(k, l.size(), l[k]);
            if (k + 1 < l.size() && std::isfinite(l[k + 1]))
                dl->AddLine(p, at(k + 1, l.size(), l[k + 1]), colourOf(v), 2);
            else if (k == 0 || !std::isfinite(l[k - 1])) // a lone value: a dot
                dl->AddCircleFilled(p, 2, colourOf(v));
        }
    }
    plotAxes(float(top), 0, unit, runs ? "last " + std::to_string(runs) + " runs" : "");
}

} // namespace

std::string CompareSeries::name() const {
    return stage() ? stageName + " ms" : std::string(toString(*counter));
}

std::array<float, 3> ComparePanel::viewColour(std::size_t v) {
    // Apart in hue from each other and from the bodies' greys and the overlays' reds and magentas.
    static const std::array<float, 3> colours[] = {{0.98f, 0.62f, 0.18f}, {0.30f, 0.75f, 1.00f},
                                                   {0.55f, 0.90f, 0.35f}, {0.80f, 0.55f, 1.00f},
                                                   {1.00f, 0.90f, 0.30f}, {0.35f, 0.95f, 0.85f}};
    return colours[v % std::size(colours)];
}

std::string ComparePanel::counterCell(const Viewport& vp, Counter c) {
    return reports(vp.result.counters, c) ? std::to_string(vp.result.counters.get(c)) : "-";
}

std::vector<CompareSeries> ComparePanel::seriesChoices(const std::vector<std::unique_ptr<Viewport>>& vps) {
    std::vector<CompareSeries> out;
    auto add = [&](CompareSeries s) {
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(std::move(s));
    };
    for (const auto& vp : vps)
        for (const auto& [c, value] : vp->result.counters.items()) add({c, {}});
    for (const auto& vp : vps)
        for (const auto& [name, ms] : vp->result.stages.items()) add({std::nullopt, name});
    add({std::nullopt, "total"});
    return out;
}

CompareSeries ComparePanel::defaultSeries(const std::vector<std::unique_ptr<Viewport>>& vps) {
    // Per counter, each view's mean over the runs that report it (NaN: never reported).
    std::vector<Counter> order;
    std::size_t running = 0; // views with runs
    for (const auto& vp : vps) {
        running += !vp->counters.empty();
        for (const Counters& run : vp->counters)
            for (const auto& [c, value] : run.items())
                if (std::find(order.begin(), order.end(), c) == order.end()) order.push_back(c);
    }
    const CompareSeries total{std::nullopt, "total"};
    if (running == 0) return total;
    // Reported by every view: how far apart they are, 0 (equal) to 1 (one view does none). Counters every
    // view does some of come first (their ratio line exists), then those one view does none of.
    CompareSeries common, some, most;
    double commonSpread = -1, someSpread = -1;
    std::size_t mostCount = 0;
    for (Counter c : order) {
        std::vector<double> means;
        for (const auto& vp : vps) {
            if (vp->counters.empty()) continue;
            double sum = 0;
            std::size_t n = 0;
            for (const Counters& run : vp->counters)
                if (reports(run, c)) sum += double(run.get(c)), ++n;
            if (n) means.push_back(sum / double(n));
        }
        const double top = means.empty() ? 0 : *std::max_element(means.begin(), means.end());
        const double bottom = means.empty() ? 0 : *std::min_element(means.begin(), means.end());
        if (!(top > 0)) continue; // a flat 0 everywhere shows nothing
        const double spread = (top - bottom) / top;
        if (means.size() == running && bottom > 0 && spread > commonSpread)
            commonSpread = spread, common = {c, {}};
        else if (means.size() == running && bottom == 0 && spread > someSpread)
            someSpread = spread, some = {c, {}};
        else if (means.size() < running && means.size() > mostCount)
            mostCount = means.size(), most = {c, {}};
    }
    return commonSpread >= 0 ? common : someSpread >= 0 ? some : mostCount > 0 ? most : total;
}

std::vector<std::vector<double>> ComparePanel::seriesValues(const std::vector<std::unique_ptr<Viewport>>& vps,
                                                            const CompareSeries& series) {
    std::vector<std::vector<double>> out(vps.size());
    for (std::size_t v = 0; v < vps.size(); ++v)
        for (std::size_t k = 0; k < vps[v]->counters.size(); ++k)
            out[v].push_back(valueAt(*vps[v], k, series));
    return out;
}

std::string ComparePanel::seriesCsv(const std::vector<std::unique_ptr<Viewport>>& vps,
                                    const CompareSeries& series) {
    const auto values = seriesValues(vps, series);
    std::size_t runs = 0;
    for (const auto& l : values) runs = std::max(runs, l.size());
    std::ostringstream out;
    out.precision(10);
    out << "run";
    for (std::size_t v = 0; v < vps.size(); ++v)
        out << ',' << csvCell("view " + std::to_string(v + 1) + ": " + vps[v]->label() + " " + series.name());
    out << '\n';
    for (std::size_t r = 0; r < runs; ++r) {
        out << r + 1;
        for (const auto& l : values) {
            out << ',';
            const std::size_t missing = runs - l.size(); // a view that started later: its runs at the end
            if (r >= missing && std::isfinite(l[r - missing])) out << l[r - missing];
        }
        out << '\n';
    }
    return out.str();
}

nlohmann::json ComparePanel::reportFields(const std::vector<std::unique_ptr<Viewport>>& vps) {
    nlohmann::json j;
    const CompareSeries series = defaultSeries(vps);
    j["series"] = series.name();
    nlohmann::json counters = nlohmann::json::array();
    for (const auto& vp : vps) {
        nlohmann::json cells = nlohmann::json::object();
        for (const CompareSeries& s : seriesChoices(vps))
            if (!s.stage()) cells[toString(*s.counter)] = counterCell(*vp, *s.counter);
        counters.push_back(cells);
    }
    j["counters"] = counters;
    const std::string csv = seriesCsv(vps, series);
    j["ratio_note"] = ratioNote(vps, seriesValues(vps, series), series);
    j["csv_header"] = csv.substr(0, csv.find('\n'));
    j["csv_rows"] = std::count(csv.begin(), csv.end(), '\n') - 1;
    return j;
}

std::string ComparePanel::ratioNote(const std::vector<std::unique_ptr<Viewport>>& vps,
                                    const std::vector<std::vector<double>>& values,
                                    const CompareSeries& series) {
    // No ratio line when view 1 (the base) has nothing above 0 or every other view reports nothing: name
    // the views that lack the series (it read "view 1" when view 2, fcl-sampled, was the one).
    auto has = [&](std::size_t v, bool above0) {
        for (double x : values[v])
            if (std::isfinite(x) && (!above0 || x > 0)) return true;
        return false;
    };
    std::string lacking;
    if (values.empty() || !has(0, true)) {
        lacking = "view 1 (" + vps[0]->label() + ") reports no " + series.name() + " above 0";
    } else {
        std::string views;
        std::size_t n = 0;
        for (std::size_t v = 1; v < values.size(); ++v)
            if (!has(v, false))
                views += (n++ ? ", " : "") + std::string("view ") + std::to_string(v + 1) + " (" +
                         vps[v]->label() + ")";
        if (n == 0) return {}; // a ratio exists
        lacking = views + (n == 1 ? " reports no " : " report no ") + series.name();
    }
    return "no ratio: " + lacking;
}

std::string ComparePanel::firstTocCell(const Viewport& vp) {
    const AlgorithmInfo* info = algorithmOf(vp);
    if (!vp.algo && !vp.error.empty()) return "refused"; // prepare() refused the scene: no answer, not "free"
    if (!info || info->kind != AlgorithmKind::Continuous) return "-";
    const TimeOfContact* c = vp.result.earliest();
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", c ? c->time : 0.0);
    return c ? text : "free";
}

std::string ComparePanel::sameContactsCell(const std::vector<std::unique_ptr<Viewport>>& vps, std::size_t v) {
    const Viewport& vp = *vps[v];
    const AlgorithmInfo* info = algorithmOf(vp);
    const auto refused = [](const Viewport& w) { return !w.algo && !w.error.empty(); };
    if (refused(vp)) return "refused";
    if (!info || info->kind == AlgorithmKind::Culling) return "culling only";
    const Viewport* ref = nullptr; // the first view of the same kind that answered
    for (const auto& other : vps)
        if (!ref && !refused(*other) && algorithmOf(*other) && algorithmOf(*other)->kind == info->kind)
            ref = other.get();
    const AlgorithmInfo* refInfo = algorithmOf(*ref);
    const FrameResult &a = vp.result, &b = ref->result;
    // Contact sets where both report every body pair's first contact exactly; else the earliest contact.
    if (a.firstContactScope == FirstContactScope::PerBodyPair &&
        b.firstContactScope == FirstContactScope::PerBodyPair && info->hashReference &&
        refInfo->hashReference)
        return a.hash() == b.hash() ? "yes" : "DIFFERENT";
    const TimeOfContact *ca = a.earliest(), *cb = b.earliest();
    if (!ca || !cb) return !ca && !cb ? "yes" : "DIFFERENT";
    if (std::minmax(ca->objectA, ca->objectB) != std::minmax(cb->objectA, cb->objectB))
        return "DIFFERENT pair";
    if (ca->time == cb->time) return "yes";
    char text[32];
    std::snprintf(text, sizeof text, "dt %.0e", std::fabs(ca->time - cb->time));
    return text;
}

std::string ComparePanel::viewLabel(std::size_t v) const {
    return "view " + std::to_string(v + 1) + ": " + m_viewports[v]->label();
}

void ComparePanel::exportCsv() {
    namespace fs = std::filesystem;
    std::string file = m_series.name();
    std::replace(file.begin(), file.end(), ' ', '_');
    const fs::path scene(m_scenePath);
    const fs::path path = m_scenePath.empty()
                              ? fs::path("cdlab-compare-" + file + ".csv")
                              : scene.parent_path() / (scene.stem().string() + "-compare-" + file + ".csv");
    std::ofstream out(path);
    const std::string csv = seriesCsv(m_viewports, m_series);
    out << csv;
    out.close();
    m_status = out ? "wrote " + path.string() + " (" +
                         std::to_string(std::count(csv.begin(), csv.end(), '\n') - 1) + " runs of " +
                         m_series.name() + ")"
                   : "cannot write " + path.string();
}

void ComparePanel::seriesPlots(const std::vector<CompareSeries>& choices) {
    // One series over the last runs, a line per view on one scale: where along the motion one algorithm
    // does less work than the other (e.g. ee_tests with and without BM-culling), and a ratio plot against
    // the first view that shows a 10 % difference a shared scale hides.
    auto& vps = m_viewports;
    std::string key;
    bool anyRuns = false;
    for (const auto& vp : vps) key += vp->label() + "|", anyRuns |= !vp->counters.empty();
    const bool available = std::find(choices.begin(), choices.end(), m_series) != choices.end();
    if (m_picked && !available) m_picked = false; // the view that reported it runs another algorithm now
    if (!m_picked && (key != m_defaultFor || !available)) {
        m_series = defaultSeries(vps);
        // Kept once a counter with data is found; before (no runs yet, or every counter still 0: the bodies
        // not yet close), chosen again on the next frame.
        if (anyRuns && !m_series.stage()) m_defaultFor = key;
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::BeginCombo("plot", m_series.name().c_str())) {
        for (const CompareSeries& s : choices)
            if (ImGui::Selectable(s.name().c_str(), s == m_series)) m_series = s, m_picked = true;
        ImGui::EndCombo();
    }
    helpMarker(
        "A counter or a stage's time over the last runs, a line per view in its colour. Until you pick "
        "one, the counter that differs most between the views (of those every view reports). Below, "
        "each view's value divided by the first view's. CSV writes the series next to the scene file.");
    ImGui::SameLine();
    if (ImGui::SmallButton("CSV")) exportCsv();
    const auto values = seriesValues(vps, m_series);
    double top = 0;
    for (const auto& l : values)
        for (double x : l)
            if (std::isfinite(x)) top = std::max(top, x);
    // The legend: each view's colour, name and latest value ("-": its algorithm does not report it).
    for (std::size_t v = 0; v < vps.size(); ++v) {
        const float sw = ImGui::GetTextLineHeight() - 4;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 2), ImVec2(at.x + sw, at.y + 2 + sw),
                                                  colourOf(v));
        ImGui::Dummy(ImVec2(sw, sw));
        ImGui::SameLine();
        const double now = values[v].empty() ? kNone : values[v].back();
        char value[32] = "-";
        if (std::isfinite(now)) std::snprintf(value, sizeof value, m_series.stage() ? "%.3f" : "%.0f", now);
        ImGui::Text("%s: %s", viewLabel(v).c_str(), value);
    }
    multiLinePlot("##series", values, 0, top > 0 ? top : 1, m_series.stage() ? "ms" : "", 70);
    if (vps.size() < 2) return;
    std::vector<std::vector<double>> ratios(values.size());
    double ratioTop = 1;
    bool any = false;
    for (std::size_t v = 1; v < values.size(); ++v) {
        const auto &a = values[v], &b = values[0];
        for (std::size_t k = 0; k < a.size(); ++k) {
            const std::size_t missing = b.size() >= a.size() ? b.size() - a.size() : 0;
            const double base = k + missing < b.size() ? b[k + missing] : kNone;
            const double r = std::isfinite(a[k]) && std::isfinite(base) && base > 0 ? a[k] / base : kNone;
            ratios[v].push_back(r);
            if (std::isfinite(r)) ratioTop = std::max(ratioTop, r), any = true;
        }
    }
    if (!any) {
        disabledWrapped(ratioNote(vps, values, m_series));
        return;
    }
    ImGui::TextUnformatted("ratio to view 1");
    multiLinePlot("##ratio", ratios, 1, ratioTop * 1.1, "x", 45, 1.0);
}

void ComparePanel::draw(const LayoutRect& rect) {
    // Bottom right, beside the timeline (bottom left); with two or more viewports the view panels above it
    // start collapsed.
    m_placement.place(rect);
    ImGui::Begin("Compare (this frame)");
    m_placement.settle("Compare");
    auto& vps = m_viewports;
    const std::vector<CompareSeries> choices = seriesChoices(vps);
    seriesPlots(choices);
    if (ImGui::BeginTable("compare", int(vps.size()) + 1, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
        // Short headers (V1, V2, ...) in the views' colours that fit a narrow column; the full label as the
        // header's tooltip.
        // The names column as wide as its longest name (they were cut: "nodes_visi"), at most 45 % of it.
        float names = ImGui::CalcTextSize("same contacts").x;
        for (const CompareSeries& s : choices)
            names = std::max(names, ImGui::CalcTextSize(s.name().c_str()).x);
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed,
                                std::min(names, 0.45f * ImGui::GetContentRegionAvail().x));
        for (std::size_t v = 0; v < vps.size(); ++v) {
            char header[24]; // formatted, not "V" + std::string: GCC 12 warns (-Wrestrict) on that inlined
            std::snprintf(header, sizeof header, "V%zu", v + 1);
            ImGui::TableSetupColumn(header);
        }
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int c = 0; c <= int(vps.size()); ++c) {
            if (!ImGui::TableSetColumnIndex(c)) continue;
            ImGui::PushID(c);
            if (c > 0) ImGui::PushStyleColor(ImGuiCol_Text, colourOf(std::size_t(c - 1)));
            ImGui::TableHeader(ImGui::TableGetColumnName(c));
            if (c > 0) ImGui::PopStyleColor();
            if (c > 0 && ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", viewLabel(std::size_t(c - 1)).c_str());
            ImGui::PopID();
        }
        auto cell = [](const std::string& text) {
            text == "-" || text == "culling only" || text == "refused"
                ? ImGui::TextDisabled("%s", text.c_str())
                : ImGui::TextUnformatted(text.c_str());
        };
        for (const CompareSeries& s : choices) {
            if (s.stage()) continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::TextUnformatted(toString(*s.counter));
            for (const auto& vp : vps) ImGui::TableNextColumn(), cell(counterCell(*vp, *s.counter));
        }
        for (const CompareSeries& s : choices) {
            if (!s.stage() || s.stageName == "total") continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::Text("%s ms", s.stageName.c_str());
            for (const auto& vp : vps) {
                ImGui::TableNextColumn();
                bool has = false;
                for (const auto& [name, ms] : vp->result.stages.items()) has |= name == s.stageName;
                has ? ImGui::Text("%.3f", vp->result.stages.get(s.stageName)) : ImGui::TextDisabled("-");
            }
        }
        // The scene's earliest time of contact of each continuous view (articulated and rigid
        // pipelines side by side), then whether each view agrees with the first view of its kind.
        ImGui::TableNextRow();
        ImGui::TableNextColumn(), ImGui::TextUnformatted("first TOC");
        for (const auto& vp : vps) ImGui::TableNextColumn(), cell(firstTocCell(*vp));
        ImGui::TableNextRow();
        ImGui::TableNextColumn(), ImGui::TextUnformatted("same contacts");
        helpMarker(
            "Against the first view of the same kind (discrete or continuous). Contact sets are compared "
            "where both views report every body pair's first contact; where one reports only the scene's "
            "earliest (the articulated algorithms), that contact's pair and time are: \"dt\" means the "
            "same pair, the times this far apart (conservative advancement stops a distance threshold short "
            "of touching, "
            "the sampled reference within its tolerance). Culling algorithms report no contacts.");
        for (std::size_t v = 0; v < vps.size(); ++v) ImGui::TableNextColumn(), cell(sameContactsCell(vps, v));
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace cdlab
