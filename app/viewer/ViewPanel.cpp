#include "ViewPanel.h"

#include "ComparePanel.h"
#include "FrameWarnings.h"
#include "LoadedScene.h"
#include "OverlayTable.h"
#include "PanelPlacement.h"
#include "PanelSections.h"
#include "PanelWidgets.h"
#include "Preparation.h"
#include "Replay.h"
#include "Viewport.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace cdlab {

bool ViewPanel::listsOverlay(const OverlayInfo& row, const AlgorithmInfo& algo) {
    return row.id != overlay::PickedCone && overlayApplies(row, algo);
}

std::vector<std::string> ViewPanel::listedOverlays(const AlgorithmInfo& algo, bool replay) {
    std::vector<std::string> keys;
    for (const OverlayInfo& row : overlayTable())
        if (listsOverlay(row, algo) &&
            !(replay && row.refines &&
              std::find(keys.begin(), keys.end(), std::string(row.refines)) == keys.end()))
            keys.push_back(row.key);
    return keys;
}

void ViewPanel::overlayCheckbox(const OverlayInfo& row, OverlaySettings& o, const AlgorithmInfo& algo) {
    std::string why;
    const bool applies = overlayApplies(row, algo, &why);
    const OverlayInfo* parent = nullptr;
    for (const OverlayInfo& r : overlayTable())
        if (row.refines && std::string(r.key) == row.refines) parent = &r;
    const bool parentOn = !parent || overlayOn(*parent, o);
    if (parent) ImGui::Indent();
    ImGui::BeginDisabled(!applies || !parentOn);
    // The label wraps at the panel's edge instead of being cut there; clicking it toggles, as a checkbox's.
    ImGui::PushID(row.key);
    ImGui::Checkbox("##on", o.flag(row.id));
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    const float wrapAt = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("(?)").x - 8;
    ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + std::max(wrapAt, 40.0f));
    ImGui::TextUnformatted(row.label);
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemClicked() && applies && parentOn) *o.flag(row.id) = !*o.flag(row.id);
    ImGui::PopID();
    ImGui::EndDisabled();
    std::string help = row.help;
    if (!applies)
        help += "\n\nNot available here: " + why;
    else if (!parentOn)
        help += std::string("\n\nTurn on \"") + parent->label + "\" first.";
    helpMarker(help);
    if (parent) ImGui::Unindent();
}

