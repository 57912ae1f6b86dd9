#include "distance/DistanceMethodRegistry.h"

#include <algorithm>
#include <tuple>

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
    m.role = DistanceMethodRole::Ours;
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
    m.role = DistanceMethodRole::Reference;
    m.prepare = [](const TriangleMesh& mesh) { return std::make_shared<const MeshModel>(mesh); };
    m.query = [](const DistanceModel& a, const Pose& pa, const DistanceModel& b, const Pose& pb,
                 const DistanceOptions& o, DistanceStats* s) {
        return bruteForceDistance(static_cast<const MeshModel&>(a).mesh, pa,
                                  static_cast<const MeshModel&>(b).mesh, pb, o, s);
    };
    return m;
}

} // namespace

const char* toString(DistanceMethodRole role) {
    switch (role) {
    case DistanceMethodRole::Ours:
        return "ours";
    case DistanceMethodRole::Reference:
        return "reference";
    case DistanceMethodRole::Peer:
        return "peer";
    }
    return "?";
}

DistanceMethodRegistry::DistanceMethodRegistry() {
    add(rssMethod());
    add(bruteForceMethod());
}

DistanceMethodRegistry& DistanceMethodRegistry::instance() {
    static DistanceMethodRegistry registry;
    return registry;
}

void DistanceMethodRegistry::add(DistanceMethod method) {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (auto& m : m_methods)
        if (m->name == method.name) {
            *m = std::move(method);
            return;
        }
    m_methods.push_back(std::make_unique<DistanceMethod>(std::move(method)));
}

const DistanceMethod* DistanceMethodRegistry::find(const std::string& name) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto& m : m_methods)
        if (m->name == name) return m.get();
    return nullptr;
}

std::vector<DistanceMethod> DistanceMethodRegistry::list() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<DistanceMethod> out;
    for (const auto& m : m_methods) out.push_back(*m);
    std::sort(out.begin(), out.end(), [](const DistanceMethod& x, const DistanceMethod& y) {
        return std::tie(x.role, x.name) < std::tie(y.role, y.name);
    });
    return out;
}

std::string DistanceMethodRegistry::names() const {
    std::string s;
    for (const auto& m : list()) s += (s.empty() ? "" : ", ") + m.name;
    return s;
}

} // namespace cdlab
