// Recorded drawing and replay (issue 44): a frame's debug drawing kept by DrawingRecorder survives the
// drawing chunk's encoding and a recording's file unchanged, draws the same primitives again into any sink,
// and a recording replays through RecordedAlgorithm as the run that wrote it — the recorded FrameResult for
// the frame ending at t1, nothing for a time it has no frame for. A damaged drawing chunk is refused.
#include "recording/RecordedDrawing.h"
#include "TestPaths.h"
#include "core/InputError.h"
#include "pipeline/AlgorithmRegistry.h"
#include "recording/FrameResultCodec.h"
#include "recording/RecordedAlgorithm.h"
#include "recording/Recording.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cdlab;

namespace {

std::string tempPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("cdlab-drawing-test-" + name)).string();
}

std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string encoded(const RecordedDrawing& d) {
    ByteWriter w;
    encodeDrawing(d, w);
    return w.take();
}

/// A bvh run over cylinder_ball with a recorder on every frame: its results and drawings.
struct RecordedRun {
    Scene scene;
    std::vector<FrameResult> results;
    std::vector<RecordedDrawing> drawings;
    int primitives = 0;
};

RecordedRun recordRun(const std::string& algorithm) {
    RecordedRun run;
    run.scene = loadScene(CDLAB_SOURCE_DIR + "/scenes/cylinder_ball.json");
    const SceneObjects objects(run.scene);
    auto algo = AlgorithmRegistry::instance().create(AlgorithmSpec::parse(algorithm));
    algo->prepare(run.scene);
    DrawingFilter filter;
    filter.object = std::max(objects.firstMoving(), 0), filter.level = 2;
    DrawingRecorder recorder(filter, &objects);
    const int n = run.scene.frames;
    const double dt = (run.scene.endTime - run.scene.startTime) / (n - 1);
    for (int f = 0; f < n; ++f) {
        recorder.clear();
        const double t = run.scene.frameTime(f, n);
        run.results.push_back(algo->step(t - dt, t, &recorder));
        run.drawings.push_back(recorder.drawing());
        run.primitives += int(recorder.drawing().primitives.size());
    }
    return run;
}

} // namespace

TEST(RecordedDrawing, SurvivesItsEncodingAndDrawsTheSamePrimitivesAgain) {
    const RecordedRun run = recordRun("bvh");
    ASSERT_GT(run.primitives, 100) << "the run drew too little to test anything";
    const SceneObjects objects(run.scene);
    int withBoxes = 0;
    for (const RecordedDrawing& d : run.drawings) {
        const std::string bytes = encoded(d);
        ByteReader r(bytes, "drawing");
        const RecordedDrawing back = decodeDrawing(r);
        EXPECT_TRUE(r.done());
        EXPECT_TRUE(back == d);
        // Replayed into a recorder with the same filter: the same drawing, primitive for primitive.
        DrawingRecorder again(DrawingFilter{std::max(objects.firstMoving(), 0), 2}, &objects);
        back.replay(again, &objects);
        EXPECT_TRUE(again.drawing() == d);
        for (const auto& p : d.primitives) withBoxes += p.kind == RecordedDrawing::Kind::Box;
    }
    EXPECT_GT(withBoxes, 0) << "no BV test's box was recorded";
    // A filter that wants another level keeps none of this level's boxes.
    RecordedDrawing sample;
    for (const RecordedDrawing& d : run.drawings)
        if (d.primitives.size() > sample.primitives.size()) sample = d;
    DrawingRecorder other(DrawingFilter{std::max(objects.firstMoving(), 0), 9}, &objects);
    sample.replay(other, &objects);
    for (const auto& p : other.drawing().primitives) EXPECT_NE(p.kind, RecordedDrawing::Kind::Box);
}

