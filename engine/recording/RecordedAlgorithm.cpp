#include "recording/RecordedAlgorithm.h"

#include "collision/ContactDrawing.h"
#include "core/Assert.h"
#include "debug/DebugSink.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

RecordedAlgorithm::RecordedAlgorithm(std::shared_ptr<const Recording> recording, std::size_t viewport)
    : m_recording(std::move(recording)), m_viewport(viewport) {
    CDLAB_ASSERT(m_recording && viewport < m_recording->header.viewports.size(), "no such recorded viewport");
}

PrepareReport RecordedAlgorithm::prepare(const Scene& scene, const Progress&) {
    m_objects = std::make_unique<SceneObjects>(scene);
    m_deformed.assign(m_objects->objects().size(), {});
    PrepareReport report;
    const RecordingHeader& h = m_recording->header;
    report.notes = "replay of " + h.viewports[m_viewport] + ": " +
                   std::to_string(m_recording->frames.size()) + " recorded frames, build " + h.buildCommit +
                   " (" + h.buildType + ")" +
                   (m_recording->drawings.empty() ? ", no drawing recorded" : ", with its drawing");
    // The BV tests' boxes were kept for one body's level (DrawingFilter): say which, since a replay has no
    // level slider (the other levels' boxes are not in the file).
    const auto levels = recordedLevels();
    std::string said;
    for (std::size_t i = 0; i < levels.size() && i < 4; ++i) {
        const auto [object, depth] = levels[i];
        const auto& objs = m_objects->objects();
        said += (i ? ", " : "") + std::string("level ") + std::to_string(depth) + " of " +
                (object >= 0 && std::size_t(object) < objs.size() ? objs[std::size_t(object)].name
                                                                  : "object " + std::to_string(object));
    }
    if (levels.size() > 4) said += ", ...";
    if (!said.empty()) report.notes += "; BV test boxes recorded at " + said + " only";
    return report;
}

int RecordedAlgorithm::frameEndingAt(double t1) const {
    const auto& frames = m_recording->frames;
    if (frames.empty()) return -1;
    // Frames are recorded in time order; the bench's frame f ends at the scene's grid time f, as the
    // viewer's timeline position f does (Timeline.h), up to rounding.
    const std::size_t v = m_viewport;
    auto it = std::lower_bound(frames.begin(), frames.end(), t1,
                               [v](const std::vector<FrameResult>& f, double t) { return f[v].t1 < t; });
    const double span = frames.size() > 1
                            ? std::abs(frames.back()[v].t1 - frames.front()[v].t1) / double(frames.size() - 1)
                            : 0.0;
    const double tolerance = 1e-6 * std::max(span, 1e-9);
    int best = -1;
    double bestGap = tolerance;
    for (auto c : {it, it == frames.begin() ? it : it - 1}) {
        if (c == frames.end()) continue;
        const double gap = std::abs((*c)[v].t1 - t1);
        if (gap <= bestGap) best = int(c - frames.begin()), bestGap = gap;
    }
    return best;
}

FrameResult RecordedAlgorithm::step(double t0, double t1, DebugSink* sink) {
    const int f = frameEndingAt(t1);
    if (f < 0) {
        ++m_missed;
        FrameResult empty;
        empty.t0 = t0, empty.t1 = t1;
        return empty;
    }
    const FrameResult& r = m_recording->frames[std::size_t(f)][m_viewport];
    if (sink) {
        if (!m_recording->drawings.empty())
            m_recording->drawings[std::size_t(f)][m_viewport].replay(*sink, m_objects.get());
        else if (m_objects)
            drawAnswer(r, *sink);
    }
    return r;
}

