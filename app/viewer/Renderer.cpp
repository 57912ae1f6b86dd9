#include "Renderer.h"

#include "Shaders.h"
#include "gpu/GlSupport.h"

#include <glad/gl.h>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>

namespace cdlab {

Renderer::Renderer() {
    m_meshProgram = gl::linkProgram({gl::compileShader(GL_VERTEX_SHADER, kShader_mesh_vert, "mesh.vert"),
                                     gl::compileShader(GL_FRAGMENT_SHADER, kShader_mesh_frag, "mesh.frag")},
                                    "mesh");
    m_overlayProgram =
        gl::linkProgram({gl::compileShader(GL_VERTEX_SHADER, kShader_overlay_vert, "overlay.vert"),
                         gl::compileShader(GL_FRAGMENT_SHADER, kShader_overlay_frag, "overlay.frag")},
                        "overlay");
    glCreateVertexArrays(1, &m_overlayVao);
    glCreateBuffers(1, &m_overlayVbo);
    glVertexArrayVertexBuffer(m_overlayVao, 0, m_overlayVbo, 0, sizeof(OverlayVertex));
    glEnableVertexArrayAttrib(m_overlayVao, 0);
    glEnableVertexArrayAttrib(m_overlayVao, 1);
    glVertexArrayAttribFormat(m_overlayVao, 0, 3, GL_FLOAT, GL_FALSE, 0);
    glVertexArrayAttribFormat(m_overlayVao, 1, 4, GL_FLOAT, GL_FALSE, 3 * sizeof(float));
    glVertexArrayAttribBinding(m_overlayVao, 0, 0);
    glVertexArrayAttribBinding(m_overlayVao, 1, 0);
    float range[2] = {1, 1};
    glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
    m_maxLineWidth = std::max(1.0f, range[1]);
}

Renderer::~Renderer() {
    clearMeshes();
    glDeleteBuffers(1, &m_overlayVbo);
    glDeleteVertexArrays(1, &m_overlayVao);
    glDeleteProgram(m_meshProgram);
    glDeleteProgram(m_overlayProgram);
}

void Renderer::release(GpuMesh& g) {
    glDeleteVertexArrays(1, &g.vao);
    glDeleteBuffers(1, &g.vbo);
    glDeleteBuffers(1, &g.ebo);
}

void Renderer::clearMeshes() {
    for (auto& [mesh, g] : m_meshes) release(g);
    m_meshes.clear();
}

namespace {
std::vector<float> positions(const TriangleMesh& mesh) {
    std::vector<float> pos;
    pos.reserve(mesh.vertices.size() * 3);
    for (const Vec3& v : mesh.vertices) pos.insert(pos.end(), {float(v.x), float(v.y), float(v.z)});
    return pos;
}
} // namespace

void Renderer::updateVertices(const TriangleMesh& mesh) {
    auto it = m_meshes.find(&mesh);
    if (it != m_meshes.end() &&
        (!it->second.dynamic || it->second.indexCount != int(mesh.triangles.size() * 3))) {
        release(it->second); // uploaded as a static mesh, or another mesh at this address: start over
        m_meshes.erase(it);
        it = m_meshes.end();
    }
    if (it == m_meshes.end()) {
        upload(mesh, true);
        return;
    }
    std::vector<float> pos = positions(mesh);
    glNamedBufferSubData(it->second.vbo, 0, GLsizeiptr(pos.size() * sizeof(float)), pos.data());
}

const Renderer::GpuMesh& Renderer::upload(const TriangleMesh& mesh, bool dynamic) {
    auto it = m_meshes.find(&mesh);
    if (it != m_meshes.end()) return it->second;
    GpuMesh g;
    g.dynamic = dynamic;
    std::vector<float> pos = positions(mesh);
    glCreateVertexArrays(1, &g.vao);
    glCreateBuffers(1, &g.vbo);
    glCreateBuffers(1, &g.ebo);
    glNamedBufferStorage(g.vbo, GLsizeiptr(pos.size() * sizeof(float)), pos.data(),
                         dynamic ? GL_DYNAMIC_STORAGE_BIT : 0);
    glNamedBufferStorage(g.ebo, GLsizeiptr(mesh.triangles.size() * sizeof(Triangle)), mesh.triangles.data(),
                         0);
    glVertexArrayVertexBuffer(g.vao, 0, g.vbo, 0, 3 * sizeof(float));
    glVertexArrayElementBuffer(g.vao, g.ebo);
    glEnableVertexArrayAttrib(g.vao, 0);
    glVertexArrayAttribFormat(g.vao, 0, 3, GL_FLOAT, GL_FALSE, 0);
    glVertexArrayAttribBinding(g.vao, 0, 0);
    g.indexCount = int(mesh.triangles.size() * 3);
    return m_meshes[&mesh] = g;
}

void Renderer::setCamera(const glm::mat4& viewProj, const glm::vec3& eye) {
    m_viewProj = viewProj;
    m_eye = eye;
}

void Renderer::drawMesh(const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& color,
                        RenderMode mode, bool seeThrough) {
    const GpuMesh& g = upload(mesh);
    if (seeThrough) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
    }
    glUseProgram(m_meshProgram);
    glUniformMatrix4fv(glGetUniformLocation(m_meshProgram, "uModel"), 1, GL_FALSE, glm::value_ptr(model));
    glUniformMatrix4fv(glGetUniformLocation(m_meshProgram, "uViewProj"), 1, GL_FALSE,
                       glm::value_ptr(m_viewProj));
    glUniform3fv(glGetUniformLocation(m_meshProgram, "uEye"), 1, glm::value_ptr(m_eye));
    glBindVertexArray(g.vao);
    GLint colorLoc = glGetUniformLocation(m_meshProgram, "uColor"),
          flatLoc = glGetUniformLocation(m_meshProgram, "uFlat");
    if (mode != RenderMode::Wireframe) {
        // Push filled faces back a little so wireframe and overlays drawn on them win the depth test.
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(1.0f, 1.0f);
        glUniform4fv(colorLoc, 1, glm::value_ptr(color));
        glUniform1i(flatLoc, 0);
        glDrawElements(GL_TRIANGLES, g.indexCount, GL_UNSIGNED_INT, nullptr);
        glDisable(GL_POLYGON_OFFSET_FILL);
    }
    if (mode != RenderMode::Shaded) {
        glm::vec4 wire = mode == RenderMode::Wireframe ? color : glm::vec4(glm::vec3(color) * 0.55f, color.a);
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        glUniform4fv(colorLoc, 1, glm::value_ptr(wire));
        glUniform1i(flatLoc, 1);
        glDrawElements(GL_TRIANGLES, g.indexCount, GL_UNSIGNED_INT, nullptr);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    if (seeThrough) {
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }
}

void Renderer::drawOverlayArray(const std::vector<OverlayVertex>& v, unsigned mode) {
    if (v.empty()) return;
    glNamedBufferData(m_overlayVbo, GLsizeiptr(v.size() * sizeof(OverlayVertex)), v.data(), GL_STREAM_DRAW);
    glDrawArrays(mode, 0, GLsizei(v.size()));
}

void Renderer::drawOverlay(const DrawList& list) {
    if (list.onTop) glDisable(GL_DEPTH_TEST);
    // Whole meshes first (ghosts: the scene's meshes, already on the GPU), blended when translucent.
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    for (const auto& g : list.meshes)
        drawMesh(*g.mesh, toGlm(g.pose), {g.color.r, g.color.g, g.color.b, g.color.a}, RenderMode::Wireframe);
    glDisable(GL_BLEND);
    glUseProgram(m_overlayProgram);
    glUniformMatrix4fv(glGetUniformLocation(m_overlayProgram, "uViewProj"), 1, GL_FALSE,
                       glm::value_ptr(m_viewProj));
    glUniform1f(glGetUniformLocation(m_overlayProgram, "uPointSize"), 7.0f * m_lineScale);
    glUniform3f(glGetUniformLocation(m_overlayProgram, "uEye"), m_eye.x, m_eye.y, m_eye.z);
    GLint lit = glGetUniformLocation(m_overlayProgram, "uLit");
    glBindVertexArray(m_overlayVao);
    glEnable(GL_PROGRAM_POINT_SIZE);
    // Hit triangles sit exactly on the body surfaces: pull them forward to win against the (offset) fill.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-1.0f, -1.0f);
    glUniform1i(lit, 1); // filled faces (Fig. 1 forward faces, hits, a picked node) read as surfaces
    drawOverlayArray(list.triangles, GL_TRIANGLES);
    glPolygonOffset(-2.0f, -2.0f); // and the picked node's over those
    drawOverlayArray(list.highlighted, GL_TRIANGLES);
    glUniform1i(lit, 0);
    glDisable(GL_POLYGON_OFFSET_FILL);
    // Lines may be translucent (the ghost of a body at its time of contact).
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    // Wider with the UI scale (a projector), within the driver's range.
    glLineWidth(std::clamp(m_lineScale, 1.0f, m_maxLineWidth));
    drawOverlayArray(list.lines, GL_LINES);
    glLineWidth(1.0f);
    // Translucent fills (colliding triangles) last, pulled forward like the others but writing no depth, so
    // their outlines, drawn at the surface, stay visible through them.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-1.0f, -1.0f);
    glDepthMask(GL_FALSE);
    glUniform1i(lit, 1);
    drawOverlayArray(list.translucent, GL_TRIANGLES);
    glUniform1i(lit, 0);
    glDepthMask(GL_TRUE);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST); // contact points always visible
    drawOverlayArray(list.points, GL_POINTS);
    glEnable(GL_DEPTH_TEST);
}

} // namespace cdlab
