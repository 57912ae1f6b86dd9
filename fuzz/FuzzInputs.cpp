#include "FuzzInputs.h"

#include "ccd/CcdQueryFile.h"
#include "core/InputError.h"
#include "mesh/MeshImporter.h"
#include "mesh/ObjCheck.h"
#include "recording/FrameResultCodec.h"
#include "recording/Recording.h"
#include "scene/GltfModel.h"
#include "scene/SceneLoader.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <vector>

namespace cdlab::fuzz {

namespace {

constexpr std::size_t kMaxSceneBytes = 64 * 1024;
constexpr std::uintmax_t kMaxSceneFileBytes = 1024 * 1024;
constexpr std::size_t kMaxRecordingBytes = 256 * 1024;
// Work caps for the scene target: a generator asked for 20 million triangles is a valid scene that takes
// minutes, not a bug, and libFuzzer's -timeout would report it as one. The caps keep every bundled scene.
const std::map<std::string, double> kSceneCaps = {
    {"triangles", 20'000}, {"car_triangles", 5'000}, {"cars", 8}};

/// A private folder under /tmp for the files this process writes (one at a time), removed at exit: a file
/// the input names relatively (a glTF buffer's uri) then finds nothing but what the input itself is.
class TempFolder {
public:
    TempFolder() {
        char name[] = "/tmp/cdlab-fuzz-XXXXXX";
        if (!mkdtemp(name)) throw std::runtime_error("fuzz: cannot create a folder under /tmp");
        m_path = name;
    }
    ~TempFolder() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    /// Writes `data` to the folder's file `input<extension>` and returns its path.
    std::string write(const std::uint8_t* data, std::size_t size, const std::string& extension) const {
        std::string path = m_path + "/input" + extension;
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
        if (!out) throw std::runtime_error("fuzz: cannot write " + path);
        return path;
    }

private:
    std::string m_path;
};

const TempFolder& tempFolder() {
    static TempFolder folder;
    return folder;
}

/// Runs `parse`, InputError being a refusal; anything else escapes.
template <class F> Outcome refusedOrAccepted(F&& parse) {
    try {
        parse();
        return Outcome::Accepted;
    } catch (const InputError&) {
        return Outcome::Refused;
    }
}

/// Whether the scene JSON asks for more work than the caps allow or names a mesh file that is not a small
/// regular file. Walks the document with a stack of its own (inputs nest thousands of levels deep).
bool sceneOverCaps(const nlohmann::json& doc, const std::filesystem::path& baseDir) {
    std::vector<const nlohmann::json*> todo{&doc};
    while (!todo.empty()) {
        const nlohmann::json* v = todo.back();
        todo.pop_back();
        if (v->is_array())
            for (const nlohmann::json& e : *v) todo.push_back(&e);
        if (!v->is_object()) continue;
        for (auto it = v->begin(); it != v->end(); ++it) {
            todo.push_back(&it.value());
            auto cap = kSceneCaps.find(it.key());
            if (cap != kSceneCaps.end() && it.value().is_number() &&
                !(it.value().get<double>() <= cap->second))
                return true;
            if (it.key() == "file" && it.value().is_string()) {
                std::error_code ec;
                std::filesystem::path file = baseDir / it.value().get<std::string>();
                if (!std::filesystem::is_regular_file(file, ec) ||
                    std::filesystem::file_size(file, ec) > kMaxSceneFileBytes || ec)
                    return true;
            }
        }
    }
    return false;
}

} // namespace

Outcome runScene(const std::uint8_t* data, std::size_t size, const std::string& baseDir) {
    if (size > kMaxSceneBytes) return Outcome::Skipped;
    std::string text(reinterpret_cast<const char*>(data), size);
    // Text that is no JSON goes straight to the parser (its error path is fuzzed too).
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_discarded() && sceneOverCaps(doc, baseDir)) return Outcome::Skipped;
    return refusedOrAccepted([&] { parseScene(text, "<fuzz>", baseDir); });
}

Outcome runObjCheck(const std::uint8_t* data, std::size_t size) {
    std::string path = tempFolder().write(data, size, ".obj");
    return refusedOrAccepted([&] { checkObjLines(path); });
}

Outcome runCcdQueries(const std::uint8_t* data, std::size_t size) {
    std::string path = tempFolder().write(data, size, ".csv");
    return refusedOrAccepted([&] { readCcdQueries(path); });
}

const char* meshExtension(std::uint8_t selector) {
    static const char* kExtensions[] = {".ply", ".stl", ".obj", ".gltf", ".glb"};
    return kExtensions[selector % 5];
}

Outcome runMeshImport(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return Outcome::Skipped;
    std::string path = tempFolder().write(data + 1, size - 1, meshExtension(data[0]));
    return refusedOrAccepted([&] { importMesh(path); });
}

Outcome runGltfModel(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return Outcome::Skipped;
    std::string path = tempFolder().write(data + 1, size - 1, data[0] % 2 ? ".glb" : ".gltf");
    return refusedOrAccepted([&] { importGltfModel(path); });
}

Outcome runRecording(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > kMaxRecordingBytes) return Outcome::Skipped;
    const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
    // What was read must encode back to bytes that decode the same (a codec that reads more or less than it
    // writes is a finding).
    auto reencodes = [](const FrameResult& f) {
        ByteWriter w;
        encodeFrameResult(f, w);
        ByteReader back(w.bytes(), "<fuzz re-encoded>");
        ByteWriter again;
        encodeFrameResult(decodeFrameResult(back), again);
        if (!back.done() || again.bytes() != w.bytes())
            throw std::logic_error("a recorded frame does not survive encoding again");
    };
    // A drawing (the drawing chunk's per-viewport part) must encode back to the bytes it was read from.
    auto drawingReencodes = [](const RecordedDrawing& d) {
        ByteWriter w;
        encodeDrawing(d, w);
        ByteReader back(w.bytes(), "<fuzz re-encoded>");
        if (!(decodeDrawing(back) == d) || !back.done())
            throw std::logic_error("a recorded drawing does not survive encoding again");
    };
    if (data[0] % 2 == 1) // one frame's encoding as it is inside a chunk, past the compression and checks
        return refusedOrAccepted([&] {
            ByteReader r(bytes, "<fuzz>");
            reencodes(decodeFrameResult(r));
        });
    if (data[0] % 4 == 2) // one viewport's drawing as it is inside a drawing chunk
        return refusedOrAccepted([&] {
            ByteReader r(bytes, "<fuzz>");
            drawingReencodes(decodeDrawing(r));
        });
    return refusedOrAccepted([&] {
        const Recording rec = parseRecording(bytes, "<fuzz>");
        for (const auto& frame : rec.frames)
            for (const FrameResult& f : frame) reencodes(f);
        for (const auto& frame : rec.drawings)
            for (const RecordedDrawing& d : frame) drawingReencodes(d);
    });
}

} // namespace cdlab::fuzz
