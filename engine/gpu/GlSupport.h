// GlSupport: the one OpenGL set-up every cdlab context shares — the engine's GPU worker (GpuDevice) and the
// viewer's window and headless contexts. The context they ask for (OpenGL 4.5 core, debug) and the headless
// EGL bootstrap, shader compile and link with errors naming the shader, and one KHR_debug counter with one
// policy for what counts as a GL error. GL-free header (GL names are unsigned, EGL handles void*): callers
// include glad themselves.
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <string>

namespace cdlab::gl {

/// The OpenGL version every context asks for: 4.5 core (compute shaders, direct state access, KHR_debug).
inline constexpr int kMajorVersion = 4, kMinorVersion = 5;

/// eglCreateContext's attributes for that context, EGL_NONE-terminated: 4.5, core profile, debug (so that
/// KHR_debug reports errors). Call eglBindAPI(EGL_OPENGL_API) first.
const std::int32_t* eglContextAttributes();

/// A headless OpenGL 4.5 core debug context through EGL, current on the thread that made it, GL's entry
/// points loaded (glad). No window, no X server: render into framebuffer objects.
class HeadlessContext {
public:
    enum class Platform {
        DeviceFirst, ///< an EGL device when the driver lists one (a real GPU), else Mesa's surfaceless one
        Surfaceless, ///< Mesa's surfaceless platform only (llvmpipe without a GPU)
    };
    /// Throws std::runtime_error with the reason when no such context can be made.
    explicit HeadlessContext(Platform platform);
    ~HeadlessContext(); ///< releases the context from this thread and terminates the display
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;
    /// "EGL device 0" or "EGL surfaceless (Mesa)".
    const std::string& platform() const { return m_platform; }

private:
    void release();
    void* m_display = nullptr; ///< EGLDisplay
    void* m_context = nullptr; ///< EGLContext
    std::string m_platform;
};

/// Compiles one stage (GL_VERTEX_SHADER, ...) of the current context. Throws std::runtime_error
/// "shader NAME: LOG" (the shader deleted) when it does not compile. `name` is the file it came from.
unsigned compileShader(unsigned stage, const char* source, const char* name);
/// Links the compiled stages into a program and deletes them. Throws std::runtime_error "program NAME: LOG"
/// when it does not link.
unsigned linkProgram(std::initializer_list<unsigned> shaders, const char* name);

/// Counts the GL errors KHR_debug reports for a context. One policy for every context: a message is an
/// error when its type is GL_DEBUG_TYPE_ERROR or its severity is high, unless the application sent it
/// itself (the probe below). Thread-safe to read; install() runs on the context's thread, and the counter
/// must outlive the context.
class DebugCounter {
public:
    /// With the context current: turns on synchronous debug output into this counter and sends a probe
    /// message through it. False when the context has no KHR_debug (errors cannot be counted then).
    /// `echo`: also print each error on stderr ("GL error: ...").
    bool install(bool echo);
    /// Whether install() saw its probe come back: a count of 0 means no error, not no reporting.
    bool on() const { return m_on; }
    std::uint64_t errors() const { return m_errors; }
    std::string lastError() const;

    /// The KHR_debug callback's body (GL enums as unsigned).
    void message(unsigned source, unsigned type, unsigned id, unsigned severity, const char* text);

private:
    std::atomic<std::uint64_t> m_errors{0};
    std::atomic<int> m_probes{0};
    bool m_on = false, m_echo = false;
    mutable std::mutex m_mutex;
    std::string m_lastError;
};

} // namespace cdlab::gl
