// GpuDevice: the process's OpenGL 4.5 worker. The context rule (issue 32): GPU work never runs on the
// caller's thread and never touches the caller's context. The first use creates one thread that owns a
// headless EGL context — an EGL device when the driver lists one (a real GPU), else Mesa's surfaceless
// platform (llvmpipe here and in CI) — and every GL call of the engine runs there through run(), which waits.
// So the bench, the tests and the viewer (whose window context stays on its own thread) all use the GPU the
// same way.
//
// The context is a debug context: every GL error KHR_debug reports is counted (tests require none), as
// gl::DebugCounter (GlSupport.h) counts them for every cdlab context.
// Environment: CDLAB_GPU=off makes the device unavailable (the CPU reference is used), CDLAB_EGL=surfaceless
// skips the device platform.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace cdlab {

class GpuDevice {
public:
    /// The device, created on first call; nullptr when no OpenGL 4.5 context can be made, with the reason in
    /// `why` (the same reason on every later call).
    static GpuDevice* get(std::string* why = nullptr);

    /// Runs `job` on the GL thread with the context current and waits; exceptions are rethrown here.
    void run(const std::function<void()>& job);

    const std::string& renderer() const {
        return m_renderer;
    } ///< "llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core Profile) Mesa 22.3.6"
    const std::string& platform() const { return m_platform; } ///< "EGL device" or "EGL surfaceless (Mesa)"
    std::uint64_t glErrors() const;                            ///< KHR_debug error messages so far
    std::string lastGlError() const;
    bool debugOutputOn() const; ///< KHR_debug proven on: its probe came back (gl::DebugCounter)

    struct Impl;
    ~GpuDevice();

private:
    GpuDevice() = default;
    std::unique_ptr<Impl> m_impl;
    std::string m_renderer, m_platform;
};

} // namespace cdlab