void ViewPanel::draw(int index, int n, Viewport& vp, const std::vector<LayoutRect>& panels, bool autoHide) {
    if (std::size_t(index) < panels.size()) m_placement.place(panels[std::size_t(index)]);
    // Side by side, an open panel covers much of its viewport's scene: start closed (title bar only).
    if (n > 1) ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    std::string title =
        "View " + std::to_string(index + 1) + ": " + vp.label() + "###view" + std::to_string(index);
    const std::string id = "view" + std::to_string(index);
    PanelSections& sections = PanelSections::instance();
    sections.beforeWindow(id); // a shot's folded or unfolded panel
    const bool open = ImGui::Begin(title.c_str());
    sections.noteWindow(id, open);
    m_placement.settle("View " + std::to_string(index + 1), index);
    // A click on a collapsed panel's title bar opens it (ImGui opens it only from the arrow, or on a
    // double click), as docs/VIEWER.md says; a drag is not a click.
    if (!open && ImGui::IsWindowHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        ImGui::GetIO().MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16)
        ImGui::SetWindowCollapsed(false);
    // A narrow view (three side by side at 1280x720): its opened panel would hide the picture, so it closes
    // again once the mouse has left it, unless a popup (a combo's list) or a drag from inside holds it.
    // (A panel a shot unfolded stays so until the mouse has been over it.)
    if (sections.heldOpen(id) && ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows))
        sections.release(id);
    if (open && autoHide && !sections.heldOpen(id) && ImGui::IsWindowAppearing() == false &&
        !ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows |
                                ImGuiHoveredFlags_AllowWhenBlockedByPopup |
                                ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) &&
        !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) && !ImGui::IsAnyItemActive() &&
        !ImGui::IsAnyMouseDown())
        ImGui::SetWindowCollapsed(true);
    for (auto& f : vp.families) f->beginPanel(); // every frame, drawn or not
    if (!open) {
        ImGui::End();
        return;
    }
    {
        // The view's colour (its lines in Compare) before its algorithm.
        const auto c = ComparePanel::viewColour(std::size_t(index));
        const float sw = ImGui::GetFrameHeight() - 6;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(
            ImVec2(at.x, at.y + 3), ImVec2(at.x + sw, at.y + 3 + sw),
            ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], 1)));
        ImGui::Dummy(ImVec2(sw, sw));
        ImGui::SameLine();
    }
    auto& registry = AlgorithmRegistry::instance();
    bool changed = false;
    // The widgets leave room for the longest label and its "(?)": labels fit instead of being cut at the
    // panel's edge.
    float labels = ImGui::CalcTextSize("algorithm").x;
    if (const AlgorithmInfo* shown = registry.find(vp.algorithm))
        for (const auto& spec : shown->params)
            labels = std::max(labels, ImGui::CalcTextSize(spec.name.c_str()).x);
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::PushItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x - labels -
                                             ImGui::CalcTextSize("(?)").x - 2 * style.ItemInnerSpacing.x -
                                             style.ItemSpacing.x));
    const AlgorithmInfo* info = registry.find(vp.algorithm);
    if (vp.replay) {
        // A replay runs nothing: what was recorded, by which build, instead of the algorithm's controls.
        ImGui::TextWrapped("replay of %s, recorded by build %s (%s): no algorithm runs",
                           vp.replay->recording().header.viewports[vp.replayView].c_str(),
                           vp.replay->recording().header.buildCommit.c_str(), vp.replay->path().c_str());
        info = vp.drawnBy();
    } else {
        if (ImGui::BeginCombo("algorithm", vp.algorithm.c_str())) {
            for (const auto& a : registry.list())
                if (ImGui::Selectable(a.name.c_str(), a.name == vp.algorithm)) {
                    vp.algorithm = a.name;
                    vp.params = ParamSet(a.params);
                    changed = true;
                }
            ImGui::EndCombo();
        }
        info = registry.find(vp.algorithm);
        helpMarker(info->description);
        for (const auto& spec : info->params) {
            ParamValue v = vp.params.values().at(spec.name);
            if (auto* b = std::get_if<bool>(&v)) {
                if (ImGui::Checkbox(spec.name.c_str(), b)) vp.params.set(spec.name, *b), changed = true;
            } else if (auto* i = std::get_if<std::int64_t>(&v)) {
                int x = int(*i);
                if (ImGui::SliderInt(spec.name.c_str(), &x, int(spec.min), int(spec.max)))
                    vp.params.set(spec.name, std::int64_t(x)), changed = true;
            } else if (auto* d = std::get_if<double>(&v)) {
                float x = float(*d);
                if (ImGui::SliderFloat(spec.name.c_str(), &x, float(spec.min), float(spec.max)))
                    vp.params.set(spec.name, double(x)), changed = true;
            } else if (auto* s = std::get_if<std::string>(&v)) {
                if (ImGui::BeginCombo(spec.name.c_str(), s->c_str())) {
                    for (const auto& c : spec.choices)
                        if (ImGui::Selectable(c.c_str(), c == *s))
                            vp.params.set(spec.name, c), changed = true;
                    ImGui::EndCombo();
                }
            }
            helpMarker(spec.help);
        }
    }
    ImGui::PopItemWidth();
    if (changed) m_preparation.rebuild(vp);
    if (m_preparation.preparing(vp))
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "preparing %s (%.0f %%); the view runs %s meanwhile",
                           vp.algorithm.c_str(), 100 * m_preparation.fraction(),
                           vp.algo ? vp.preparedAlgorithm.c_str() : "nothing");
    if (!vp.error.empty()) { // wrapped: the message names the file and field, and says what to use instead
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
        ImGui::TextWrapped("%s", vp.error.c_str());
        ImGui::PopStyleColor();
    }
    // Tabs, so that the timings, counters and times of contact are one click away from the view's
    // picture (they were below some 25 overlay rows).
    if (!ImGui::BeginTabBar("##sections")) {
        ImGui::End();
        return;
    }
    if (sections.tabItem("View")) {
        viewTab(index, vp, info);
        ImGui::EndTabItem();
    }
    if (sections.tabItem("Timings")) {
        timingsTab(vp);
        ImGui::EndTabItem();
    }
    if (sections.tabItem("Counters")) {
        countersTab(vp);
        ImGui::EndTabItem();
    }
    const std::size_t tocs = vp.result.firstContacts.size();
    const std::string contacts =
        "Contacts" + (tocs ? " (" + std::to_string(tocs) + ")" : std::string()) + "###contacts";
    if (sections.tabItem(contacts.c_str())) {
        contactsTab(index, vp);
        ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    ImGui::End();
}

