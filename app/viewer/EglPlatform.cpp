// Headless OpenGL 4.5 core through EGL on Mesa (surfaceless platform, gl::HeadlessContext): no X server,
// rendering into an FBO.
#include "GlPlatform.h"
#include "gpu/GlSupport.h"

#include <glad/gl.h>
#include <stdexcept>
#include <utility>

namespace cdlab {

namespace {

class OffscreenPlatform : public GlPlatform {
public:
    OffscreenPlatform(int width, int height)
        : m_context(gl::HeadlessContext::Platform::Surfaceless), m_width(width), m_height(height) {
        installDebugCallback();
        keepDriverLibrariesMapped();
        glGenFramebuffers(1, &m_fbo);
        glGenRenderbuffers(2, m_rbo);
        allocate();
        glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_rbo[0]);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, m_rbo[1]);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
            throw std::runtime_error("offscreen framebuffer incomplete");
    }
    ~OffscreenPlatform() override {
        glDeleteFramebuffers(1, &m_fbo);
        glDeleteRenderbuffers(2, m_rbo); // then m_context goes, with the display
    }
    bool beginFrame(int& width, int& height) override {
        if (m_resizeTo[0] > 0) { // asked for during the last frame: every frame renders at one size
            m_width = std::exchange(m_resizeTo[0], 0), m_height = m_resizeTo[1];
            allocate(); // the attachments keep their names: the framebuffer stays complete
        }
        width = m_width, height = m_height;
        glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
        return true;
    }
    void endFrame() override { glFinish(); }
    void resize(int width, int height) override { m_resizeTo[0] = width, m_resizeTo[1] = height; }
    unsigned framebuffer() const override { return m_fbo; }

private:
    void allocate() {
        glBindRenderbuffer(GL_RENDERBUFFER, m_rbo[0]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, m_width, m_height);
        glBindRenderbuffer(GL_RENDERBUFFER, m_rbo[1]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, m_width, m_height);
    }
    gl::HeadlessContext m_context; ///< first: made before the framebuffer, destroyed after it
    int m_width, m_height;
    int m_resizeTo[2] = {0, 0};
    GLuint m_fbo = 0, m_rbo[2] = {0, 0};
};

} // namespace

std::unique_ptr<GlPlatform> GlPlatform::createOffscreen(int width, int height) {
    return std::make_unique<OffscreenPlatform>(width, height);
}

} // namespace cdlab
