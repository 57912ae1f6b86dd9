// VideoExport: a video of the viewer's frames — each frame, once drawn, is read back from its framebuffer
// and handed to a VideoEncoder, with progress (a bar on stderr for `cdlab --video`, a fraction for the File
// menu's export panel) and the time split between drawing, reading back and encoding. The frames are the
// scene's grid frames the caller steps (Automation's scripted frames, or the export panel's), never
// wall-clock ones, so a video made on llvmpipe moves as smoothly as one made on a GPU.
#pragma once

#include "ProgressBar.h"
#include "VideoEncoder.h"
#include "core/Stopwatch.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdlab {

class VideoExport {
public:
    /// Opens `path` (InputError naming it: unknown extension, not writable, no encoder) for `frames`
    /// frames at `fps` (0: the scene's frame rate, see frameRate()); `progressBar`: a bar on stderr.
    VideoExport(const std::string& path, int frames, double fps, bool progressBar);

    /// The video's frame rate: `requested` when positive, else the scene's own (one frame per frame of its
    /// grid, `frameLength` seconds each) when that lies in [1, 240] frames/s, else 30.
    static double frameRate(double requested, double frameLength);

    /// Reads framebuffer `fbo` (`width` x `height`, GL's bottom-up rows) back and encodes it as the next
    /// frame; `frameLength`: the scene's, for the default frame rate (taken at the first frame).
    void capture(unsigned fbo, int width, int height, double frameLength);
    int frames() const { return m_frames; }
    int captured() const { return m_encoder.frames(); }
    bool done() const { return captured() >= m_frames; }
    double fraction() const { return m_frames > 0 ? double(captured()) / m_frames : 1; }
    /// Finishes the file and returns the line that says what was written and where the time went.
    std::string finish();
    const std::string& path() const { return m_encoder.path(); }

private:
    VideoEncoder m_encoder;
    int m_frames;
    double m_requestedFps;
    std::optional<ProgressBar> m_bar;
    Stopwatch m_clock; ///< from the first frame captured
    double m_readSeconds = 0;
    std::vector<unsigned char> m_pixels;
};

} // namespace cdlab
