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