void RecordedAlgorithm::drawAnswer(const FrameResult& r, DebugSink& sink) {
    std::vector<Pose> end;
    m_objects->poses(r.t1, end);
    const auto& objs = m_objects->objects();
    auto meshOf = [&](std::uint32_t i) -> const TriangleMesh& {
        if (!m_objects->deforms(i)) return *objs[i].mesh;
        m_objects->deformedMesh(i, r.t1, m_deformed[i]); // as the discrete pipelines test it
        return m_deformed[i];
    };
    // Discrete answers: each colliding triangle pair (as DiscretePipeline::drawReportedPairs). Continuous
    // answers list their first contact's pair, which the time of contact below draws.
    if (r.firstContacts.empty())
        for (const BodyPairContacts& c : r.contacts) {
            if (c.objectA >= objs.size() || c.objectB >= objs.size()) continue;
            const TriangleMesh &ma = meshOf(c.objectA), &mb = meshOf(c.objectB);
            for (const TrianglePair& p : c.pairs) {
                if (p.a >= ma.triangleCount() || p.b >= mb.triangleCount()) continue;
                std::array<Vec3, 3> ta, tb;
                ma.corners(p.a, ta[0], ta[1], ta[2]);
                mb.corners(p.b, tb[0], tb[1], tb[2]);
                for (Vec3& x : ta) x = end[c.objectA].apply(x);
                for (Vec3& x : tb) x = end[c.objectB].apply(x);
                drawContact(sink, Pose{}, ta, tb, std::int32_t(c.objectA), std::int32_t(c.objectB));
            }
        }
    // Continuous answers: the bodies at the time of contact, the features and the label, and the first
    // contact's triangles at the frame's end (as the continuous pipelines draw them).
    std::vector<Pose> then;
    for (const TimeOfContact& c : r.firstContacts) {
        if (c.objectA >= objs.size() || c.objectB >= objs.size()) continue;
        const TriangleMesh &ma = *objs[c.objectA].mesh, &mb = *objs[c.objectB].mesh;
        if (c.triA >= ma.triangleCount() || c.triB >= mb.triangleCount()) continue;
        m_objects->poses(c.time, then);
        const ContactBody a{&ma, then[c.objectA], end[c.objectA], std::int32_t(c.objectA)};
        const ContactBody b{&mb, then[c.objectB], end[c.objectB], std::int32_t(c.objectB)};
        const double span = r.t1 - r.t0;
        drawTimeOfContact(sink, c, a, b, span > 0 ? (c.time - r.t0) / span : 1.0);
        drawHitTriangles(sink, ma, c.triA, end[c.objectA], std::int32_t(c.objectA), mb, c.triB,
                         end[c.objectB], std::int32_t(c.objectB));
    }
}

std::vector<std::pair<std::int32_t, std::int32_t>> RecordedAlgorithm::recordedLevels() const {
    std::vector<std::pair<std::int32_t, std::int32_t>> out;
    for (const auto& frame : m_recording->drawings) {
        if (m_viewport >= frame.size()) continue;
        std::pair<std::int32_t, std::int32_t> tag{-1, -1};
        for (const RecordedDrawing::Primitive& p : frame[m_viewport].primitives) {
            if (p.kind == RecordedDrawing::Kind::Tag) {
                tag = {p.a, p.b};
                continue;
            }
            if (isPerLevel(p.category) && tag.second >= 0 &&
                std::find(out.begin(), out.end(), tag) == out.end())
                out.push_back(tag);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<DebugCategory>
RecordedAlgorithm::replayedCategories(const Recording& recording,
                                      const std::vector<DebugCategory>& recorderDraws) {
    std::vector<DebugCategory> out;
    if (recording.drawings.empty()) {
        for (DebugCategory c :
             {DebugCategory::TriangleHit, DebugCategory::Contact, DebugCategory::TimeOfContact})
            if (std::find(recorderDraws.begin(), recorderDraws.end(), c) != recorderDraws.end())
                out.push_back(c);
        return out;
    }
    // What the recorder kept (DrawingFilter): all but what needs the live structure.
    for (DebugCategory c : recorderDraws)
        if (c != DebugCategory::PickedNode && c != DebugCategory::BmCone && c != DebugCategory::BvhNode)
            out.push_back(c);
    return out;
}

} // namespace cdlab
