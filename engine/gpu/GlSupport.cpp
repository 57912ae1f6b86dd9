#include "gpu/GlSupport.h"

#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdio>
#include <stdexcept>

namespace cdlab::gl {

namespace {
// The probe install() sends through the debug output to see it come back.
constexpr GLuint kProbeId = 0xcdab;

void GLAD_API_PTR onDebugMessage(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei,
                                 const GLchar* message, const void* user) {
    static_cast<DebugCounter*>(const_cast<void*>(user))->message(source, type, id, severity, message);
}
} // namespace

const std::int32_t* eglContextAttributes() {
    static_assert(sizeof(EGLint) == sizeof(std::int32_t));
    static const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                     kMajorVersion,
                                     EGL_CONTEXT_MINOR_VERSION,
                                     kMinorVersion,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                     EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                     EGL_CONTEXT_OPENGL_DEBUG,
                                     EGL_TRUE,
                                     EGL_NONE};
    return attribs;
}

namespace {
EGLContext createContext(EGLDisplay display) {
    eglBindAPI(EGL_OPENGL_API);
    return eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, eglContextAttributes());
}
} // namespace

HeadlessContext::HeadlessContext(Platform platform) {
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) throw std::runtime_error("cannot load libEGL");
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
    if (platform == Platform::DeviceFirst && eglQueryDevicesEXT && eglGetPlatformDisplayEXT) {
        EGLDeviceEXT list[16];
        EGLint count = 0;
        if (eglQueryDevicesEXT(16, list, &count))
            for (EGLint k = 0; k < count && context == EGL_NO_CONTEXT; ++k) {
                EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, list[k], nullptr);
                if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr)) continue;
                gladLoaderLoadEGL(d); // EGL 1.5 entry points need an initialised display
                EGLContext c = createContext(d);
                if (c != EGL_NO_CONTEXT && eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
                    display = d, context = c;
                    m_platform = "EGL device " + std::to_string(k);
                } else {
                    eglTerminate(d);
                }
            }
    }
    if (context == EGL_NO_CONTEXT) {
        display = eglGetPlatformDisplayEXT
                      ? eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr)
                      : EGL_NO_DISPLAY;
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr))
            throw std::runtime_error(platform == Platform::DeviceFirst
                                         ? "no EGL device and no Mesa surfaceless EGL display"
                                         : "cannot initialise the EGL surfaceless display (Mesa)");
        gladLoaderLoadEGL(display); // again: EGL 1.5 entry points need an initialised display
        context = createContext(display);
        const char* failed = context == EGL_NO_CONTEXT ? "cannot create an OpenGL 4.5 core EGL context"
                             : !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)
                                 ? "eglMakeCurrent failed"
                                 : nullptr;
        if (failed) {
            if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
            eglTerminate(display);
            throw std::runtime_error(failed);
        }
        m_platform = "EGL surfaceless (Mesa)";
    }
    m_display = display, m_context = context;
    try {
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
            throw std::runtime_error("cannot load the OpenGL 4.5 entry points");
        GLint major = 0, minor = 0;
        glGetIntegerv(GL_MAJOR_VERSION, &major);
        glGetIntegerv(GL_MINOR_VERSION, &minor);
        if (major * 10 + minor < kMajorVersion * 10 + kMinorVersion)
            throw std::runtime_error("OpenGL " + std::to_string(major) + "." + std::to_string(minor) +
                                     " (4.5 needed)");
    } catch (...) {
        release();
        throw;
    }
}

HeadlessContext::~HeadlessContext() {
    release();
}

void HeadlessContext::release() {
    eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(m_display, m_context);
    eglTerminate(m_display);
}

unsigned compileShader(unsigned stage, const char* source, const char* name) {
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(s, sizeof log, nullptr, log);
        glDeleteShader(s);
        throw std::runtime_error(std::string("shader ") + name + ": " + log);
    }
    return s;
}

unsigned linkProgram(std::initializer_list<unsigned> shaders, const char* name) {
    GLuint p = glCreateProgram();
    for (GLuint s : shaders) glAttachShader(p, s);
    glLinkProgram(p);
    for (GLuint s : shaders) glDeleteShader(s);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(p, sizeof log, nullptr, log);
        glDeleteProgram(p);
        throw std::runtime_error(std::string("program ") + name + ": " + log);
    }
    return p;
}

bool DebugCounter::install(bool echo) {
    m_echo = echo;
    if (!GLAD_GL_KHR_debug && !GLAD_GL_VERSION_4_3) return false;
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(onDebugMessage, this);
    // A count of 0 means something only when errors would have been counted: send one message through the
    // debug output (synchronous, so it arrives before the call returns) and see it come back.
    const int before = m_probes;
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, kProbeId, GL_DEBUG_SEVERITY_HIGH,
                         -1, "cdlab: debug output probe");
    m_on = m_probes > before;
    return true;
}

void DebugCounter::message(unsigned source, unsigned type, unsigned id, unsigned severity, const char* text) {
    if (source == GL_DEBUG_SOURCE_APPLICATION) { // ours: the probe, or markers; never an error
        if (id == kProbeId) ++m_probes;
        return;
    }
    if (type != GL_DEBUG_TYPE_ERROR && severity != GL_DEBUG_SEVERITY_HIGH) return;
    ++m_errors;
    {
        std::lock_guard lock(m_mutex);
        m_lastError = text;
    }
    if (m_echo) std::fprintf(stderr, "GL error: %s\n", text);
}

std::string DebugCounter::lastError() const {
    std::lock_guard lock(m_mutex);
    return m_lastError;
}

} // namespace cdlab::gl
