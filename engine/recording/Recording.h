// Recording: a run's answers kept in a file (issue 44; Jolt's DebugRendererRecorder, PhysX's OmniPVD): a
// header naming the build, the scene (its path, a hash of its file and its JSON embedded) and the viewports'
// algorithm specs, then per frame every viewport's FrameResult. Written by `cdlab-bench run --record`,
// compared by `cdlab-bench compare-recordings`. The file format (docs/FORMATS.md, "Recordings"): a magic, the
// format version, then chunks, each zstd-compressed with a size and an FNV-1a check of its bytes, so a
// truncated, damaged or foreign file is refused with a message naming the file and what does not match.
#pragma once

#include "pipeline/FrameResult.h"
#include "recording/RecordedDrawing.h"

#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace cdlab {

/// The format version this build writes (2: a frame may carry a drawing chunk); it reads versions 1 and 2.
inline constexpr std::uint32_t kRecordingVersion = 2;
inline constexpr std::uint32_t kOldestRecordingVersion = 1;
/// The first eight bytes of every recording.
inline constexpr std::string_view kRecordingMagic{"CDLABREC", 8};

struct RecordingHeader {
    std::uint32_t version = kRecordingVersion;
    std::string buildCommit; ///< the writing build's git commit (BuildInfo.h)
    std::string buildType;
    std::string scenePath; ///< as given to the writer
    /// The scene file's text, embedded so that a recording opens where its scene file is not (another
    /// machine, CI's artefacts); meshes it names by path are not embedded (scenePath's folder resolves them).
    std::string sceneJson;
    std::uint64_t sceneHash = 0; ///< FNV-1a of sceneJson: tells two recordings of different scenes apart
    std::vector<std::string> viewports; ///< each viewport's algorithm spec, as the bench labels it
    /// The family detail codecs (name, version) of the writing build; a reader refuses other versions.
    std::vector<std::pair<std::string, std::uint32_t>> codecs;
};

struct Recording {
    RecordingHeader header;
    /// frames[f][v]: frame f's FrameResult of viewport v.
    std::vector<std::vector<FrameResult>> frames;
    /// drawings[f][v]: frame f's debug drawing of viewport v, when the recording kept the drawing (`run
    /// --record-drawing`, the viewer's File > Record); empty when it did not.
    std::vector<std::vector<RecordedDrawing>> drawings;
};

/// Writes a recording frame by frame: the header on construction, a chunk per frame, the end chunk (with the
/// frame count) on finish(); a file without its end chunk reads as truncated. Throws InputError when the
/// file cannot be written.
class RecordingWriter {
public:
    RecordingWriter(const std::string& path, RecordingHeader header);
    /// One frame: a FrameResult per viewport, in the header's order.
    void frame(const std::vector<const FrameResult*>& viewports);
    /// The frame's drawing, one per viewport, right after frame(): a chunk of its own, so that a reader
    /// skips nothing it needs and a recording without drawing costs nothing.
    void drawing(const std::vector<const RecordedDrawing*>& viewports);
    /// The bytes the drawing chunks took (compressed, with their heads).
    std::uint64_t drawingBytes() const { return m_drawingBytes; }
    void finish();
    std::uint64_t bytesWritten() const { return m_bytes; }
    /// The magic, the version and the header chunk (the scene's text, the specs).
    std::uint64_t headerBytes() const { return m_headerBytes; }
    int framesWritten() const { return m_frames; }

private:
    void chunk(char kind, const std::string& raw);
    std::string m_path;
    std::ofstream m_out;
    std::size_t m_viewports = 0;
    std::uint64_t m_bytes = 0, m_headerBytes = 0, m_drawingBytes = 0;
    bool m_drawingDue = false; ///< frame() was called and drawing() not yet
    int m_frames = 0;
    bool m_finished = false;
};

/// A header for `scenePath` (its text read and hashed) and the viewports' specs, with this build's identity
/// and codecs. Throws InputError when the scene file cannot be read.
RecordingHeader makeRecordingHeader(const std::string& scenePath, std::vector<std::string> viewports);

/// Reads a recording; `name` names it in errors. Refuses (InputError naming `name`) a file that is not a
/// recording, one of another format version or codec version, a truncated or damaged one.
Recording parseRecording(std::string_view bytes, const std::string& name);
Recording readRecording(const std::string& path);
/// Whether `path` is to be opened as a recording: its name ends in .cdrec or it starts with the magic.
bool isRecordingFile(const std::string& path);

} // namespace cdlab
