// MotionTrail: the onion skin of continuous collision (issue 43) — over the frame a continuous algorithm
// checks, each moving body's or link's poses at its start, its end and a few times between, drawn as
// wireframe ghosts fading from the start (faint) to the end, and its swept path: the polylines its box's
// centre and eight corners trace over the frame. The picture one draws on a whiteboard for "continuous vs
// discrete": what the algorithm considers between two discrete instants. The poses are the scene's own
// motion (SceneObjects::poses: keyframes, articulated joints) at times inside the frame — the motion the
// continuous algorithms follow (FrameWindows: the keyed path; CATCH: the joints).
//
// One overlay row (key "motionTrail", registered in MotionTrail.cpp) for every algorithm whose registry
// entry says it is continuous (never by name); the view's own drawing, beside its algorithm's.
#pragma once

#include "DrawList.h"
#include "OverlayTable.h"
#include "scene/SceneObjects.h"

#include <string>

namespace cdlab {

struct AlgorithmInfo;

class MotionTrail {
public:
    /// Poses between the frame's start and end (the Scene panel's slider edits the viewer's count).
    static constexpr int kDefaultBetween = 3, kMaxBetween = 12;

    explicit MotionTrail(const OverlaySettings* settings) : m_settings(settings), m_draw(settings) {}

    /// The row's id in the overlay table.
    static OverlayId row();
    /// Whether a view of `algo` draws trails: a continuous algorithm (its registry entry's kind).
    static bool appliesTo(const AlgorithmInfo& algo);
    static const LegendEntry& legend();

    /// The trails of the frame [t0, t1] (t0 < t1; nothing at the scene's start instant) for a view whose
    /// algorithm is `continuous`, when the row is on: `between` poses between start and end, of object
    /// `only` when it is one (the selection), else of every object that is not environment and moves in
    /// the frame. Recomputed only when one of these changed.
    void update(const SceneObjects& objects, bool continuous, double t0, double t1, int between, int only);
    /// The scene changed: the drawing points into its meshes.
    void clear();

    const DrawList& drawing() const { return m_draw; }
    /// What the last update drew (the run report's "trail").
    struct Counts {
        int objects = 0;      ///< objects with a trail
        int poses = 0;        ///< poses per object: start, end and those between
        int ghosts = 0;       ///< wireframe meshes drawn (objects x poses)
        int pathLines = 0;    ///< line segments of the swept paths
        int pathSegments = 0; ///< segments per path polyline
    };
    const Counts& counts() const { return m_counts; }
    bool drawn() const { return m_counts.objects > 0; }
    /// "2 objects, 5 poses each: 10 ghosts, 288 path lines (9 points x 16 segments each)".
    std::string describe() const;

private:
    const OverlaySettings* m_settings;
    DrawList m_draw;
    Counts m_counts;
    struct Key {
        const SceneObjects* objects = nullptr;
        bool on = false;
        double t0 = 0, t1 = 0;
        int between = -1, only = -2;
        bool operator==(const Key&) const = default;
    };
    Key m_key;
};

} // namespace cdlab
