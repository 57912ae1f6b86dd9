// Recordings (issue 44): a run written and read back is the same run — every bundled scene x one algorithm
// per family, frame by frame, the FrameResults' encodings (contacts, TOCs, counters, stage times, the
// families' details) equal byte for byte and their hashes equal — and a truncated, damaged, foreign or
// other-version file is refused with a message naming the file and what does not match.
#include "recording/Recording.h"
#include "BundledScenes.h"
#include "TestPaths.h"
#include "core/DetailCodec.h"
#include "core/InputError.h"
#include "debug/DebugSink.h"
#include "pipeline/AlgorithmRegistry.h"
#include "recording/FrameResultCodec.h"
#include "recording/RecordingCompare.h"
#include "scene/SceneLoader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cdlab;

namespace {

/// A sink that wants no primitive: the algorithms then fill the details they keep only when a step draws
/// (CATCH's advancement steps, CSBV's shrinking rounds, the LDI images and row) at little cost.
class WantsNothing : public DebugSink {
public:
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void point(const Vec3&, Rgba, DebugCategory) override {}
    void text(const Vec3&, const std::string&, DebugCategory) override {}
    bool wants(DebugCategory, const DebugTag&) const override { return false; }
};

std::string encoded(const FrameResult& r) {
    ByteWriter w;
    encodeFrameResult(r, w);
    return w.take();
}

std::string tempPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("cdlab-recording-test-" + name)).string();
}

std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A small recording of hand-made frames (one with a CATCH-like detail through the registered codecs).
std::string smallRecording(const std::string& path) {
    RecordingHeader h = makeRecordingHeader(CDLAB_SOURCE_DIR + "/scenes/default.json", {"bvh", "rigid-ccd"});
    RecordingWriter w(path, h);
    for (int f = 0; f < 3; ++f) {
        FrameResult a, b;
        a.t0 = f, a.t1 = f + 1;
        a.contacts.push_back({0, 1, {{1, 2}, {3, 4}}});
        a.counters.add(counter::Contacts, 1);
        a.stages.add("traverse", 0.5);
        b.firstContacts.push_back({0, 1, 0.25 + f, TimeOfContact::Kind::EdgeEdge, MeshFeature::edge(1, 2),
                                   MeshFeature::edge(3, 4), 5, 6, true});
        w.frame({&a, &b});
    }
    w.finish();
    return readBytes(path);
}

void expectRefused(const std::string& bytes, const std::string& needle) {
    try {
        parseRecording(bytes, "bad.cdrec");
        ADD_FAILURE() << "accepted; expected a refusal saying '" << needle << "'";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "bad.cdrec");
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
}

} // namespace

TEST(Recording, EveryFamilyRegistersACodec) {
    std::vector<std::string> names;
    for (const DetailCodec* c : detailCodecs()) names.push_back(c->name);
    EXPECT_EQ(names, (std::vector<std::string>{"catch", "ldi", "sbv"}));
}

/// The assembly scenes take 35-40 s each here (their large meshes' preparation): in the suite labelled slow.
bool slowScene(const std::string& name) {
    return name.rfind("assembly_", 0) == 0;
}

std::vector<std::string> bundledScenes(bool slow) {
    std::vector<std::string> names;
    for (const auto& path : test::bundledScenePaths())
        if (slowScene(path.stem().string()) == slow) names.push_back(path.stem().string());
    return names;
}

class RecordingRoundTrip : public testing::TestWithParam<std::string> {};

// Every bundled scene x one algorithm per family: two frames in the middle of the scene, the second drawn
// (into a sink that wants nothing, so the details a drawn step keeps are filled), recorded, read back. One
// test per scene, so that ctest runs them side by side.
TEST_P(RecordingRoundTrip, ReadsBackWhatTheRunAnswered) {
    const std::string path = CDLAB_SOURCE_DIR + "/scenes/" + GetParam() + ".json";
    const std::vector<std::string> algorithms{"bvh", "rigid-ccd-bm", "catch", "sbv", "ldi:backend=cpu"};
    const Scene scene = loadScene(path);
    std::vector<std::string> labels;
    std::vector<std::vector<FrameResult>> live(2);
    for (const auto& text : algorithms) {
        const AlgorithmSpec spec = AlgorithmSpec::parse(text);
        auto algo = AlgorithmRegistry::instance().create(spec, text);
        try {
            algo->prepare(scene);
        } catch (
            const InputError& e) { // the continuous methods refuse what they cannot follow, as documented
            const std::string what = e.what();
            EXPECT_TRUE(what.find("does not support deforming bodies") != std::string::npos ||
                        what.find("does not follow articulated motion") != std::string::npos)
                << what;
            continue;
        }
        labels.push_back(spec.label());
        WantsNothing sink;
        for (int i = 0; i < 2; ++i) {
            const int f = std::min(scene.frames - 1, scene.frames / 2 + i);
            const double t = scene.frameTime(f, scene.frames);
            live[i].push_back(algo->step(t - scene.frameLength(), t, i == 1 ? &sink : nullptr));
        }
    }
    ASSERT_GE(labels.size(), 3u); // bvh, sbv and ldi run on every scene
    const std::string file = tempPath(GetParam() + ".cdrec");
    {
        RecordingWriter w(file, makeRecordingHeader(path, labels));
        for (const auto& frame : live) {
            std::vector<const FrameResult*> views;
            for (const auto& r : frame) views.push_back(&r);
            w.frame(views);
        }
        w.finish();
    }
    const Recording back = readRecording(file);
    std::filesystem::remove(file);
    EXPECT_EQ(back.header.viewports, labels);
    EXPECT_EQ(back.header.scenePath, path);
    EXPECT_EQ(back.header.sceneJson, readBytes(path)); // replays without the scene file
    ASSERT_EQ(back.frames.size(), 2u);
    for (std::size_t f = 0; f < 2; ++f)
        for (std::size_t v = 0; v < labels.size(); ++v) {
            SCOPED_TRACE(labels[v] + " frame " + std::to_string(f));
            const FrameResult &a = live[f][v], &b = back.frames[f][v];
            EXPECT_EQ(a.hash(), b.hash());
            EXPECT_EQ(encoded(a), encoded(b)); // every field, the details included, bit for bit
            EXPECT_EQ(a.details.size(), b.details.size());
            // catch, sbv and ldi report their family's detail on every frame
            if (labels[v] != "bvh" && labels[v] != "rigid-ccd-bm") {
                EXPECT_EQ(b.details.size(), 1u);
            }
        }
    Recording again;
    again.header = back.header, again.frames = live;
    EXPECT_TRUE(compareRecordings(back, again).equal());
}

