// VideoExportJob: File > Export video — the interactive viewer's export. While it runs, each of the
// viewer's frames shows the next frame of the scene's grid (frame i of the export is the Timeline's grid
// time nearest to i/(n-1) of the range, the whole scene being every grid time), and once that frame is drawn
// the views are drawn a second time into an offscreen framebuffer of the export's size — the views alone,
// side by side as presentation mode places them, with their labels and legends (a Dear ImGui context of the
// job's own, so the window's panels stay out of it) — read back and encoded (VideoExport). The window keeps
// running meanwhile: its panels show the progress and Cancel.
#pragma once

#include "VideoExport.h"

#include <functional>
#include <memory>
#include <string>

struct ImGuiContext;

namespace cdlab {

class Timeline;

/// What the export dialog asks for.
struct VideoExportSettings {
    std::string path = "cdlab-video.mp4"; ///< .mp4 or .gif
    int frames = 0;                       ///< 0: the whole scene, one video frame per grid time
    int width = 1280, height = 720;
    double fps = 0; ///< 0: the scene's frame rate (else 30)
};

class VideoExportJob {
public:
    /// Opens the file (InputError naming it when it cannot be) and the offscreen framebuffer; `timeline`:
    /// the scene's (its grid gives the frames; its time is put back when the job ends); `uiScale`: the
    /// labels' and legends' font size, as in the window.
    VideoExportJob(const VideoExportSettings& settings, Timeline& timeline, float uiScale);
    /// Puts the timeline back where it was (and playing if it was) and, unless finished, removes the file.
    ~VideoExportJob();
    VideoExportJob(const VideoExportJob&) = delete;
    VideoExportJob& operator=(const VideoExportJob&) = delete;

    /// The start of the next frame to export: the timeline moves to its grid time (paused).
    double frameStart();
    /// Draws the frame just stepped into the job's framebuffer with `drawViews(width, height)` (the views
    /// at that size, on the bound framebuffer, their labels through ImGui's current context) and encodes it.
    void capture(const std::function<void(int, int)>& drawViews);
    bool done() const { return m_export.done(); }
    /// Finishes the file; returns what the status line says.
    std::string finish() { return m_finished = true, m_export.finish(); }
    double fraction() const { return m_export.fraction(); }
    int captured() const { return m_export.captured(); }
    int frames() const { return m_export.frames(); }
    const VideoExportSettings& settings() const { return m_settings; }

private:
    VideoExportSettings m_settings;
    Timeline& m_timeline;
    VideoExport m_export;
    int m_savedPosition = 0; ///< the grid index shown when the export began
    bool m_wasPlaying = false;
    bool m_finished = false;
    unsigned m_fbo = 0, m_rbo[2] = {0, 0};
    ImGuiContext* m_imgui = nullptr; ///< the job's own: the labels and legends of the exported views
    ImGuiContext* m_windowImgui = nullptr;
};

} // namespace cdlab
