// Renderer: the viewer's OpenGL 4.5 drawing — body meshes (shaded, wireframe or both) and the overlay
// primitives of a DrawList. Meshes are uploaded once and kept until the scene changes.
#pragma once

#include "DrawList.h"
#include "mesh/TriangleMesh.h"

#include <glm/glm.hpp>
#include <map>

namespace cdlab {

enum class RenderMode { Shaded, Wireframe, ShadedWire };

/// A pose as a column-major model matrix.
inline glm::mat4 toGlm(const Pose& p) {
    glm::mat4 m(1);
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) m[c][r] = float(p.R(r, c));
        m[3][r] = float(p.t[r]);
    }
    return m;
}

class Renderer {
public:
    Renderer();
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    void setCamera(const glm::mat4& viewProj, const glm::vec3& eye);
    void drawMesh(const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& color, RenderMode mode);
    void drawOverlay(const DrawList& list);
    void clearMeshes();

private:
    struct GpuMesh {
        unsigned vao = 0, vbo = 0, ebo = 0;
        int indexCount = 0;
    };
    const GpuMesh& upload(const TriangleMesh& mesh);
    void drawOverlayArray(const std::vector<OverlayVertex>& v, unsigned mode);

    unsigned m_meshProgram = 0, m_overlayProgram = 0;
    unsigned m_overlayVao = 0, m_overlayVbo = 0;
    glm::mat4 m_viewProj{1};
    glm::vec3 m_eye{0};
    std::map<const TriangleMesh*, GpuMesh> m_meshes;
};

} // namespace cdlab
