// BodyEditor: "your own motion" (issue 44). A body of the open scene is moved with the mouse and its poses
// are kept as keyframes, so that a user builds a moving demo from their own meshes (`cdlab a.obj b.stl`)
// and saves it as a scene file the bench runs as it is (scene/SceneWriter.h).
//
// Edit mode (E, or File > Edit motion): a left press on a body selects it and drags it on the plane through
// its centre that faces the camera; with Shift held the drag turns it about the chosen axis (the view axis,
// or world x, y or z) through its centre, by the angle the cursor sweeps around it on that axis's plane.
// What is dragged is the body's pose at the time shown, not yet a keyframe: the scene's track gets a key
// there at once (so every view's algorithm runs on the edited pose), but it is dropped when the time
// changes unless Set keyframe (K) keeps it. Set keyframe stores the body's shown pose at the key time (the
// Edit panel's field, which follows the time shown and may lie past the scene's end: the scene's range then
// grows to it); Delete keyframe (Delete) removes the key at the time shown. The keys are the scene's own
// (PoseTrack): playback interpolates them as every scene file's keyframes are (linear position, slerp).
#pragma once

#include "DrawList.h"
#include "scene/PoseTrack.h"

#include <string>
#include <vector>

namespace cdlab {

class ViewerApp;

class BodyEditor {
public:
    /// What a Shift+drag turns the body about (through its centre).
    enum class Axis : int { View, X, Y, Z };

    BodyEditor() : m_draw(&m_drawSettings) {}
    /// Edit mode: left drags on a body move it instead of orbiting.
    bool& enabled() { return m_enabled; }
    Axis& axis() { return m_axis; }
    /// Where Set keyframe stores the pose: follows the time shown; may be typed past the scene's end.
    double& keyTime() { return m_keyTime; }
    /// Another scene was installed: nothing is edited, nothing pending.
    void reset();
    /// Each frame, before the views step, with the time shown: a pending (unkeyed) edit made at another
    /// time is dropped, and the key time follows a changed time.
    void update(ViewerApp& app, double t);

    /// A left press at window point (x, y) in edit mode: on a body it selects it and starts a drag (true:
    /// the camera leaves this drag alone); `rotate`: Shift held (turn, not move).
    bool press(ViewerApp& app, float x, float y, bool rotate);
    /// The cursor at (x, y) while the button is held: the body's pose from the press's pose and the
    /// cursor's point on the drag plane (never accumulated, so a long drag does not drift).
    void move(ViewerApp& app, float x, float y);
    void release(ViewerApp& app);
    bool dragging() const { return m_dragging; }

    /// The scene body edited (the selected object when it is a body; -1 otherwise).
    int body(ViewerApp& app) const;
    /// Set keyframe: the edited body's shown pose stored at keyTime() (a key there is replaced); false with
    /// the status line saying why (nothing selected, a link).
    bool setKeyframe(ViewerApp& app);
    /// Delete keyframe: the edited body's key at the time shown (within half a frame); its last key stays.
    bool deleteKeyframe(ViewerApp& app);
    /// The edited body's key times (the timeline's ticks); empty when no body is edited.
    std::vector<double> keyTimes(ViewerApp& app) const;
    /// Whether the shown pose of the edited body is a drag not yet keyed.
    bool pending() const { return m_pendingBody >= 0; }
    /// The last action, for the status line and the automated runs ("dragged b.stl by (0.1, 0, 0)").
    const std::string& lastAction() const { return m_lastAction; }

    /// The handle of the edited body at time t: its box, the drag plane (a square facing the camera
    /// through its centre) and, turning, the axis; empty outside edit mode.
    const DrawList& drawing(ViewerApp& app, double t);

private:
    /// The ray through window point (x, y) and the view's forward direction; false outside every view.
    bool ray(ViewerApp& app, float x, float y, Vec3& origin, Vec3& dir, Vec3& forward) const;
    /// The body (scene index) whose mesh the ray meets first, and where; -1 when none.
    int pickBody(ViewerApp& app, const Vec3& origin, const Vec3& dir, Vec3& hit) const;
    /// Shows `pose` for `body` at the time shown as a pending key (the track: the kept keys and it).
    void showPending(ViewerApp& app, int body, const Keyframe& pose);
    void dropPending(ViewerApp& app);
    /// The body's world centre (its mesh box's centre) under `pose`.
    Vec3 centre(ViewerApp& app, int body, const Keyframe& pose) const;

    bool m_enabled = false;
    Axis m_axis = Axis::View;
    double m_keyTime = 0, m_lastTime = -1e300;
    // The drag under way: the body, its pose at the press, the plane (point, normal), the press's point on
    // it, and whether it turns.
    bool m_dragging = false, m_rotating = false;
    int m_dragBody = -1;
    Keyframe m_start;
    Vec3 m_planePoint, m_planeNormal, m_grab;
    // The pending (unkeyed) pose: the body, the track without it, the time it was made at.
    int m_pendingBody = -1;
    PoseTrack m_kept;
    double m_pendingTime = 0;
    std::string m_lastAction;
    OverlaySettings m_drawSettings;
    DrawList m_draw;
};

} // namespace cdlab
