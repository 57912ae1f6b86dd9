#include "peers/OpcodeAlgorithm.h"

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <malloc.h>
#include <map>
#include <mutex>
#include <ode/ode.h>
#include <set>
#include <string_view>

namespace cdlab {

namespace {

// dCollide reads the contact count from the low 16 bits of its flags (ode/collision.h), so 65,535 is the
// most contacts one call can return. The paper times the query and needs no contacts beyond that; the largest
// cap keeps ODE's pair set as complete as ODE can make it (its contact merging still drops pairs).
constexpr int kMaxContacts = 0xffff;

// The trimesh mesh arrays are handed to ODE in place (it keeps pointers): TriangleMesh's vertices are three
// doubles each and its triangles three 32-bit indices, the layouts dGeomTriMeshDataBuildDouble reads.
static_assert(sizeof(Vec3) == 3 * sizeof(double));
static_assert(sizeof(Triangle) == 3 * sizeof(dTriIndex));

/// The ODE library, initialised once (dInitODE2(0)) and never closed: geoms of algorithms destroyed during
/// static destruction would otherwise outlive it, and the OS reclaims ODE's memory at exit anyway.
/// Debian's ODE is built without ODE_EXT_mt_collisions (dGetConfiguration()), so its trimesh colliders share
/// global caches: every ODE call goes through `mutex`, one at a time, whichever algorithm makes it.
struct OdeLibrary {
    std::mutex mutex;
    std::atomic<std::uint64_t> overflows{0}, others{0};
    std::set<std::string> printed; // other messages, printed once each (under mutex: ODE calls them)

    /// Never destroyed either, so an algorithm destroyed during static destruction still finds its mutex.
    static OdeLibrary& instance() {
        static OdeLibrary* library = new OdeLibrary;
        return *library;
    }

    /// ODE's collision data must be allocated in each thread that collides (a no-op after the first).
    static void allocateThreadData() {
        thread_local bool allocated = false;
        if (!allocated) allocated = dAllocateODEDataForThread(dAllocateFlagCollisionData) != 0;
    }

private:
    OdeLibrary() {
        dInitODE2(0);
        dSetMessageHandler(&OdeLibrary::message);
    }

    // On deep contacts the trimesh-trimesh collider reports "Trimesh-trimesh contach hash table bucket
    // overflow - close contacts might not be culled" (sic) for every call: counted, never printed.
    static void message(int errnum, const char* format, va_list args) {
        char text[512];
        std::vsnprintf(text, sizeof text, format, args);
        OdeLibrary& ode = instance();
        if (std::string_view(text).find("bucket overflow") != std::string_view::npos) {
            ++ode.overflows;
            return;
        }
        ++ode.others;
        if (ode.printed.insert(text).second) std::fprintf(stderr, "ODE message %d: %s\n", errnum, text);
    }
};

/// Heap bytes in use (main arena, other arenas and mmapped blocks), to measure what ODE allocates.
std::size_t heapInUse() {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

/// ODE's rotation is a 3x4 row-major matrix (dMatrix3: the fourth column is padding).
void setPose(dGeomID g, const Pose& p) {
    dMatrix3 R;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) R[4 * i + j] = p.R(i, j);
        R[4 * i + 3] = 0;
    }
    dGeomSetPosition(g, p.t.x, p.t.y, p.t.z);
    dGeomSetRotation(g, R);
}

} // namespace

struct OpcodeAlgorithm::Impl {
    std::map<const TriangleMesh*, dTriMeshDataID> data; // one Opcode tree per mesh
    std::vector<dGeomID> geoms;                         // one trimesh geom per object
    std::vector<dTriMeshDataID> objectData;             // each object's tree
    std::vector<dContactGeom> contacts;
    std::size_t memoryBytes = 0;

    void clear() {
        std::lock_guard lock(OdeLibrary::instance().mutex);
        for (dGeomID g : geoms) dGeomDestroy(g);
        for (auto& [mesh, d] : data) dGeomTriMeshDataDestroy(d);
        geoms.clear(), data.clear(), objectData.clear();
        memoryBytes = 0;
    }
    ~Impl() { clear(); }
};

AlgorithmInfo OpcodeAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "opcode";
    i.kind = AlgorithmKind::Discrete;
    i.draws = {DebugCategory::TriangleHit, DebugCategory::Contact};
    i.role = Role::Peer;
    i.deformingBodies = true; // its own tree over a deforming object's copy, refit by ODE each step
    i.description = "Peer: " + version() +
                    " trimesh-trimesh dCollide (Opcode AABB tree, the SBV paper's baseline; single-precision "
                    "tree tests), same frames and pairs; the triangle pairs of the contacts it returns "
                    "(side1/side2). Not the complete pair set: ODE caps contacts at 65,535 a call, merges "
                    "nearby ones and drops shallow crossings (mode=first finds them).";
    i.params = {contactModeParam()};
    i.create = [](const ParamSet& p) { return std::make_unique<OpcodeAlgorithm>(p); };
    return i;
}