INSTANTIATE_TEST_SUITE_P(BundledScenes, RecordingRoundTrip, testing::ValuesIn(bundledScenes(false)),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });
INSTANTIATE_TEST_SUITE_P(BundledScenesSlow, RecordingRoundTrip, testing::ValuesIn(bundledScenes(true)),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(Recording, RefusesForeignTruncatedDamagedAndOtherVersions) {
    const std::string path = tempPath("small.cdrec");
    const std::string good = smallRecording(path);
    std::filesystem::remove(path);
    ASSERT_NO_THROW(parseRecording(good, "good.cdrec"));

    expectRefused("{\"bodies\": []}", "not a cdlab recording");
    expectRefused("", "not a cdlab recording");
    std::string version = good;
    version[8] = 3;
    expectRefused(version, "recording format version 3, this build reads versions 1 to 2");
    // Every cut is refused (most say "truncated"; a cut inside a compressed chunk may be found damaged).
    for (std::size_t n = 8; n < good.size(); ++n) {
        try {
            parseRecording(good.substr(0, n), "cut.cdrec");
            ADD_FAILURE() << "a recording cut at " << n << " of " << good.size() << " bytes was accepted";
        } catch (const InputError& e) {
            const std::string what = e.what();
            EXPECT_EQ(what.rfind("cut.cdrec: ", 0), 0u) << what;
            EXPECT_TRUE(what.find("truncated") != std::string::npos ||
                        what.find("damaged") != std::string::npos)
                << what;
        }
    }
    expectRefused(good.substr(0, good.size() - 1), "");
    expectRefused(good.substr(0, good.size() - 30), "truncated");
    // A flipped byte in a frame's compressed data: refused by zstd or by the chunk's check.
    std::string damaged = good;
    damaged[good.size() / 2] ^= 0x5a;
    expectRefused(damaged, "damaged");
}

TEST(Recording, RefusesAnotherCodecVersion) {
    const std::string path = tempPath("codec.cdrec");
    RecordingHeader h = makeRecordingHeader(CDLAB_SOURCE_DIR + "/scenes/default.json", {"catch"});
    for (auto& [name, version] : h.codecs)
        if (name == "catch") version = 99;
    {
        RecordingWriter w(path, h);
        w.finish();
    }
    const std::string bytes = readBytes(path);
    std::filesystem::remove(path);
    expectRefused(bytes, "the 'catch' detail is encoded in its version 99");
}

TEST(Recording, CompareFindsAPlantedDifference) {
    const std::string path = tempPath("compare.cdrec");
    const Recording a = parseRecording(smallRecording(path), "a");
    std::filesystem::remove(path);
    Recording b = a;
    EXPECT_TRUE(compareRecordings(a, b).equal());
    b.frames[1][0].counters.add(counter::Contacts, 1);
    b.frames[2][1].firstContacts[0].time += 1e-9;
    const RecordingDifferences d = compareRecordings(a, b);
    ASSERT_EQ(d.lines.size(), 2u);
    EXPECT_EQ(d.framesDiffering, 2);
    EXPECT_NE(d.lines[0].find("frame 1"), std::string::npos) << d.lines[0];
    EXPECT_NE(d.lines[0].find("counters: contacts 1 vs 2"), std::string::npos) << d.lines[0];
    EXPECT_NE(d.lines[1].find("frame 2"), std::string::npos) << d.lines[1];
    EXPECT_NE(d.lines[1].find("TOCs"), std::string::npos) << d.lines[1];
}
