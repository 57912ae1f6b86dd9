// Renderer: the viewer's OpenGL 4.5 drawing — body meshes (shaded, wireframe or both) and the overlay
// primitives of a DrawList. Meshes are uploaded once and kept until the scene changes; a deforming body's
// mesh (one buffer the viewer rewrites each frame) has its positions re-uploaded by updateVertices().
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
    /// `seeThrough`: blended by color's alpha and writing no depth, so that what was drawn inside the mesh
    /// before shows through it.
    void drawMesh(const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& color, RenderMode mode,
                  bool seeThrough = false);
    void drawOverlay(const DrawList& list);
    /// The UI scale: overlay lines and points this many times wider (within what the driver draws).
    void setLineScale(float scale) { m_lineScale = scale; }
    void clearMeshes();
    /// `mesh`'s vertices moved (same vertex count, same triangles): re-uploads its positions
    /// (glNamedBufferSubData), or uploads it with updatable storage the first time. Normals need nothing: the
    /// fragment shader derives them per face.
    void updateVertices(const TriangleMesh& mesh);

private:
    struct GpuMesh {
        unsigned vao = 0, vbo = 0, ebo = 0;
        int indexCount = 0;
        bool dynamic = false; ///< positions may be rewritten (GL_DYNAMIC_STORAGE_BIT)
    };
    const GpuMesh& upload(const TriangleMesh& mesh, bool dynamic = false);
    void release(GpuMesh& g);
    void drawOverlayArray(const std::vector<OverlayVertex>& v, unsigned mode);

    unsigned m_meshProgram = 0, m_overlayProgram = 0;
    unsigned m_overlayVao = 0, m_overlayVbo = 0;
    glm::mat4 m_viewProj{1};
    glm::vec3 m_eye{0};
    float m_lineScale = 1;
    float m_maxLineWidth = 1; ///< GL_ALIASED_LINE_WIDTH_RANGE's top
    std::map<const TriangleMesh*, GpuMesh> m_meshes;
};

} // namespace cdlab