TEST(RecordedDrawing, ARecordingKeepsTheDrawingAndReplaysTheRun) {
    const RecordedRun run = recordRun("bvh");
    const std::string path = tempPath("drawn.cdrec");
    {
        RecordingWriter w(path,
                          makeRecordingHeader(CDLAB_SOURCE_DIR + "/scenes/cylinder_ball.json", {"bvh"}));
        for (std::size_t f = 0; f < run.results.size(); ++f) {
            w.frame({&run.results[f]});
            w.drawing({&run.drawings[f]});
        }
        w.finish();
        EXPECT_GT(w.drawingBytes(), 0u);
    }
    const std::string bytes = readBytes(path);
    std::filesystem::remove(path);
    const Recording rec = parseRecording(bytes, "drawn.cdrec");
    ASSERT_EQ(rec.frames.size(), run.results.size());
    ASSERT_EQ(rec.drawings.size(), run.results.size());
    for (std::size_t f = 0; f < run.results.size(); ++f) EXPECT_TRUE(rec.drawings[f][0] == run.drawings[f]);

    // Replayed: each frame's recorded answer for the span ending at its t1, and its drawing.
    RecordedAlgorithm replay(std::make_shared<const Recording>(rec), 0);
    const PrepareReport prepared = replay.prepare(run.scene);
    const SceneObjects objects(run.scene);
    // The one level whose BV test boxes were kept (the recorder's filter), named where the view says what
    // it replays (a replay has no level slider).
    const std::int32_t body = std::max(objects.firstMoving(), 0);
    EXPECT_EQ(replay.recordedLevels(), (std::vector<std::pair<std::int32_t, std::int32_t>>{{body, 2}}));
    EXPECT_NE(prepared.notes.find("BV test boxes recorded at level 2 of " +
                                  objects.objects()[std::size_t(body)].name + " only"),
              std::string::npos)
        << prepared.notes;
    for (std::size_t f = 0; f < run.results.size(); ++f) {
        DrawingRecorder sink(DrawingFilter{std::max(objects.firstMoving(), 0), 2}, &objects);
        const FrameResult& live = run.results[f];
        const FrameResult r = replay.step(live.t0, live.t1, &sink);
        ByteWriter a, b;
        encodeFrameResult(live, a), encodeFrameResult(r, b);
        EXPECT_EQ(a.bytes(), b.bytes()) << "frame " << f;
        EXPECT_TRUE(sink.drawing() == run.drawings[f]) << "frame " << f;
    }
    EXPECT_EQ(replay.missedFrames(), 0);
    // A time between two recorded frames has no recorded answer.
    const double between = 0.5 * (run.results[3].t1 + run.results[4].t1);
    EXPECT_EQ(replay.frameEndingAt(between), -1);
    EXPECT_TRUE(replay.step(between, between).contacts.empty());
    EXPECT_EQ(replay.missedFrames(), 1);

    // Cuts of the file (24, spread over it) are refused; a drawing index past its table is damage.
    for (std::size_t n = 8; n < bytes.size(); n += bytes.size() / 24 + 1)
        EXPECT_THROW(parseRecording(bytes.substr(0, n), "cut.cdrec"), InputError) << n;
    RecordedDrawing bad = run.drawings.front();
    RecordedDrawing::Primitive past;
    past.kind = RecordedDrawing::Kind::Line, past.category = DebugCategory::Contact, past.v = {999999, 0, 0};
    bad.primitives.push_back(past);
    if (bad.colours.empty()) bad.colours.push_back({});
    const std::string badBytes = encoded(bad);
    ByteReader r(badBytes, "bad.cdrec");
    try {
        decodeDrawing(r);
        ADD_FAILURE() << "a drawing index past the vertex table was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("drawing vertex index past the vertex table"), std::string::npos)
            << e.what();
    }
}

TEST(RecordedDrawing, AReplayWithoutDrawingDrawsTheRecordedContacts) {
    // No drawing chunk: the contacts are drawn from the recorded answer, as the live algorithm drew them.
    const RecordedRun run = recordRun("bvh");
    Recording rec;
    rec.header = makeRecordingHeader(CDLAB_SOURCE_DIR + "/scenes/cylinder_ball.json", {"bvh"});
    for (const FrameResult& r : run.results) rec.frames.push_back({r});
    RecordedAlgorithm replay(std::make_shared<const Recording>(rec), 0);
    replay.prepare(run.scene);
    const SceneObjects objects(run.scene);
    int compared = 0;
    for (std::size_t f = 0; f < run.results.size(); ++f) {
        if (run.results[f].contacts.empty()) continue;
        DrawingRecorder sink(DrawingFilter{std::max(objects.firstMoving(), 0), 2}, &objects);
        replay.step(run.results[f].t0, run.results[f].t1, &sink);
        auto hits = [](const RecordedDrawing& d, DebugCategory c) {
            int n = 0;
            for (const auto& p : d.primitives) n += p.kind != RecordedDrawing::Kind::Tag && p.category == c;
            return n;
        };
        EXPECT_EQ(hits(sink.drawing(), DebugCategory::TriangleHit),
                  hits(run.drawings[f], DebugCategory::TriangleHit));
        EXPECT_EQ(hits(sink.drawing(), DebugCategory::Contact),
                  hits(run.drawings[f], DebugCategory::Contact));
        ++compared;
    }
    EXPECT_GT(compared, 0) << "no frame with a contact";
}
