#include "gpu/GpuLdi.h"

#include "core/Assert.h"
#include "core/Stopwatch.h"
#include "gpu/GlSupport.h"
#include "gpu/GpuDevice.h"
#include "gpu/LdiShaders.h"
#include "ldi/LdiGeometry.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace cdlab {

namespace {

/// The two programs, compiled once per process on the GL thread (only that thread calls this).
struct Programs {
    GLuint build = 0, resolve = 0, reduce = 0;
};
const Programs& programs() {
    static const Programs p = [] {
        Programs q;
        q.build =
            gl::linkProgram({gl::compileShader(GL_VERTEX_SHADER, kShader_ldi_build_vert, "ldi_build.vert"),
                             gl::compileShader(GL_FRAGMENT_SHADER, kShader_ldi_build_frag, "ldi_build.frag")},
                            "ldi build");
        q.resolve = gl::linkProgram(
            {gl::compileShader(GL_COMPUTE_SHADER, kShader_ldi_resolve_comp, "ldi_resolve.comp")},
            "ldi resolve");
        q.reduce = gl::linkProgram(
            {gl::compileShader(GL_COMPUTE_SHADER, kShader_ldi_reduce_comp, "ldi_reduce.comp")}, "ldi reduce");
        return q;
    }();
    return p;
}

struct Partial {
    float sumLength, maxLength;
    std::uint32_t overlap, invalid, truncated;
    std::int32_t gradient;
    std::uint32_t layers, pad;
};
struct RowNode {
    float z;
    std::uint32_t meta;
};

} // namespace

struct GpuLdi::Resources {
    int width = 0, height = 0;
    GLuint head = 0, wind = 0, images[5] = {0, 0, 0, 0, 0}; // length, first, last, flags, gradient
    GLuint nodes = 0, counts = 0, partials = 0, rowNodes = 0, rowHeads = 0;
    GLsizeiptr nodeCapacity = 0;
    GLuint fbo = 0, vao = 0, vertices[2] = {0, 0}, indices[2] = {0, 0};
    GLuint queries[3] = {0, 0, 0};

    void create() {
        glCreateFramebuffers(1, &fbo);
        glCreateVertexArrays(1, &vao);
        glCreateBuffers(2, vertices);
        glCreateBuffers(2, indices);
        glCreateBuffers(1, &nodes);
        glCreateBuffers(1, &counts);
        glCreateBuffers(1, &partials);
        glCreateBuffers(1, &rowNodes);
        glCreateBuffers(1, &rowHeads);
        glCreateQueries(GL_TIMESTAMP, 3, queries);
        glNamedBufferStorage(counts, 2 * sizeof(GLuint), nullptr, GL_DYNAMIC_STORAGE_BIT);
        glEnableVertexArrayAttrib(vao, 0);
        glVertexArrayAttribFormat(vao, 0, 3, GL_FLOAT, GL_FALSE, 0);
        glVertexArrayAttribBinding(vao, 0, 0);
    }
    void resize(int w, int h) {
        if (w == width && h == height) return;
        if (head) glDeleteTextures(1, &head), glDeleteTextures(1, &wind), glDeleteTextures(5, images);
        width = w, height = h;
        glCreateTextures(GL_TEXTURE_2D, 1, &head);
        glTextureStorage2D(head, 1, GL_R32UI, w, h);
        glCreateTextures(GL_TEXTURE_2D_ARRAY, 1, &wind);
        glTextureStorage3D(wind, 1, GL_R32I, w, h, 4); // A, B in front of Q; A, B behind it
        glCreateTextures(GL_TEXTURE_2D, 5, images);
        for (int k = 0; k < 3; ++k) glTextureStorage2D(images[k], 1, GL_R32F, w, h);
        glTextureStorage2D(images[3], 1, GL_R32UI, w, h);
        glTextureStorage2D(images[4], 1, GL_R32I, w, h);
        glNamedFramebufferParameteri(fbo, GL_FRAMEBUFFER_DEFAULT_WIDTH, w);
        glNamedFramebufferParameteri(fbo, GL_FRAMEBUFFER_DEFAULT_HEIGHT, h);
        glNamedBufferData(partials, GLsizeiptr(h) * GLsizeiptr(sizeof(Partial)), nullptr, GL_DYNAMIC_READ);
        glNamedBufferData(rowNodes, GLsizeiptr(w) * kLdiMaxLayers * GLsizeiptr(sizeof(RowNode)), nullptr,
                          GL_DYNAMIC_READ);
        glNamedBufferData(rowHeads, GLsizeiptr(w) * 4 * GLsizeiptr(sizeof(GLint)), nullptr, GL_DYNAMIC_READ);
    }
    void reserveNodes(GLsizeiptr capacity) {
        if (capacity <= nodeCapacity) return;
        nodeCapacity = capacity;
        glNamedBufferData(nodes, capacity * 12, nullptr, GL_DYNAMIC_COPY); // std430 Node: 3 x 4 bytes
    }
    void destroy() {
        if (head) glDeleteTextures(1, &head), glDeleteTextures(1, &wind), glDeleteTextures(5, images);
        GLuint buffers[] = {nodes,       counts,      partials,   rowNodes,  rowHeads,
                            vertices[0], vertices[1], indices[0], indices[1]};
        glDeleteBuffers(GLsizei(std::size(buffers)), buffers);
        glDeleteVertexArrays(1, &vao);
        glDeleteFramebuffers(1, &fbo);
        glDeleteQueries(3, queries);
    }
};

