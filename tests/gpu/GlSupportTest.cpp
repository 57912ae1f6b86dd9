// engine/gpu/GlSupport: the one GL set-up of the engine's GPU worker and the viewer (issue 41). Shader and
// program errors name the shader; the KHR_debug counter counts a real GL error once and never the
// application's own messages, and proves the debug output on. Run on GpuDevice's context (llvmpipe here).
#ifdef CDLAB_HAVE_GPU
#include "gpu/GlSupport.h"
#include "gpu/GpuDevice.h"

#include <glad/gl.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace cdlab;

namespace {
GpuDevice* deviceOrNull() {
    return GpuDevice::get();
}

// What compiling or linking threw, "" when nothing.
template <class F> std::string errorOf(F&& f) {
    try {
        f();
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

constexpr const char* kVertex = "#version 450 core\nvoid main() { gl_Position = vec4(0, 0, 0, 1); }\n";
} // namespace

TEST(GlSupport, ShaderAndProgramErrorsNameTheShader) {
    GpuDevice* d = deviceOrNull();
    if (!d) GTEST_SKIP() << "no OpenGL 4.5 device";
    std::string compile, link, fine;
    d->run([&] {
        compile =
            errorOf([] { gl::compileShader(GL_FRAGMENT_SHADER, "#version 450 core\nnot glsl", "bad.frag"); });
        // Compiles (a prototype is a declaration) but does not link: f has no body anywhere.
        link = errorOf([] {
            const char* unresolved =
                "#version 450 core\nvoid f();\nvoid main() { f(); gl_Position = vec4(0); }\n";
            gl::linkProgram({gl::compileShader(GL_VERTEX_SHADER, unresolved, "unresolved.vert")},
                            "unresolved");
        });
        fine = errorOf([] {
            const unsigned p =
                gl::linkProgram({gl::compileShader(GL_VERTEX_SHADER, kVertex, "ok.vert")}, "ok");
            glDeleteProgram(p);
        });
    });
    EXPECT_EQ(compile.rfind("shader bad.frag: ", 0), 0u) << compile;
    EXPECT_GT(compile.size(), std::string("shader bad.frag: ").size()) << "the compiler's log follows";
    EXPECT_EQ(link.rfind("program unresolved: ", 0), 0u) << link;
    EXPECT_EQ(fine, "");
}

TEST(GlSupport, DebugCounterCountsAGlErrorOnceAndNotOurOwnMessages) {
    GpuDevice* d = deviceOrNull();
    if (!d) GTEST_SKIP() << "no OpenGL 4.5 device";
    const std::uint64_t before = d->glErrors();
    // The application's own high-severity message (as the probe is) is not an error.
    d->run([] {
        glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1, GL_DEBUG_SEVERITY_HIGH, -1,
                             "cdlab test: a marker, not an error");
    });
    EXPECT_EQ(d->glErrors(), before);
    d->run([] { glBindBuffer(0x1234, 0); }); // GL_INVALID_ENUM
    EXPECT_EQ(d->glErrors(), before + 1);
    EXPECT_NE(d->lastGlError(), "");
    // The probe the counter sent when the device started came back (and was not counted): a count of 0
    // in the other GPU tests means no error.
    EXPECT_TRUE(d->debugOutputOn());
}
#endif
