#include "VideoExportJob.h"

#include "Timeline.h"
#include "core/InputError.h"

#include <backends/imgui_impl_opengl3.h>
#include <cmath>
#include <glad/gl.h>
#include <imgui.h>

namespace cdlab {

namespace {
/// Frames in an export of `settings` over `timeline`'s grid.
int exportFrames(const VideoExportSettings& settings, const Timeline& timeline) {
    return settings.frames > 0 ? settings.frames : timeline.frameCount() + 1; // grid times 0 .. frameCount()
}
} // namespace

VideoExportJob::VideoExportJob(const VideoExportSettings& settings, Timeline& timeline, float uiScale)
    : m_settings(settings), m_timeline(timeline),
      m_export(settings.path, exportFrames(settings, timeline), settings.fps, false) {
    if (settings.width < 16 || settings.height < 16 || settings.width > 8192 || settings.height > 8192)
        throw InputError(settings.path, "size", "width and height must lie in 16 .. 8192 pixels");
    m_savedPosition = timeline.position(), m_wasPlaying = timeline.playing();
    GLint previous = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
    glGenFramebuffers(1, &m_fbo);
    glGenRenderbuffers(2, m_rbo);
    glBindRenderbuffer(GL_RENDERBUFFER, m_rbo[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, settings.width, settings.height);
    glBindRenderbuffer(GL_RENDERBUFFER, m_rbo[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, settings.width, settings.height);
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_rbo[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, m_rbo[1]);
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous));
    if (!complete) {
        glDeleteFramebuffers(1, &m_fbo);
        glDeleteRenderbuffers(2, m_rbo);
        throw InputError(settings.path, "size", "no framebuffer of that size on this GL");
    }
    // A Dear ImGui context of its own: the labels and legends drawn at the export's size, without the
    // window's panels; its font at the window's UI scale (ViewerUi::applyUiScale's).
    m_windowImgui = ImGui::GetCurrentContext();
    m_imgui = ImGui::CreateContext();
    ImGui::SetCurrentContext(m_imgui);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ImFontConfig font;
    font.SizePixels = std::round(13.0f * uiScale);
    io.Fonts->AddFontDefault(&font);
    ImGui::StyleColorsDark();
    ImGui_ImplOpenGL3_Init("#version 450 core");
    ImGui::SetCurrentContext(m_windowImgui);
}

VideoExportJob::~VideoExportJob() {
    ImGuiContext* current = ImGui::GetCurrentContext();
    ImGui::SetCurrentContext(m_imgui);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(m_imgui);
    ImGui::SetCurrentContext(current == m_imgui ? m_windowImgui : current);
    glDeleteFramebuffers(1, &m_fbo);
    glDeleteRenderbuffers(2, m_rbo);
    m_timeline.scrubTo(m_savedPosition); // back where the user was
    if (m_wasPlaying) m_timeline.togglePlaying();
}

double VideoExportJob::frameStart() {
    const int n = m_export.frames(), i = m_export.captured();
    m_timeline.scrubTo(m_settings.frames > 0 ? m_timeline.gridIndex(m_timeline.frameTime(i, n)) : i);
    return m_timeline.shownFrom();
}

void VideoExportJob::capture(const std::function<void(int, int)>& drawViews) {
    GLint previous = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
    m_windowImgui = ImGui::GetCurrentContext();
    ImGui::SetCurrentContext(m_imgui);
    try {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(m_settings.width), float(m_settings.height));
        io.DeltaTime = 1.0f / 60.0f;
        ImGui_ImplOpenGL3_NewFrame();
        ImGui::NewFrame();
        glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
        drawViews(m_settings.width, m_settings.height);
        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData()); // the labels and legends, on the views
        m_export.capture(m_fbo, m_settings.width, m_settings.height, m_timeline.frameLength());
    } catch (...) {
        ImGui::SetCurrentContext(m_windowImgui);
        glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous));
        throw;
    }
    ImGui::SetCurrentContext(m_windowImgui);
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous));
}

} // namespace cdlab