GpuLdi::GpuLdi() : m_gl(std::make_unique<Resources>()) {
    std::string why;
    m_device = GpuDevice::get(&why);
    if (!m_device) throw std::runtime_error(why);
    m_device->run([&] {
        programs();
        m_gl->create();
    });
}

GpuLdi::~GpuLdi() {
    try {
        m_device->run([&] { m_gl->destroy(); });
    } catch (...) {
        // a destructor does not throw; the names die with the context at exit
    }
}

LdiResult GpuLdi::run(const LdiBody& a, const LdiBody& b, const LdiFrame& f, const LdiOptions& o) {
    Stopwatch total;
    LdiResult r;
    r.frame = f;
    r.ok = true;
    if (f.empty()) return r.cpuMs = total.ms(), r;
    const LdiGeometry geometry[2] = {LdiGeometry::of(a, f), LdiGeometry::of(b, f)};
    r.trianglesA = std::uint32_t(geometry[0].triangles.size());
    r.trianglesB = std::uint32_t(geometry[1].triangles.size());
    const std::uint32_t n = std::uint32_t(f.width) * std::uint32_t(f.height);
    r.pixels = n;
    const int maxLayers = std::clamp(o.maxLayers, 1, kLdiMaxLayers);
    const int row = o.row >= 0 && o.row < f.height ? o.row : -1;
    GLint maxSize = 0;

    m_device->run([&] {
        Resources& gl = *m_gl;
        glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
        if (f.width > maxSize || f.height > maxSize) return;
        gl.resize(f.width, f.height);
        for (int k = 0; k < 2; ++k) {
            glNamedBufferData(gl.vertices[k], GLsizeiptr(geometry[k].positions.size() * sizeof(float)),
                              geometry[k].positions.data(), GL_STREAM_DRAW);
            glNamedBufferData(gl.indices[k],
                              GLsizeiptr(geometry[k].triangles.size() * 3 * sizeof(std::uint32_t)),
                              geometry[k].triangles.data(), GL_STREAM_DRAW);
        }
        GLuint capacity = GLuint(std::clamp(o.capacity, 0.0, 1e9) * n);
        capacity = std::max<GLuint>(capacity, 1024);
        for (int attempt = 1;; ++attempt) {
            gl.reserveNodes(GLsizeiptr(capacity));
            const GLuint end = 0xFFFFFFFFu, counts[2] = {0u, capacity};
            const GLint zero = 0;
            glClearTexImage(gl.head, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &end);
            glClearTexImage(gl.wind, 0, GL_RED_INTEGER, GL_INT, &zero);
            glNamedBufferSubData(gl.counts, 0, sizeof counts, counts);

            glQueryCounter(gl.queries[0], GL_TIMESTAMP);
            glBindFramebuffer(GL_FRAMEBUFFER, gl.fbo);
            glViewport(0, 0, f.width, f.height);
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            glDisable(GL_MULTISAMPLE);
            glDisable(GL_BLEND);
            glFrontFace(GL_CW); // front = clockwise on screen = the ray enters (LdiGeometry keeps u × v = w)
            glBindImageTexture(0, gl.head, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
            glBindImageTexture(1, gl.wind, 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32I);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, gl.nodes);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, gl.counts);
            glUseProgram(programs().build);
            glUniform2f(0, float(f.width), float(f.height));
            glUniform1f(2, geometry[0].depth);
            glBindVertexArray(gl.vao);
            for (int k = 0; k < 2; ++k) {
                if (geometry[k].triangles.empty()) continue;
                glUniform1ui(1, GLuint(k));
                glVertexArrayVertexBuffer(gl.vao, 0, gl.vertices[k], 0, 3 * sizeof(float));
                glVertexArrayElementBuffer(gl.vao, gl.indices[k]);
                glDrawElements(GL_TRIANGLES, GLsizei(geometry[k].triangles.size() * 3), GL_UNSIGNED_INT,
                               nullptr);
            }
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
            glQueryCounter(gl.queries[1], GL_TIMESTAMP);

            glUseProgram(programs().resolve);
            const GLenum formats[5] = {GL_R32F, GL_R32F, GL_R32F, GL_R32UI, GL_R32I};
            for (int k = 0; k < 5; ++k)
                glBindImageTexture(GLuint(2 + k), gl.images[k], 0, GL_FALSE, 0, GL_READ_WRITE, formats[k]);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, gl.partials);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, gl.rowNodes);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, gl.rowHeads);
            glUniform1f(0, geometry[0].depth);
            glUniform1i(1, maxLayers);
            glUniform1i(3, row);
            glDispatchCompute(GLuint((f.width + 7) / 8), GLuint((f.height + 7) / 8), 1);
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
            glUseProgram(programs().reduce);
            glDispatchCompute(GLuint((f.height + 63) / 64), 1, 1);
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
            glQueryCounter(gl.queries[2], GL_TIMESTAMP);

            Stopwatch readback;
            GLuint stored[2] = {0, 0};
            glGetNamedBufferSubData(gl.counts, 0, sizeof stored, stored);
            r.fragments = stored[0];
            r.capacity = capacity;
            r.overflowed = stored[0] > capacity;
            r.attempts = attempt;
            if (r.overflowed && o.growOnOverflow && attempt == 1) {
                // Grow to what was counted (and a margin for the next frames) and run once more (§7.5).
                capacity = GLuint(std::min<double>(double(stored[0]) * 1.25 + 1024, 4e9));
                continue;
            }
            std::vector<Partial> partial(std::size_t(f.height)); // one per pixel row (ldi_reduce.comp)
            glGetNamedBufferSubData(gl.partials, 0, GLsizeiptr(partial.size() * sizeof(Partial)),
                                    partial.data());
            double sum = 0;
            std::int64_t gradient = 0;
            for (const Partial& p : partial) {
                // One partial per pixel row (ldi_reduce.comp): its counts are of that row's pixels.
                CDLAB_ASSERT(std::uint64_t(p.overlap) + p.invalid + p.truncated <= std::uint64_t(f.width) &&
                                 p.layers <= stored[0],
                             "a row's counts are of its own pixels and stored fragments");
                sum += p.sumLength;
                r.maxDepth = std::max(r.maxDepth, double(p.maxLength));
                r.overlapPixels += p.overlap, r.invalidPixels += p.invalid, r.truncatedPixels += p.truncated;
                gradient += p.gradient;
                r.layersUsed = std::max(r.layersUsed, int(p.layers));
            }
            r.volume = sum * f.pixelArea();
            r.footprint = double(r.overlapPixels) * f.pixelArea();
            r.volumeGradient = double(gradient) * f.pixelArea();
            if (o.keepImages) {
                r.length.resize(n), r.first.resize(n), r.last.resize(n);
                const GLsizei bytes = GLsizei(n * sizeof(float));
                glGetTextureImage(gl.images[0], 0, GL_RED, GL_FLOAT, bytes, r.length.data());
                glGetTextureImage(gl.images[1], 0, GL_RED, GL_FLOAT, bytes, r.first.data());
                glGetTextureImage(gl.images[2], 0, GL_RED, GL_FLOAT, bytes, r.last.data());
                std::vector<std::uint32_t> flags(n);
                glGetTextureImage(gl.images[3], 0, GL_RED_INTEGER, GL_UNSIGNED_INT, bytes, flags.data());
                r.flags.resize(n);
                for (std::uint32_t p = 0; p < n; ++p) {
                    r.flags[p] =
                        std::uint8_t(flags[p] & 7u); // bit 3 (invalid) is LdiValid's absence; 8+: count
                    // Box depths, as the CPU reference gives them.
                    r.first[p] += float(f.z0), r.last[p] += float(f.z0);
                }
            }
            if (row >= 0) {
                std::vector<RowNode> nodes(std::size_t(f.width) * kLdiMaxLayers);
                std::vector<GLint> heads(std::size_t(f.width) * 4);
                glGetNamedBufferSubData(gl.rowNodes, 0, GLsizeiptr(nodes.size() * sizeof(RowNode)),
                                        nodes.data());
                glGetNamedBufferSubData(gl.rowHeads, 0, GLsizeiptr(heads.size() * sizeof(GLint)),
                                        heads.data());
                r.row = row;
                r.rowFragments.resize(std::size_t(f.width));
                r.rowStart.resize(std::size_t(f.width));
                for (int i = 0; i < f.width; ++i) {
                    // The resolve keeps at most its local array's kLdiMaxLayers fragments per pixel.
                    CDLAB_ASSERT(heads[4 * std::size_t(i)] >= 0 && heads[4 * std::size_t(i)] <= kLdiMaxLayers,
                                 "a kept row pixel's fragments fit the row buffer");
                    r.rowStart[std::size_t(i)] = {heads[4 * std::size_t(i) + 1],
                                                  heads[4 * std::size_t(i) + 2]};
                    for (int k = 0; k < heads[4 * std::size_t(i)]; ++k) {
                        const RowNode& nd = nodes[std::size_t(i) * kLdiMaxLayers + std::size_t(k)];
                        r.rowFragments[std::size_t(i)].push_back(
                            {float(f.z0 + nd.z), std::uint8_t(nd.meta >> 31), ((nd.meta >> 30) & 1u) != 0});
                    }
                }
            }
            r.readbackMs = readback.ms();
            GLuint64 t[3] = {0, 0, 0};
            for (int k = 0; k < 3; ++k) glGetQueryObjectui64v(gl.queries[k], GL_QUERY_RESULT, &t[k]);
            r.buildMs = double(t[1] - t[0]) * 1e-6;
            r.resolveMs = double(t[2] - t[1]) * 1e-6;
            break;
        }
    });
    if (f.width > maxSize || f.height > maxSize) {
        r.ok = false;
        r.error = "LDI window " + std::to_string(f.width) + "x" + std::to_string(f.height) +
                  " exceeds GL_MAX_TEXTURE_SIZE " + std::to_string(maxSize);
        return r;
    }
    r.collision = r.overlapPixels > 0;
    if (r.collision && r.volumeGradient != 0) r.direction = r.volumeGradient > 0 ? -f.w : f.w;
    r.cpuMs = total.ms();
    return r;
}

} // namespace cdlab
