// The viewer's frames on the scene's grid (issue 43) with real algorithms: wherever a lecturer pauses and
// presses Next contact, the Timeline hands the views whole frames of the scene's grid, so a discrete view
// never finds what discrete tests cannot see (bullets: the ball crosses the box inside single frames), and a
// continuous view finds the same contact in the same frame at the same fraction of it from any start.
#include "TestPaths.h"
#include "Timeline.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace cdlab;

namespace {

/// One view: an algorithm prepared on the scene, its answers per span stepped. The answers are kept per
/// exact (t0, t1): a search from another start that steps the same grid frames reuses them, one that stepped
/// other spans (off the grid) would run them, and see what they see.
class View {
public:
    View(const std::string& name, const Scene& scene)
        : m_algo(AlgorithmRegistry::instance().create(name, {})) {
        m_algo->prepare(scene);
    }
    struct Answer {
        bool contact = false;
        double toc = -1; ///< the earliest time of contact (continuous algorithms), -1 without one
    };
    const Answer& step(double t0, double t1) {
        auto [it, fresh] = m_answers.try_emplace({t0, t1});
        if (fresh) {
            FrameResult r = m_algo->step(t0, t1, nullptr);
            it->second.contact = r.contactPairCount() > 0;
            if (const TimeOfContact* c = r.earliest()) it->second.toc = c->time;
        }
        return it->second;
    }

private:
    std::unique_ptr<Algorithm> m_algo;
    std::map<std::pair<double, double>, Answer> m_answers;
};

struct Found {
    int view = -1;
    double t0 = 0, t1 = 0, toc = -1;
};

/// Scrub to `start`, press Next contact, and let the search run to its end, the views stepping the spans the
/// timeline hands them, as ViewerApp::seekContact does.
Found nextContact(Timeline& timeline, std::vector<View*> views, double start) {
    timeline.scrub(start);
    timeline.startSeek();
    Found found;
    std::string status;
    while (timeline.seek(
        0,
        [&](double t0, double t1) {
            for (std::size_t v = 0; v < views.size(); ++v) {
                const View::Answer& a = views[v]->step(t0, t1);
                if (a.contact) {
                    found = {int(v), t0, t1, a.toc};
                    return int(v);
                }
            }
            return -1;
        },
        status)) {
    }
    return found;
}

/// The first frame of the scene's grid, stepped from its start as the bench does (Scene::frameTime), in
/// which `view` reports a contact.
Found firstFromStart(const Scene& scene, View& view) {
    for (int f = 0; f + 1 < scene.frames; ++f) {
        const double t0 = scene.frameTime(f, scene.frames), t1 = scene.frameTime(f + 1, scene.frames);
        if (const View::Answer& a = view.step(t0, t1); a.contact) return {0, t0, t1, a.toc};
    }
    return {};
}

/// From `starts` start times spread over [start, the contact's frame start] (and a few past it), the
/// continuous view's Next contact lands on the frame the bench finds from the scene's start, at the same
/// fraction of it.
void sameContactFromAnyStart(const std::string& file, const std::string& algorithm, int starts) {
    Scene scene = loadScene(CDLAB_SOURCE_DIR + "/scenes/" + file);
    View view(algorithm, scene);
    const Found bench = firstFromStart(scene, view);
    ASSERT_GE(bench.view, 0) << file << ": " << algorithm << " finds no contact from the start";
    ASSERT_GE(bench.toc, bench.t0);
    const double fraction = (bench.toc - bench.t0) / (bench.t1 - bench.t0);
    Timeline timeline;
    timeline.setRange(scene.startTime, scene.endTime, scene.frames);
    for (int k = 0; k < starts; ++k) {
        // Strictly before the contact's frame starts (the search steps the frames after the one shown).
        const double start = scene.startTime + (bench.t0 - scene.startTime) * k / starts;
        const Found f = nextContact(timeline, {&view}, start);
        ASSERT_EQ(f.view, 0) << file << " from t " << start;
        EXPECT_EQ(f.t0, bench.t0) << file << " from t " << start;
        EXPECT_EQ(f.t1, bench.t1) << file << " from t " << start;
        EXPECT_DOUBLE_EQ((f.toc - f.t0) / (f.t1 - f.t0), fraction) << file << " from t " << start;
        EXPECT_EQ(timeline.time(), bench.t1);
    }
}

} // namespace

TEST(FrameGrid, BulletsDiscreteViewSeesNoContactFromAnyStart) {
    // The lesson of scenes/bullets.json: the ball crosses the box within single frames, so discrete tests
    // at the frame ends see nothing and continuous ones see the contacts. From any paused time (t 0.184 was
    // the issue's), Next contact with a discrete and a continuous view finds the continuous one's contact;
    // the discrete view, stepped on the grid to the scene's end, never reports one.
    Scene scene = loadScene(CDLAB_SOURCE_DIR + "/scenes/bullets.json");
    View discrete("bvh", scene), continuous("rigid-ccd", scene);
    Timeline timeline;
    timeline.setRange(scene.startTime, scene.endTime, scene.frames);
    const int starts = 500;
    int continuousFound = 0;
    for (int k = 0; k <= starts; ++k) {
        const double start = scene.startTime + (scene.endTime - scene.startTime) * k / starts;
        const Found both = nextContact(timeline, {&discrete, &continuous}, start);
        EXPECT_NE(both.view, 0) << "the discrete view reported a contact from t " << start << " in "
                                << both.t0 << " -> " << both.t1;
        continuousFound += both.view == 1;
        const Found alone = nextContact(timeline, {&discrete}, start);
        EXPECT_EQ(alone.view, -1) << "from t " << start << ": a discrete contact in " << alone.t0 << " -> "
                                  << alone.t1;
    }
    EXPECT_GT(continuousFound, starts / 2); // the scene is the continuous view's lesson
    {
        // The case exactly: paused at t 0.184, N.
        const Found f = nextContact(timeline, {&discrete, &continuous}, 0.184);
        EXPECT_EQ(f.view, 1);
    }
    sameContactFromAnyStart("bullets.json", "rigid-ccd", 200);
}

TEST(FrameGrid, DoorsSameContactFrameAndFractionFromAnyStart) {
    sameContactFromAnyStart("doors.json", "rigid-ccd", 60);
}

TEST(FrameGrid, WalkSameContactFrameAndFractionFromAnyStart) {
    sameContactFromAnyStart("walk.json", "catch", 60);
}
