// DistanceMethodRegistry: the mesh-mesh distance methods by name, so ours, the reference and the peers are
// run and compared the same way (the bench's `distance` command, tests). Built in: "rss" (meshDistance over
// DistanceTrees) and "brute-force" (the reference); engine/peers adds "fcl" when FCL is found
// (registerPeerAlgorithms). Each method prepares what it needs per mesh once, then answers queries on two
// prepared meshes in their poses.
#pragma once

#include "core/Registry.h"
#include "core/Role.h"
#include "distance/MeshDistance.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

/// What a method builds for one mesh (a tree, a peer's model); the method's query casts it back.
class DistanceModel {
public:
    virtual ~DistanceModel() = default;
    virtual std::size_t memoryBytes() const = 0;
};

struct DistanceMethod {
    std::string name;
    std::string description;
    Role role = Role::Method; ///< ours, the reference or a peer (core/Role.h)
    /// The per-mesh model; the mesh must outlive it.
    std::function<std::shared_ptr<const DistanceModel>(const TriangleMesh&)> prepare;
    /// The query on two models of this method (DistanceOptions and MeshDistanceResult as meshDistance's).
    std::function<MeshDistanceResult(const DistanceModel&, const Pose&, const DistanceModel&, const Pose&,
                                     const DistanceOptions&, DistanceStats*)>
        query;
};

class DistanceMethodRegistry {
public:
    /// The registry of the process, holding the built-in methods.
    static DistanceMethodRegistry& instance();

    /// Adds `method`, replacing one of the same name.
    void add(DistanceMethod method) { m_methods.add(std::move(method)); }
    /// The method of that name, or nullptr.
    const DistanceMethod* find(const std::string& name) const { return m_methods.find(name); }
    /// Every method: ours first, then the reference, then the peers (each by name).
    std::vector<DistanceMethod> list() const;
    /// The names, comma separated (for error messages).
    std::string names() const;

private:
    DistanceMethodRegistry();
    Registry<DistanceMethod> m_methods;
};

} // namespace cdlab
