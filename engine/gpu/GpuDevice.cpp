#include "gpu/GpuDevice.h"

#include "gpu/GlSupport.h"

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
    std::unique_ptr<gl::HeadlessContext> context; ///< never destroyed once made (see get())
};

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
                const char* which = std::getenv("CDLAB_EGL");
                d.context =
                    std::make_unique<gl::HeadlessContext>(which && std::string(which) == "surfaceless"
                                                              ? gl::HeadlessContext::Platform::Surfaceless
                                                              : gl::HeadlessContext::Platform::DeviceFirst);
                dev->m_platform = d.context->platform();
                d.debug.install(false);
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
