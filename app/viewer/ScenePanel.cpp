#include "ScenePanel.h"

#include "LoadedScene.h"
#include "MotionTrail.h"
#include "PanelPlacement.h"
#include "PanelWidgets.h"
#include "TimingHistory.h"

#include <imgui.h>

#include <functional>

namespace cdlab {

namespace {

/// A mesh's closedness, indented under its row: neutral when closed and outward, in the warning colour with
/// the reason in a tooltip when not.
void surfaceLine(const SurfaceCheck& surface) {
    ImGui::Indent();
    if (surface.closedOutward()) {
        disabledWrapped(surface.describe()); // wrapped: at 800 px the note ran past the panel's edge
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarningColor);
        ImGui::TextWrapped("%s", surface.describe().c_str());
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) { // wrapped, as helpMarker's: one line would run off the window
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
            ImGui::TextUnformatted(
                "Penetration queries on layered depth images and their CGAL peer need closed meshes: "
                "a ray through a hole leaks, so depths and volumes here are unreliable. Back-face "
                "culling (redon2002) gives such a mesh no BM-cones.");
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::Unindent();
}

} // namespace

void ScenePanel::draw(const LayoutRect& rect) {
    m_placement.place(rect);
    ImGui::Begin("Scene");
    m_placement.settle("Scene");
    // The live timing first: the line a user looks for, visible however many bodies follow.
    if (m_times.frameMs > 0) // nothing measured before the first frame has finished
        ImGui::Text("%.0f fps, collision %.2f ms", 1000.0f / m_times.frameMs, m_times.stepMs);
    else
        ImGui::TextDisabled("frame time: measuring...");
    if (ImGui::BeginTable("frame", 4, ImGuiTableFlags_SizingStretchProp)) {
        for (const char* h : {"ms", "now", "avg", "max"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        statRow("frame", m_times.frameHistory, "%.1f");
        statRow("overhead", m_times.overheadHistory, "%.1f");
        ImGui::EndTable();
    }
    helpMarker("frame: the whole frame. overhead: everything except the collision steps (UI, overlay upload, "
               "rendering; llvmpipe renders on the CPU). Over the last 512 frames.");
    int mode = int(m_renderMode);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f); // fits the narrow docked column
    ImGui::Combo("render", &mode, "shaded\0wire\0shaded+wire\0");
    m_renderMode = RenderMode(mode);
    ImGui::Separator();
    if (m_loaded.scene()) {
        const std::string& description = m_loaded.scene()->description;
        if (description.empty()) {
            ImGui::TextWrapped("%s", m_loaded.scene()->name.c_str());
        } else {
            // The description under the scene's name, folded when it would push the bodies and the link
            // tree below the panel's edge (a long one hid a three-link model's tree under Compare): the
            // rows first, the text one click away. Decided once per scene; the user's click then rules.
            const float line = ImGui::GetFrameHeightWithSpacing();
            const float textH =
                ImGui::CalcTextSize(description.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y;
            const float rowsH = line * float(m_loaded.objects()->objects().size() +
                                             m_loaded.scene()->models.size() + 2); // + triangles, header
            ImGui::SetNextItemOpen(textH + rowsH <= ImGui::GetContentRegionAvail().y, ImGuiCond_Once);
            const std::string id = m_loaded.scene()->name + "###about " + m_loaded.scene()->name;
            const bool open = ImGui::TreeNodeEx(id.c_str(), ImGuiTreeNodeFlags_NoTreePushOnOpen);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(open ? "Click to fold the scene's description"
                                       : "Click to show the scene's description");
            if (open) disabledWrapped(description);
        }
        // What each imported file held and what import made of it (welding; ignored skins, animations).
        for (const std::string& line : m_loaded.scene()->imports) {
            if (line.find(": warning: ") == std::string::npos) {
                disabledWrapped(line);
                continue;
            }
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.3f, 1));
            ImGui::TextWrapped("%s", line.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::Text("%zu triangles", m_loaded.scene()->triangleCount());
        const auto& objs = m_loaded.objects()->objects();
        // One row per object: visibility, colour, and a selectable name (selecting focuses the overlays on it
        // and, for a link, highlights its chain). Bodies first, then each model's links as a tree.
        auto row = [&](std::size_t i, const std::string& label) {
            ImGui::PushID(int(i));
            ImGui::Checkbox("##vis", &m_loaded.bodyViews()[i].visible);
            ImGui::SameLine();
            ImGui::ColorEdit4("##col", m_loaded.bodyViews()[i].color, ImGuiColorEditFlags_NoInputs);
            ImGui::SameLine();
            std::string text = label + " (" + std::to_string(objs[i].mesh->triangleCount()) + " tris)" +
                               (objs[i].environment ? " env" : "");
            if (ImGui::Selectable(text.c_str(), m_loaded.selected() == int(i)))
                m_select(m_loaded.selected() == int(i) ? -1 : int(i));
            // Closedness under each body; in a model's link tree only a link that fails (a tree of dozens
            // of closed links would drown in lines saying so).
            const SurfaceCheck& surface = m_loaded.surfaceOf(i);
            if (objs[i].model < 0 || !surface.closedOutward()) surfaceLine(surface);
            if (m_loaded.selected() == int(i)) selectionButtons(int(i)); // under the selected row
            ImGui::PopID();
        };
        for (std::size_t i = 0; i < objs.size(); ++i)
            if (objs[i].model < 0) row(i, objs[i].name);
        const Scene& scene = *m_loaded.scene();
        for (std::size_t m = 0; m < scene.models.size(); ++m) {
            const ArticulatedModel& model = scene.models[m];
            std::vector<int> objectOf(model.links.size(), -1);
            for (std::size_t i = 0; i < objs.size(); ++i)
                if (objs[i].model == int(m)) objectOf[std::size_t(objs[i].link)] = int(i);
            std::string header = model.name + " (" + std::to_string(model.links.size()) + " links)";
            if (!ImGui::TreeNodeEx(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
            // Links in parent order: a link's children are indented under it.
            std::function<void(int)> subtree = [&](int parent) {
                for (std::size_t l = 0; l < model.links.size(); ++l) {
                    if (model.links[l].parent != parent) continue;
                    row(std::size_t(objectOf[l]), model.links[l].name);
                    ImGui::Indent(10);
                    subtree(int(l));
                    ImGui::Unindent(10);
                }
            };
            subtree(-1);
            ImGui::TreePop();
        }
        cameraRows();
    }
    ImGui::End();
}

void ScenePanel::selectionButtons(int object) {
    ImGui::Indent();
    bool follow = m_loaded.followed() == object;
    if (ImGui::Checkbox("follow", &follow) && m_camera.follow) m_camera.follow(follow ? object : -1);
    helpMarker("The cameras' target tracks the selected body's or link's centre while the scene plays; "
               "orbit and zoom still work around it.");
    ImGui::SameLine();
    if (ImGui::SmallButton("frame") && m_camera.frameSelection) m_camera.frameSelection();
    helpMarker("Frame the selection (key S): fit its box at the time shown into the views.");
    ImGui::Unindent();
}

void ScenePanel::cameraRows() {
    const int selected = m_loaded.selected(), followed = m_loaded.followed();
    const auto& objs = m_loaded.objects()->objects();
    if (selected >= 0) {
        disabledWrapped("selected " + m_loaded.chainText(selected) + " (click it again to clear)");
        ImGui::PushID("selection");
        selectionButtons(selected);
        ImGui::PopID();
    } else {
        disabledWrapped("select a body or link to follow or frame it");
    }
    if (followed >= 0 && followed != selected) {
        ImGui::Text("following %s", objs[std::size_t(followed)].name.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("stop") && m_camera.follow) m_camera.follow(-1);
    }
    if (m_camera.trailBetween) {
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
        ImGui::SliderInt("trail poses", m_camera.trailBetween, 0, MotionTrail::kMaxBetween);
        helpMarker("The motion trail overlay (continuous algorithms' views): poses drawn between a frame's "
                   "start and end.");
    }
}

} // namespace cdlab
