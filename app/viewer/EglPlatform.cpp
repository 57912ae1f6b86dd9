// Headless OpenGL 4.5 core through EGL on Mesa (surfaceless platform): no X server, rendering into an FBO.
// glad's egl.h is included alone (never together with <EGL/egl.h>).
#include "GlPlatform.h"
#include "gpu/GlSupport.h"

#include <glad/egl.h>
#include <glad/gl.h>
#include <stdexcept>
#include <utility>

namespace cdlab {

namespace {

class OffscreenPlatform : public GlPlatform {
public:
    OffscreenPlatform(int width, int height) : m_width(width), m_height(height) {
        if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) throw std::runtime_error("cannot load libEGL");
        m_display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (m_display == EGL_NO_DISPLAY || !eglInitialize(m_display, nullptr, nullptr))
            throw std::runtime_error("cannot initialise the EGL surfaceless display (Mesa)");
        gladLoaderLoadEGL(m_display); // again: EGL 1.5 entry points need an initialised display
        eglBindAPI(EGL_OPENGL_API);
        m_context =
            eglCreateContext(m_display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl::eglContextAttributes());
        if (m_context == EGL_NO_CONTEXT)
            throw std::runtime_error("cannot create an OpenGL 4.5 core EGL context");
        if (!eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, m_context))
            throw std::runtime_error("eglMakeCurrent failed");
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
            throw std::runtime_error("cannot load OpenGL 4.5 entry points");
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
        glDeleteRenderbuffers(2, m_rbo);
        eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(m_display, m_context);
        eglTerminate(m_display);
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
    int m_width, m_height;
    int m_resizeTo[2] = {0, 0};
    EGLDisplay m_display = EGL_NO_DISPLAY;
    EGLContext m_context = EGL_NO_CONTEXT;
    GLuint m_fbo = 0, m_rbo[2] = {0, 0};
};

} // namespace

std::unique_ptr<GlPlatform> GlPlatform::createOffscreen(int width, int height) {
    return std::make_unique<OffscreenPlatform>(width, height);
}

} // namespace cdlab