std::string OpcodeAlgorithm::version() {
    return "ode " dODE_VERSION " (opcode)";
}

std::uint64_t OpcodeAlgorithm::overflowMessages() {
    return OdeLibrary::instance().overflows;
}

std::uint64_t OpcodeAlgorithm::otherMessages() {
    return OdeLibrary::instance().others;
}

OpcodeAlgorithm::OpcodeAlgorithm(const ParamSet& p)
    : DiscretePipeline(contactMode(p)), m_impl(std::make_unique<Impl>()) {
    OdeLibrary::instance();
}

OpcodeAlgorithm::~OpcodeAlgorithm() = default;

void OpcodeAlgorithm::prepareObjects(const SceneObjects& objects, MeshDataCache&, PrepareReport& report,
                                     const Progress&) {
    m_impl->clear();
    OdeLibrary& ode = OdeLibrary::instance();
    std::lock_guard lock(ode.mutex);
    for (std::uint32_t i = 0; i < objects.objects().size(); ++i) {
        // mesh(i): a deforming object's own copy (ODE reads its vertices in place; meshDeformed refits).
        const TriangleMesh* m = &mesh(i);
        auto [it, fresh] = m_impl->data.try_emplace(m);
        if (fresh) {
            // ODE does not say how large its Opcode tree is: measure the heap it takes while building.
            // (Approximate where other threads allocate meanwhile, as in the viewer's background prepares.)
            std::size_t before = heapInUse();
            it->second = dGeomTriMeshDataCreate();
            dGeomTriMeshDataBuildDouble(it->second, m->vertices.data(), int(sizeof(Vec3)),
                                        int(m->vertices.size()), m->triangles.data(),
                                        int(3 * m->triangles.size()), int(sizeof(Triangle)));
            std::size_t after = heapInUse();
            m_impl->memoryBytes += after > before ? after - before : 0;
        }
        m_impl->geoms.push_back(dCreateTriMesh(nullptr, it->second, nullptr, nullptr, nullptr));
        m_impl->objectData.push_back(it->second);
    }
    m_impl->contacts.resize(m_mode == ContactMode::FirstContact ? 1 : kMaxContacts);
    report.memoryBytes = m_impl->memoryBytes;
    report.notes = std::to_string(m_impl->data.size()) + " ODE trimesh data (Opcode AABB trees), " +
                   (m_mode == ContactMode::FirstContact ? "1 contact" : "up to 65,535 contacts") +
                   " a call; ODE's overflow messages counted, not printed";
}

void OpcodeAlgorithm::meshDeformed(std::uint32_t i, const TriangleMesh&) {
    // The vertices moved in place: ODE refits the Opcode tree over them (dGeomTriMeshDataUpdate).
    std::lock_guard lock(OdeLibrary::instance().mutex);
    dGeomTriMeshDataUpdate(m_impl->objectData[i]);
}

void OpcodeAlgorithm::collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                                  CollisionResult& out, DebugSink* sink) {
    const std::uint32_t triA = std::uint32_t(mesh(a).triangles.size()),
                        triB = std::uint32_t(mesh(b).triangles.size());
    {
        std::lock_guard lock(OdeLibrary::instance().mutex);
        OdeLibrary::allocateThreadData();
        dGeomID ga = m_impl->geoms[a], gb = m_impl->geoms[b];
        setPose(ga, pa);
        setPose(gb, pb);
        // First contact: one contact, and CONTACTS_UNIMPORTANT lets ODE skip refining it.
        int flags = m_mode == ContactMode::FirstContact ? (1 | CONTACTS_UNIMPORTANT) : kMaxContacts;
        int n = dCollide(ga, gb, flags, m_impl->contacts.data(), int(sizeof(dContactGeom)));
        // side1 is a triangle of the contact's g1, side2 of its g2 (ODE may hand the geoms back swapped);
        // a contact without both triangles (side -1) names no pair and is skipped.
        for (int i = 0; i < n; ++i) {
            dContactGeom c = m_impl->contacts[std::size_t(i)];
            if (c.g1 == gb && c.g2 == ga) std::swap(c.side1, c.side2);
            if (c.side1 < 0 || c.side2 < 0 || std::uint32_t(c.side1) >= triA ||
                std::uint32_t(c.side2) >= triB)
                continue;
            out.pairs.push_back({std::uint32_t(c.side1), std::uint32_t(c.side2)});
        }
    }
    // Several contacts per triangle pair (a crossing gives up to two, merging keeps one of many): once each.
    std::sort(out.pairs.begin(), out.pairs.end());
    out.pairs.erase(std::unique(out.pairs.begin(), out.pairs.end()), out.pairs.end());
    out.counters.pairsFound += out.pairs.size();
    if (sink) drawReportedPairs(a, b, pa, pb, out.pairs, *sink);
}

} // namespace cdlab
