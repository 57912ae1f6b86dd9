#include "ViewerRecorder.h"

#include "DrawList.h"
#include "core/InputError.h"

#include <cstdio>

namespace cdlab {

/// Hands each primitive to the view's DrawList and to its recorder; asks the DrawList what is wanted, so
/// the recording holds what the view shows.
class ViewerRecorder::Tee : public DebugSink {
public:
    Tee(DrawList& view, DrawingRecorder& recorder) : m_view(view), m_recorder(recorder) {}
    void line(const Vec3& a, const Vec3& b, Rgba c, DebugCategory cat) override {
        m_view.line(a, b, c, cat), m_recorder.line(a, b, c, cat);
    }
    void triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba col, DebugCategory cat) override {
        m_view.triangle(a, b, c, col, cat), m_recorder.triangle(a, b, c, col, cat);
    }
    void point(const Vec3& p, Rgba c, DebugCategory cat) override {
        m_view.point(p, c, cat), m_recorder.point(p, c, cat);
    }
    void text(const Vec3& p, const std::string& s, DebugCategory cat) override {
        m_view.text(p, s, cat), m_recorder.text(p, s, cat);
    }
    void box(const Obb& b, Rgba c, DebugCategory cat) override {
        m_view.box(b, c, cat), m_recorder.box(b, c, cat);
    }
    void mesh(const TriangleMesh& m, const Pose& pose, Rgba c, DebugCategory cat) override {
        m_view.mesh(m, pose, c, cat), m_recorder.mesh(m, pose, c, cat);
    }
    void setTag(const DebugTag& tag) override { m_view.setTag(tag), m_recorder.setTag(tag); }
    bool wants(DebugCategory cat, const DebugTag& tag) const override { return m_view.wants(cat, tag); }
    DrawList* view() const { return &m_view; }

private:
    DrawList& m_view;
    DrawingRecorder& m_recorder;
};

ViewerRecorder::ViewerRecorder(const std::string& path, const std::string& sceneFile,
                               const std::vector<std::string>& labels, const SceneObjects& objects)
    : m_path(path), m_writer(path, makeRecordingHeader(sceneFile, labels)) {
    DrawingFilter everything;
    everything.everything = true;
    for (std::size_t v = 0; v < labels.size(); ++v) {
        m_recorders.push_back(std::make_unique<DrawingRecorder>(everything, &objects));
        m_tees.push_back(nullptr);
    }
}

ViewerRecorder::~ViewerRecorder() {
    if (!m_finished) try {
            m_writer.finish();
        } catch (const std::exception&) { // leaving: the file is cut, and says so when read
        }
}

DebugSink* ViewerRecorder::sinkFor(std::size_t v, DrawList& draw) {
    if (v >= m_recorders.size()) return &draw;
    if (!m_tees[v] || m_tees[v]->view() != &draw) m_tees[v] = std::make_unique<Tee>(draw, *m_recorders[v]);
    return m_tees[v].get();
}

void ViewerRecorder::beginStep() {
    for (auto& r : m_recorders) r->clear();
}

void ViewerRecorder::frame(const std::vector<const FrameResult*>& results, double t1, bool ran) {
    if (!ran || (m_any && !(t1 > m_lastT1)) || results.size() != m_recorders.size()) return;
    m_writer.frame(results);
    std::vector<const RecordedDrawing*> drawings;
    for (const auto& r : m_recorders) drawings.push_back(&r->drawing());
    m_writer.drawing(drawings);
    m_lastT1 = t1, m_any = true;
}

std::string ViewerRecorder::finish() {
    m_writer.finish();
    m_finished = true;
    char size[32];
    std::snprintf(size, sizeof size, "%.2f MB", double(m_writer.bytesWritten()) / 1e6);
    return "recorded " + std::to_string(m_writer.framesWritten()) + " frames x " +
           std::to_string(m_recorders.size()) + " views to " + m_path + ", " + size;
}

} // namespace cdlab