void ViewPanel::viewTab(int index, Viewport& vp, const AlgorithmInfo* info) {
    char prepared[96];
    std::snprintf(prepared, sizeof prepared, "prepare %.1f ms, %.0f KiB: ", vp.prepare.stages.get("build"),
                  vp.prepare.memoryBytes / 1024.0);
    disabledWrapped(prepared + vp.prepare.notes);
    const ImVec4 warn(1, 0.8f, 0.3f, 1);
    for (const auto& w : vp.prepare.warnings) {
        ImGui::PushStyleColor(ImGuiCol_Text, warn);
        ImGui::TextWrapped("%s", w.c_str());
        ImGui::PopStyleColor();
    }
    // The families' warnings about this frame (FrameWarnings.h): an assumption of the algorithm it breaks.
    for (const std::string& w : frameWarnings(vp.result)) {
        ImGui::PushStyleColor(ImGuiCol_Text, warn);
        ImGui::TextWrapped("%s", w.c_str());
        ImGui::PopStyleColor();
    }
    // One click back to the algorithm's first picture (issue 43: a paper's figure from its algorithm's view),
    // at the top of the tab: under the Overlays header it sat below the fold of a 720-px window.
    if (const OverlayRecommendation* r = recommendedOverlays(vp.preparedAlgorithm);
        r && r->why && m_loaded.objects()) {
        if (ImGui::Button("recommended overlays")) vp.showRecommendedOverlays();
        ImGui::SameLine();
        helpMarker(std::string("Turns on the overlays that show this algorithm's picture: ") + r->why +
                   ". The chosen body stays. Key V does it for every view.");
    }
    // The families' sections (FamilyView), for the frames that carry their detail.
    for (auto& f : vp.families) {
        if (m_loaded.objects() && f->reports(vp.result))
            f->panel(vp.result, {*m_loaded.objects(), [&](const Vec3& p) { m_lookAt(index, p); },
                                 [&](const Aabb& box) {
                                     if (m_frameBox) m_frameBox(index, box);
                                 }});
    }
    if (PanelSections::instance().header("Overlays") && m_loaded.objects()) {
        OverlaySettings& o = vp.overlays;
        // One checkbox per row of the overlay table: disabled, with the reason in its tooltip, where the
        // view's algorithm draws nothing of it or the option it refines is off.
        const AlgorithmInfo* drawer = vp.drawnBy(); // a replay's: only what its recording draws
        const auto& objs = m_loaded.objects()->objects();
        std::vector<std::string> listed;
        for (const OverlayInfo& row : overlayTable()) {
            if (row.id == overlay::PickedCone) continue; // with the pick, below
            // Only what the view's algorithm can draw: a row that cannot apply is not listed (it was
            // greyed but still ticked). A replay lists no row whose parent it cannot draw (the BVH level
            // needs the live structure): absent, not greyed.
            if (!listsOverlay(row, drawer ? *drawer : *info)) continue;
            if (vp.replay && row.refines &&
                std::find(listed.begin(), listed.end(), std::string(row.refines)) == listed.end())
                continue;
            listed.push_back(row.key);
            overlayCheckbox(row, o, drawer ? *drawer : *info);
            if (row.id == overlay::Bvh) {
                // The body and level every BVH and Fig. 1 overlay shows.
                o.bvhObject = std::clamp(o.bvhObject, 0, int(objs.size()) - 1);
                if (ImGui::BeginCombo("body", objs[o.bvhObject].name.c_str())) {
                    for (int i = 0; i < int(objs.size()); ++i)
                        if (ImGui::Selectable(objs[i].name.c_str(), i == o.bvhObject))
                            o.pickedNode = i == o.bvhObject ? o.pickedNode : -1, o.bvhObject = i;
                    ImGui::EndCombo();
                }
                const AlgorithmStructure* structure = vp.algo ? vp.algo->structure() : nullptr;
                int depth = structure ? structure->depth(std::uint32_t(o.bvhObject)) : 0;
                ImGui::SliderInt("level", &o.bvhLevel, 0, std::max(depth, 0));
                if (o.pickedNode < 0) {
                    disabledWrapped("Ctrl+click a box to pick a node of this level");
                } else {
                    for (const auto& note : vp.draw.notes) ImGui::TextWrapped("picked %s", note.c_str());
                    if (ImGui::SmallButton("clear pick")) o.pickedNode = -1;
                    for (const OverlayInfo& cone : overlayTable())
                        if (cone.id == overlay::PickedCone)
                            overlayCheckbox(cone, o, drawer ? *drawer : *info);
                }
            }
            if (row.id == overlay::BmLevel) {
                // The per-level plot needs the hierarchy's level sizes: none in a replay (no structure).
                if (o.get(overlay::BmLevel) && !vp.draw.bmLevelBoxes.empty() && vp.algo &&
                    vp.algo->structure()) {
                    // The share of each level's nodes culled (redon2002 Fig. 1: it grows down the hierarchy).
                    const auto& sizes = levelSizes(vp);
                    std::vector<float> share(sizes.size(), 0.0f);
                    for (std::size_t d = 0; d < sizes.size() && d < vp.draw.bmLevelBoxes.size(); ++d)
                        share[d] = sizes[d] ? float(vp.draw.bmLevelBoxes[d]) / float(sizes[d]) : 0.0f;
                    std::size_t level = std::size_t(std::max(o.bvhLevel, 0));
                    char caption[96];
                    if (level < sizes.size())
                        std::snprintf(caption, sizeof caption, "level %zu: %u of %u nodes culled", level,
                                      level < vp.draw.bmLevelBoxes.size() ? vp.draw.bmLevelBoxes[level] : 0u,
                                      sizes[level]);
                    else
                        caption[0] = 0;
                    if (!share.empty()) {
                        ImGui::TextUnformatted(caption);
                        ImGui::PlotHistogram("##bmlevels", share.data(), int(share.size()), 0, nullptr, 0.0f,
                                             1.0f, ImVec2(ImGui::GetContentRegionAvail().x, 60));
                        plotAxes(100, 0, "% culled", "levels 0-" + std::to_string(share.size() - 1));
                    }
                    helpMarker(
                        "The share of each level's nodes (root on the left) that the BM test culls over this "
                        "frame; a level is the hierarchy cut there, leaves above it included.");
                }
            }
        }
    }
}

