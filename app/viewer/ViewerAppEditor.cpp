// ViewerApp's part of the moved-body editor (issue 44, "your own motion"; BodyEditor.h): the view rays it
// drags along, the views stepping again on edited poses, and File > Save scene as.
#include "ViewerApp.h"
#include "core/InputError.h"
#include "scene/SceneWriter.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

bool ViewerApp::viewRay(float x, float y, Vec3& origin, Vec3& dir, Vec3& forward) const {
    const int v = m_layout.viewportAt(x, y);
    if (!cursorRay(v, x, y, m_width, m_height, origin, dir)) return false;
    const OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : m_viewports[std::size_t(v)]->camera;
    const glm::vec3 d = -cam.direction();
    forward = {d.x, d.y, d.z};
    return true;
}

Vec3 ViewerApp::viewForward() const {
    if (m_viewports.empty()) return {0, 0, -1};
    const glm::vec3 d = -m_viewports[0]->camera.direction();
    return {d.x, d.y, d.z};
}

void ViewerApp::motionEdited() {
    Scene& scene = *m_loaded.editableScene();
    // The range the reader gives a scene file: from the first key of any track to the last
    // (SceneLoader.cpp), so that the saved scene plays over the same range.
    bool any = false;
    double start = 0, end = 0;
    auto span = [&](const PoseTrack& m) {
        if (m.empty()) return;
        start = any ? std::min(start, m.startTime()) : m.startTime();
        end = any ? std::max(end, m.endTime()) : m.endTime();
        any = true;
    };
    for (const Body& b : scene.bodies) span(b.motion);
    for (const ArticulatedModel& m : scene.models)
        for (const Link& l : m.links) span(l.motion);
    if (start != scene.startTime || end != scene.endTime) {
        // The frames keep their length (a scene that had none: 30 a second), so that playback keeps its pace.
        const double oldLength = scene.endTime - scene.startTime, length = end - start;
        const double frame = oldLength > 0 ? oldLength / std::max(1, scene.frames - 1) : 1.0 / 30;
        if (length > 0) scene.frames = std::clamp(int(std::lround(length / frame)) + 1, 2, 1000000);
        scene.startTime = start, scene.endTime = end;
        const double shown = m_timeline.time();
        m_timeline.setRange(start, end, scene.frames);
        m_timeline.scrub(std::clamp(shown, start, end));
    }
    m_timeline.clearContacts(); // they were seen on the poses before the edit
    for (auto& vp : m_viewports) vp->forgetStep();
}

bool ViewerApp::saveScene(const std::string& path) {
    if (!m_loaded.scene()) return false;
    try {
        cdlab::saveScene(*m_loaded.scene(), path);
    } catch (const InputError& e) {
        m_loadError = std::string("Save scene: ") + e.what();
        m_status = "scene not saved";
        std::fprintf(stderr, "error: %s\n", m_loadError.c_str());
        return false;
    }
    m_status = "saved the scene to " + path;
    std::fprintf(stderr, "%s\n", m_status.c_str());
    return true;
}

} // namespace cdlab
