#include "GlPlatform.h"

#include "gpu/GlSupport.h"

#include <GLFW/glfw3.h>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <glad/gl.h>
#include <link.h>
#include <stdexcept>

namespace cdlab {

namespace {

// The viewer's one context (window or headless): its errors, as every cdlab context counts them.
gl::DebugCounter g_debug;

class WindowPlatform : public GlPlatform {
public:
    WindowPlatform(int width, int height, const std::string& title) {
        glfwSetErrorCallback(
            [](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
        if (!glfwInit())
            throw std::runtime_error("cannot initialise GLFW (no display? try --offscreen or xvfb-run)");
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, gl::kMajorVersion);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, gl::kMinorVersion);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
        m_window = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
        if (!m_window) {
            glfwTerminate();
            throw std::runtime_error("cannot create an OpenGL 4.5 core window");
        }
        glfwMakeContextCurrent(m_window);
        glfwSwapInterval(1);
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)))
            throw std::runtime_error("cannot load OpenGL 4.5 entry points");
        glfwSetWindowUserPointer(m_window, this);
        glfwSetDropCallback(m_window, [](GLFWwindow* w, int count, const char** paths) {
            auto* self = static_cast<WindowPlatform*>(glfwGetWindowUserPointer(w));
            for (int i = 0; i < count; ++i) self->m_drops.emplace_back(paths[i]);
        });
        // Installed before ImGui's backend, which calls it after its own (ImGui_ImplGlfw_InitForOpenGL with
        // install_callbacks chains the callbacks it finds).
        glfwSetKeyCallback(m_window, [](GLFWwindow* w, int key, int, int action, int mods) {
            auto* self = static_cast<WindowPlatform*>(glfwGetWindowUserPointer(w));
            if (action == GLFW_PRESS || action == GLFW_REPEAT)
                self->queueKeyPress({key, mods, action == GLFW_REPEAT});
        });
        installDebugCallback();
        keepDriverLibrariesMapped();
    }
    ~WindowPlatform() override {
        glfwDestroyWindow(m_window);
        glfwTerminate();
    }
    bool beginFrame(int& width, int& height) override {
        glfwPollEvents();
        glfwGetFramebufferSize(m_window, &width, &height);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return !glfwWindowShouldClose(m_window);
    }
    void endFrame() override { glfwSwapBuffers(m_window); }
    void resize(int width, int height) override { glfwSetWindowSize(m_window, width, height); }
    float pixelScale() const override {
        int fw = 0, fh = 0, ww = 0, wh = 0;
        glfwGetFramebufferSize(m_window, &fw, &fh);
        glfwGetWindowSize(m_window, &ww, &wh);
        return ww > 0 && fw > 0 ? float(fw) / float(ww) : 1.0f;
    }
    void tap(int key) override {
        // The callback GLFW would call now (ImGui's, chaining to ours), with a press and a release.
        GLFWkeyfun current = glfwSetKeyCallback(m_window, nullptr);
        glfwSetKeyCallback(m_window, current);
        int scancode = glfwGetKeyScancode(key);
        if (current)
            current(m_window, key, scancode, GLFW_PRESS, 0),
                current(m_window, key, scancode, GLFW_RELEASE, 0);
    }
    GLFWwindow* window() override { return m_window; }

private:
    GLFWwindow* m_window = nullptr;
};

} // namespace

std::unique_ptr<GlPlatform> GlPlatform::createWindow(int width, int height, const std::string& title) {
    return std::make_unique<WindowPlatform>(width, height, title);
}

int GlPlatform::glErrorCount() {
    return int(g_debug.errors());
}
std::string GlPlatform::lastGlError() {
    return g_debug.lastError();
}

void GlPlatform::installDebugCallback() {
    g_debug.install(true);
}

bool GlPlatform::debugOutputOn() {
    return g_debug.on();
}

void GlPlatform::keepDriverLibrariesMapped() {
#if defined(__SANITIZE_ADDRESS__)
    // Mesa unloads its driver (llvmpipe in libgallium / swrast_dri.so, with LLVM) when the display is
    // terminated; memory it keeps until exit then shows in LeakSanitizer's report with "<unknown module>"
    // frames that no suppression can name. Loaded again with RTLD_NODELETE, the libraries stay mapped and
    // their frames keep their names.
    std::vector<std::string> names; // collected first: dlopen inside the iteration could wait on its lock
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) {
            const char* name = info->dlpi_name;
            for (const char* lib : {"dri", "gallium", "LLVM", "glapi", "_mesa", "libGL", "libEGL"})
                if (name && std::strstr(name, lib)) {
                    static_cast<std::vector<std::string>*>(out)->push_back(name);
                    break;
                }
            return 0;
        },
        &names);
    for (const std::string& name : names) dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

} // namespace cdlab
