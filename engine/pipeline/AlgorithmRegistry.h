// AlgorithmRegistry: every algorithm by name, with its description and typed parameters. The viewer builds
// its picker and widgets from it, the bench its flags, the tests their loops.
#pragma once

#include "core/Registry.h"
#include "core/Role.h"
#include "debug/DebugSink.h"
#include "pipeline/Algorithm.h"
#include "pipeline/AlgorithmSpec.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

/// What an algorithm answers: the contacts at the end of a frame (discrete), the first contact within the
/// frame (continuous), the region where bodies interpenetrate (penetration), or only the object pairs that
/// may touch within the frame (culling: no contacts, no time of contact).
enum class AlgorithmKind : std::uint8_t { Discrete, Continuous, Penetration, Culling };
const char* toString(AlgorithmKind k);

struct AlgorithmInfo {
    std::string name;
    std::string description; ///< what it does, citing the paper section where there is one
    AlgorithmKind kind = AlgorithmKind::Discrete;
    Role role = Role::Method; ///< whose it is (core/Role.h)
    /// A reference whose answers the bench's --verify compares its kind's algorithms with, hash for hash.
    /// False for a reference whose times carry a tolerance (articulated-reference: sampling and bisection),
    /// which the tests compare within that tolerance instead.
    bool hashReference = true;
    /// False for a method whose times carry a tolerance by design (CATCH: the first time a pair comes within
    /// epsilon): the bench's answer comparison and --verify leave it out (its tests check it against the
    /// exact discrete test instead).
    bool exactAnswers = true;
    /// A continuous method whose culling assumes every frame starts with the bodies apart (BM-culling,
    /// redon2002 sec. 4): on frames that start interpenetrated its contacts may differ from the unculled
    /// pipeline's. The bench's answers and the viewer's view panel say so on such frames.
    bool assumesSeparatedStart = false;
    /// When a parameter changes what it answers (sbv: narrow=exact makes the penetration-region method a
    /// discrete one): the kind for those parameters. Unset: always `kind`.
    std::function<AlgorithmKind(const ParamSet&)> kindFor;
    /// Whether prepare() takes scenes with deforming bodies (a body's "deform" block): the DiscretePipeline
    /// algorithms that test DiscretePipeline::mesh() and refit what they keep per mesh. The others refuse
    /// such scenes (refuseDeformingBodies); tests/scene/DeformTest.cpp checks that the two agree for every
    /// algorithm.
    bool deformingBodies = false;
    /// Whether step() follows an articulated model's joint motion within a frame: the discrete algorithms
    /// (poses at the frame's end), catch and articulated-reference (the joints), fcl-sampled (poses at its
    /// sampled times). False for those that move every object on a straight screw between its poses at the
    /// frame's ends (rigid-ccd, rigid-ccd-bm, rigid-ccd-reference, fcl-ca): they refuse scenes whose joints
    /// swing a link on an arc (refuseArticulatedMotion); tests/articulated/ArticulatedMotionTest.cpp checks
    /// that the two agree for every algorithm.
    bool jointMotion = true;
    /// "discrete", "continuous reference", "continuous peer", ...: the kind, and the role unless a method.
    std::string kindLabel() const;
    std::vector<ParamSpec> params;
    /// Every category step() and structure()'s drawLevel() and drawNode() may put into a DebugSink: the
    /// viewer offers the overlays of these only (tests/AlgorithmDrawsTest checks that nothing else is drawn).
    std::vector<DebugCategory> draws;
    std::function<std::unique_ptr<Algorithm>(const ParamSet&)> create;
};

class AlgorithmRegistry {
public:
    /// The process-wide registry: every linked algorithm has registered itself before main().
    static AlgorithmRegistry& instance();

    void add(AlgorithmInfo info) { m_entries.add(std::move(info)); } ///< replaces an entry of the same name
    const AlgorithmInfo* find(const std::string& name) const { return m_entries.find(name); }
    const std::vector<AlgorithmInfo>& list() const { return m_entries.list(); } ///< sorted by name
    /// The reference the algorithms of `kind` are checked against, hash for hash (the bench's --verify, the
    /// tests): brute-force for discrete collision, rigid-ccd-reference for continuous; nullptr for a kind
    /// without one (culling, penetration).
    const AlgorithmInfo* referenceFor(AlgorithmKind kind) const;
    /// Creates referenceFor(kind) with its default parameters; throws std::logic_error for a kind without
    /// one.
    std::unique_ptr<Algorithm> createReference(AlgorithmKind kind) const;

    /// The algorithm's parameters: its defaults with `spec`'s given values; throws InputError on an unknown
    /// algorithm (listing the known ones) or a bad parameter (naming `context`, e.g. the command-line flag,
    /// and the spec).
    ParamSet parameters(const AlgorithmSpec& spec, const std::string& context = "algorithm") const;
    /// What `spec`'s algorithm answers with its parameters (AlgorithmInfo::kindFor); throws as parameters().
    AlgorithmKind kindOf(const AlgorithmSpec& spec) const;
    /// Creates `spec`'s algorithm with parameters(spec, context).
    std::unique_ptr<Algorithm> create(const AlgorithmSpec& spec,
                                      const std::string& context = "algorithm") const;
    /// Creates `name` with `overrides` ("param" -> "text"), as create({name, overrides}, context).
    std::unique_ptr<Algorithm> create(const std::string& name,
                                      const std::map<std::string, std::string>& overrides,
                                      const std::string& context = "algorithm") const {
        return create(AlgorithmSpec{name, overrides}, context);
    }

private:
    Registry<AlgorithmInfo> m_entries;
};

/// Adds `info` to AlgorithmRegistry::instance() and returns true: an algorithm registers itself from its own
/// file (Box2D's RegisterSample), `static const bool registered = registerAlgorithm(MyAlgorithm::info());`,
/// so the registry in this layer names no algorithm. The algorithms library is an object library: every
/// program that links it keeps those registrations.
bool registerAlgorithm(AlgorithmInfo info);

} // namespace cdlab
