#include "gpu/GpuDevice.h"

#include "gpu/GlSupport.h"

#include <glad/egl.h>
#include <glad/gl.h>

#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace cdlab {

struct GpuDevice::Impl {
    std::thread thread;
    std::mutex mutex;
    std::condition_variable wake, done;
    std::deque<std::function<void()>> jobs;
    gl::DebugCounter debug;
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
};

namespace {

EGLContext createContext(EGLDisplay display) {
    eglBindAPI(EGL_OPENGL_API);
    return eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl::eglContextAttributes());
}

/// Makes an OpenGL 4.5 core context current on this thread: an EGL device first (a GPU's driver lists its
/// devices; Mesa lists a software one too), Mesa's surfaceless platform otherwise. Throws with the reason.
void createCurrentContext(GpuDevice::Impl& d, std::string& platform) {
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) throw std::runtime_error("cannot load libEGL");
    const char* which = std::getenv("CDLAB_EGL");
    const bool devices = !(which && std::string(which) == "surfaceless");
    if (devices && eglQueryDevicesEXT && eglGetPlatformDisplayEXT) {
        EGLDeviceEXT list[16];
        EGLint count = 0;
        if (eglQueryDevicesEXT(16, list, &count))
            for (EGLint k = 0; k < count && d.context == EGL_NO_CONTEXT; ++k) {
                EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, list[k], nullptr);
                if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) continue;
                gladLoaderLoadEGL(display); // EGL 1.5 entry points need an initialised display
                EGLContext context = createContext(display);
                if (context != EGL_NO_CONTEXT &&
                    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
                    d.display = display, d.context = context;
                    platform = "EGL device " + std::to_string(k);
                } else {
                    eglTerminate(display);
                }
            }
    }
    if (d.context == EGL_NO_CONTEXT) {
        EGLDisplay display =
            eglGetPlatformDisplayEXT
                ? eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr)
                : EGL_NO_DISPLAY;
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr))
            throw std::runtime_error("no EGL device and no Mesa surfaceless EGL display");
        gladLoaderLoadEGL(display);
        EGLContext context = createContext(display);
        if (context == EGL_NO_CONTEXT)
            throw std::runtime_error("cannot create an OpenGL 4.5 core EGL context");
        if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
            throw std::runtime_error("eglMakeCurrent failed");
        d.display = display, d.context = context;
        platform = "EGL surfaceless (Mesa)";
    }
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
        throw std::runtime_error("cannot load the OpenGL 4.5 entry points");
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    if (major * 10 + minor < gl::kMajorVersion * 10 + gl::kMinorVersion)
        throw std::runtime_error("OpenGL " + std::to_string(major) + "." + std::to_string(minor) +
                                 " (4.5 needed)");
    d.debug.install(false);
}

} // namespace

GpuDevice* GpuDevice::get(std::string* why) {
    // Created once and never destroyed: its thread and context live until the process ends (tearing an EGL
    // context down from a static destructor races the driver's own).
    static std::string reason;
    static GpuDevice* device = []() -> GpuDevice* {
        const char* env = std::getenv("CDLAB_GPU");
        if (env && std::string(env) == "off") {
            reason = "the GPU path is off (CDLAB_GPU=off)";
            return nullptr;
        }
        auto* dev = new GpuDevice;
        dev->m_impl = std::make_unique<Impl>();
        Impl& d = *dev->m_impl;
        std::string error;
        std::mutex m;
        std::condition_variable cv;
        bool started = false;
        d.thread = std::thread([dev, &d, &error, &m, &cv, &started] {
            try {
                createCurrentContext(d, dev->m_platform);
                dev->m_renderer = std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))) +
                                  ", " + reinterpret_cast<const char*>(glGetString(GL_VERSION));
            } catch (const std::exception& e) {
                error = e.what();
            }
            const bool failed = !error.empty(); // the caller's locals are gone once it is notified
            {
                std::lock_guard lock(m);
                started = true;
                cv.notify_one();
            }
            if (failed) return;
            for (;;) {
                std::function<void()> job;
                {
                    std::unique_lock lock(d.mutex);
                    d.wake.wait(lock, [&] { return !d.jobs.empty(); });
                    job = std::move(d.jobs.front());
                    d.jobs.pop_front();
                }
                job();
            }
        });
        {
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return started; });
        }
        if (!error.empty()) {
            d.thread.join();
            reason = "no OpenGL 4.5 for the GPU LDI query: " + error;
            delete dev;
            return nullptr;
        }
        d.thread.detach();
        return dev;
    }();
    if (!device && why) *why = reason;
    return device;
}

GpuDevice::~GpuDevice() = default;

void GpuDevice::run(const std::function<void()>& job) {
    std::exception_ptr failure;
    bool finished = false;
    std::mutex m;
    std::condition_variable cv;
    {
        std::lock_guard lock(m_impl->mutex);
        m_impl->jobs.push_back([&] {
            try {
                job();
            } catch (...) {
                failure = std::current_exception();
            }
            std::lock_guard l(m);
            finished = true;
            cv.notify_one();
        });
    }
    m_impl->wake.notify_one();
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return finished; });
    if (failure) std::rethrow_exception(failure);
}

std::uint64_t GpuDevice::glErrors() const {
    return m_impl->debug.errors();
}

bool GpuDevice::debugOutputOn() const {
    return m_impl->debug.on();
}

std::string GpuDevice::lastGlError() const {
    return m_impl->debug.lastError();
}

} // namespace cdlab
