#include "VideoExportDialog.h"

#include "PanelWidgets.h"
#include "ViewerApp.h"

#include <algorithm>
#include <exception>
#include <imgui.h>
#include <imgui_stdlib.h>

namespace cdlab {

void VideoExportDialog::draw(ViewerApp& app, int width, int height) {
    progressPanel(app, width);
    if (m_openRequested) {
        ImGui::OpenPopup("Export video");
        m_openRequested = false;
        m_error.clear();
    }
    if (!ImGui::BeginPopupModal("Export video", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (ImGui::IsWindowAppearing() && app.videoExport() == nullptr &&
        m_settings.path == VideoExportSettings().path)
        m_settings.width = std::max(16, width), m_settings.height = std::max(16, height);
    ImGui::SetNextItemWidth(360);
    ImGui::InputText("file", &m_settings.path);
    helpMarker("A .mp4 (H.264) or a .gif, written frame by frame as the export goes; Cancel removes it.");
    if (ImGui::RadioButton("the whole scene", m_wholeScene)) m_wholeScene = true;
    ImGui::SameLine();
    if (ImGui::RadioButton("frames:", !m_wholeScene)) m_wholeScene = false;
    ImGui::SameLine();
    const Timeline& timeline = app.timeline();
    if (m_settings.frames <= 0) m_settings.frames = timeline.frameCount() + 1;
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("##frames", &m_settings.frames)) m_wholeScene = false;
    m_settings.frames = std::clamp(m_settings.frames, 1, 1000000);
    helpMarker("The whole scene: one video frame per frame of the scene's grid. A number of frames: spread "
               "over the scene's time range, each on the grid frame nearest to it.");
    ImGui::SetNextItemWidth(120);
    ImGui::InputInt("width", &m_settings.width);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    ImGui::InputInt("height", &m_settings.height);
    m_settings.width = std::clamp(m_settings.width, 16, 8192),
    m_settings.height = std::clamp(m_settings.height, 16, 8192);
    ImGui::SetNextItemWidth(120);
    ImGui::InputDouble("frames per second", &m_settings.fps, 1, 10, "%.2f");
    m_settings.fps = std::clamp(m_settings.fps, 0.0, 240.0);
    helpMarker("0: the scene's own frame rate (else 30).");
    ImGui::TextDisabled(
        "The views alone, side by side, with their labels and legends (no panels); each frame\n"
        "at its scene time, however long it takes to draw. The window shows the frames as\n"
        "they are exported and goes back to its time when done.");
    if (!m_error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", m_error.c_str());
    const bool ready = app.loaded().scene() && !app.preparation().busy() && !app.videoExport();
    if (!ready) ImGui::BeginDisabled();
    if (ImGui::Button("Export")) {
        VideoExportSettings settings = m_settings;
        if (m_wholeScene) settings.frames = 0;
        try {
            app.startVideoExport(settings);
            ImGui::CloseCurrentPopup();
        } catch (const std::exception& e) {
            m_error = e.what(); // the dialog stays open: the path can be corrected
        }
    }
    if (!ready) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void VideoExportDialog::progressPanel(ViewerApp& app, int width) {
    const VideoExportJob* job = app.videoExport();
    if (!job) return;
    ImGui::SetNextWindowPos(ImVec2(float(width) * 0.5f, 30), ImGuiCond_Always, ImVec2(0.5f, 0));
    ImGui::Begin("Exporting video", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings);
    ImGui::Text("%s, %dx%d", job->settings().path.c_str(), job->settings().width, job->settings().height);
    ImGui::ProgressBar(float(job->fraction()), ImVec2(440, 0));
    ImGui::TextDisabled("frame %d of %d", job->captured(), job->frames());
    if (ImGui::Button("Cancel")) app.cancelVideoExport();
    ImGui::End();
}

} // namespace cdlab
