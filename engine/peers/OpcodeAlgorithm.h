// OpcodeAlgorithm ("opcode"): the SBV paper's baseline, an Opcode AABB tree, through ODE 0.16 (Debian's
// libode-dev is built with OPCODE as its trimesh collider). One dGeomTriMesh per scene object, the tree
// built once per mesh in prepare (double-precision vertices; Opcode itself tests in single precision),
// poses set per pair and dCollide() asked for contacts.
//
// Its answer is the triangle pairs (dContactGeom::side1/side2) of the contacts ODE returns. That set is not
// complete: ODE caps the contacts (at most 65,535 a call), merges nearby contacts into one (keeping one pair
// of triangles), and asked for all contacts returns none on shallow crossings (up to about a millimetre deep
// on the test's meshes), which mode=first (one contact) finds. So its hash differs from the exact one, like
// Bullet's; tests/peers/OpcodeTest.cpp measures how (every reported pair does touch or cross).
#pragma once

#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/DiscretePipeline.h"

#include <cstdint>
#include <memory>

namespace cdlab {

class OpcodeAlgorithm : public DiscretePipeline {
public:
    static AlgorithmInfo info();
    /// "ode 0.16.2 (opcode)".
    static std::string version();
    /// Messages ODE sent to its message handler since the process started (all OpcodeAlgorithm
    /// instances): "contact hash table bucket overflow" on deep contacts, counted instead of printed.
    static std::uint64_t overflowMessages();
    /// Any other ODE message (printed once to stderr each, then counted).
    static std::uint64_t otherMessages();

    explicit OpcodeAlgorithm(const ParamSet& params);
    ~OpcodeAlgorithm() override;

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;
    void meshDeformed(std::uint32_t i, const TriangleMesh& mesh) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cdlab
