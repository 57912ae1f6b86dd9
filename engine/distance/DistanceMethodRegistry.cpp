#include "distance/DistanceMethodRegistry.h"

#include <algorithm>

namespace cdlab {

namespace {

struct TreeModel final : DistanceModel {
    DistanceTree tree;
    explicit TreeModel(const TriangleMesh& mesh) : tree(mesh) {}
    std::size_t memoryBytes() const override { return tree.memoryBytes(); }
};

/// The brute force needs only the mesh.
struct MeshModel final : DistanceModel {
    const TriangleMesh& mesh;
    explicit MeshModel(const TriangleMesh& m) : mesh(m) {}
    std::size_t memoryBytes() const override { return 0; }
};

DistanceMethod rssMethod() {
    DistanceMethod m;
    m.name = "rss";
    m.description = "RSS tree (rectangle swept spheres, Larsen et al. 1999), best-first over node pairs";
    m.role = Role::Method;
    m.prepare = [](const TriangleMesh& mesh) { return std::make_shared<const TreeModel>(mesh); };
    m.query = [](const DistanceModel& a, const Pose& pa, const DistanceModel& b, const Pose& pb,
                 const DistanceOptions& o, DistanceStats* s) {
        return meshDistance(static_cast<const TreeModel&>(a).tree, pa, static_cast<const TreeModel&>(b).tree,
                            pb, o, s);
    };
    return m;
}

DistanceMethod bruteForceMethod() {
    DistanceMethod m;
    m.name = "brute-force";
    m.description = "Reference: every triangle pair in index order (skipping pairs whose boxes are farther)";
    m.role = Role::Reference;
    m.prepare = [](const TriangleMesh& mesh) { return std::make_shared<const MeshModel>(mesh); };
    m.query = [](const DistanceModel& a, const Pose& pa, const DistanceModel& b, const Pose& pb,
                 const DistanceOptions& o, DistanceStats* s) {
        return bruteForceDistance(static_cast<const MeshModel&>(a).mesh, pa,
                                  static_cast<const MeshModel&>(b).mesh, pb, o, s);
    };
    return m;
}

} // namespace

DistanceMethodRegistry::DistanceMethodRegistry() {
    add(rssMethod());
    add(bruteForceMethod());
}

DistanceMethodRegistry& DistanceMethodRegistry::instance() {
    static DistanceMethodRegistry registry;
    return registry;
}

std::vector<DistanceMethod> DistanceMethodRegistry::list() const {
    std::vector<DistanceMethod> out = m_methods.list(); // by name
    std::stable_sort(out.begin(), out.end(),
                     [](const DistanceMethod& x, const DistanceMethod& y) { return x.role < y.role; });
    return out;
}

std::string DistanceMethodRegistry::names() const {
    std::string s;
    for (const auto& m : list()) s += (s.empty() ? "" : ", ") + m.name;
    return s;
}

} // namespace cdlab
