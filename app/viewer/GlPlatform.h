// GlPlatform: where the viewer's OpenGL 4.5 core context comes from — a GLFW window (interactive or under
// Xvfb) or a headless EGL context on Mesa rendering into an FBO (no X server at all). Both count GL errors
// through KHR_debug so automated runs can fail on any of them.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

struct GLFWwindow;

namespace cdlab {

class GlPlatform {
public:
    virtual ~GlPlatform() = default;
    /// Polls input; returns false when the window was closed.
    virtual bool beginFrame(int& width, int& height) = 0;
    virtual void endFrame() = 0;
    virtual GLFWwindow* window() { return nullptr; }
    /// Framebuffer pixels per window unit (what ImGui and the mouse use): above 1 on a scaled display.
    virtual float pixelScale() const { return 1.0f; }
    /// Asks for a new window (or framebuffer) size; beginFrame reports it once it took effect.
    virtual void resize(int width, int height) = 0;
    /// Framebuffer that holds the finished frame (0 for a window's back buffer).
    virtual unsigned framebuffer() const { return 0; }
    /// Files dropped onto the window since the last call.
    std::vector<std::string> takeDrops() { return std::exchange(m_drops, {}); }

    /// A key going down (GLFW key code and modifier bits; `repeat` when held down).
    struct KeyPress {
        int key = 0, mods = 0;
        bool repeat = false;
    };
    /// Every key press since the last call, in order. The window's key callback queues them as GLFW reports
    /// them, so a tap that goes down and up within one frame is still seen (ImGui 1.86's IsKeyPressed only
    /// sees the key's state once per frame and misses it).
    std::vector<KeyPress> takeKeyPresses() { return std::exchange(m_keys, {}); }
    void queueKeyPress(const KeyPress& k) { m_keys.push_back(k); }
    /// Automation: presses and releases `key` now, through the path a real key event takes (the window's key
    /// callbacks: ImGui's backend, then the queue); without a window straight into the queue.
    virtual void tap(int key) { queueKeyPress({key, 0, false}); }

    static std::unique_ptr<GlPlatform> createWindow(int width, int height, const std::string& title);
    static std::unique_ptr<GlPlatform> createOffscreen(int width, int height);

    /// GL errors reported through KHR_debug since start-up (what counts: gl::DebugCounter, engine/gpu).
    static int glErrorCount();
    static std::string lastGlError();
    /// Enables KHR_debug output into the error counter and checks that a message sent through it arrives.
    static void installDebugCallback();
    /// Whether installDebugCallback saw its test message come back (GL errors are counted).
    static bool debugOutputOn();
    /// Sanitizer builds only (a no-op otherwise): keeps the GL driver's libraries mapped until the process
    /// ends, so that LeakSanitizer's report at exit can name them and tests/lsan-mesa.supp can match them.
    static void keepDriverLibrariesMapped();

protected:
    std::vector<std::string> m_drops;
    std::vector<KeyPress> m_keys;
};

} // namespace cdlab