void ViewPanel::timingsTab(const Viewport& vp) {
    if (vp.reusedLast()) {
        ImGui::TextColored(ImVec4(0.5f, 0.85f, 1, 1), "reused: %d runs, %d reused", vp.stepsRun(),
                           vp.stepsReused());
        helpMarker("Paused, the frame, the algorithm and the overlays did not change since the last run, so "
                   "its answer and drawing are shown again instead of running it every rendered frame. "
                   "The times below are those of the runs.");
    }
    if (ImGui::BeginTable("timings", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("stage (ms)");
        ImGui::TableSetupColumn("now");
        ImGui::TableSetupColumn("avg");
        ImGui::TableSetupColumn("max");
        ImGui::TableHeadersRow();
        for (const auto& [name, d] : vp.timing.stages()) statRow(name.c_str(), d, "%.3f");
        statRow("total", vp.timing.total(), "%.3f");
        ImGui::EndTable();
    }
    std::vector<float> plot(vp.timing.total().begin(), vp.timing.total().end());
    if (!plot.empty())
        plotWithAxes("##total", plot, std::max(1e-3f, *std::max_element(plot.begin(), plot.end())),
                     "total step time", "ms", 60);
}

void ViewPanel::countersTab(const Viewport& vp) {
    for (const auto& [name, value] : vp.result.counters.items())
        ImGui::Text("%-14s %llu", toString(name), (unsigned long long)value);
    ImGui::Text("%-14s %zu", "contact pairs", vp.result.contactPairCount());
}

void ViewPanel::contactsTab(int index, const Viewport& vp) {
    const FrameResult& r = vp.result;
    // The frame on the scene's grid, and each contact's time as a fraction of it: the same from any start.
    ImGui::TextDisabled("frame t %.6f -> %.6f", r.t0, r.t1);
    if (r.firstContacts.empty()) {
        disabledWrapped(vp.algo ? "no time of contact in this frame (continuous algorithms report one per "
                                  "body pair that touches)"
                                : "no algorithm runs in this view");
        return;
    }
    for (std::size_t k = 0; k < r.firstContacts.size(); ++k) {
        const TimeOfContact& c = r.firstContacts[k];
        double span = r.t1 - r.t0;
        ImGui::Text("t %.6f (%.3f of the frame)", c.time, span > 0 ? (c.time - r.t0) / span : 0.0);
        // The time-of-contact overlay put a label at the contact point, one per contact in this order.
        if (k < vp.draw.labels.size()) {
            ImGui::SameLine();
            if (ImGui::SmallButton(("look##toc" + std::to_string(k)).c_str()))
                m_lookAtContact ? m_lookAtContact(index, k) : m_lookAt(index, vp.draw.labels[k].at);
        }
        ImGui::TextWrapped("  %s", m_loaded.describeContact(c).c_str());
    }
}

} // namespace cdlab
