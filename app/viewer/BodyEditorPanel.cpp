#include "BodyEditorPanel.h"

#include "PanelWidgets.h"
#include "ViewerApp.h"

#include <cstdio>
#include <imgui.h>

namespace cdlab {

void BodyEditorPanel::draw(ViewerApp& app, float x, float y) {
    BodyEditor& editor = app.editor();
    if (!editor.enabled() || !app.loaded().scene()) return;
    ImGui::SetNextWindowPos(ImVec2(x + 8, y + 8), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_FirstUseEver);
    bool open = true;
    if (!ImGui::Begin("Edit motion", &open, ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        editor.enabled() = open;
        return;
    }
    const int b = editor.body(app);
    if (b < 0) {
        ImGui::TextWrapped("Click a body in a view to select it, then drag it.");
    } else {
        const Body& body = app.loaded().scene()->bodies[std::size_t(b)];
        ImGui::Text("Body: %s%s", body.name.c_str(), editor.pending() ? "  (moved, not keyed)" : "");
    }
    ImGui::TextDisabled("drag: move on the plane facing the camera");
    ImGui::TextDisabled("Shift+drag: turn about");
    int axis = int(editor.axis());
    ImGui::RadioButton("view axis", &axis, 0), ImGui::SameLine();
    ImGui::RadioButton("x", &axis, 1), ImGui::SameLine();
    ImGui::RadioButton("y", &axis, 2), ImGui::SameLine();
    ImGui::RadioButton("z", &axis, 3);
    editor.axis() = BodyEditor::Axis(axis);
    ImGui::SetNextItemWidth(120);
    ImGui::InputDouble("key time (s)", &editor.keyTime(), 0.1, 1.0, "%.4g");
    helpMarker("Where Set keyframe stores the body's pose as shown: the time shown, or a later time typed "
               "here (the scene's range grows to it). Between keys the body moves at constant velocity and "
               "turns at constant angular velocity (slerp), as every scene file's keyframes.");
    if (ImGui::Button("Set keyframe (K)")) editor.setKeyframe(app);
    ImGui::SameLine();
    if (ImGui::Button("Delete keyframe (Del)")) editor.deleteKeyframe(app);
    const std::vector<double> keys = editor.keyTimes(app);
    if (!keys.empty()) {
        ImGui::TextUnformatted("Keys (click: go there):");
        for (std::size_t k = 0; k < keys.size(); ++k) {
            char label[48];
            std::snprintf(label, sizeof label, "t %.4g s##key%zu", keys[k], k);
            if (ImGui::Selectable(label, std::abs(keys[k] - app.timeline().time()) < 1e-9))
                app.timeline().scrub(keys[k]);
        }
    }
    ImGui::Separator();
    if (ImGui::Button("Save scene as...")) m_saveAs();
    ImGui::End();
    editor.enabled() = open;
}

} // namespace cdlab
