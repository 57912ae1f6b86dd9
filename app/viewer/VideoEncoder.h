// VideoEncoder: RGBA frames in, a video file out — MP4 (H.264 through libavcodec's libx264, yuv420p) or an
// animated GIF (libavcodec's GIF encoder on palette frames quantised by VideoPalette), chosen by the file's
// extension. No GL: the viewer reads its framebuffer back and hands the pixels over (VideoExport), the tests
// encode synthetic frames. Bad input (an unknown extension, a path that cannot be written, an encoder this
// libavcodec lacks) is an InputError naming the file, raised by the constructor, before any frame renders.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace cdlab {

class VideoEncoder {
public:
    enum class Format { Mp4, Gif };
    /// The format `path`'s extension names (.mp4, .gif, any case); InputError naming the file otherwise.
    static Format formatOf(const std::string& path);

    /// Opens `path` for writing at `fps` frames per second (InputError naming the file when it cannot be).
    VideoEncoder(const std::string& path, double fps);
    /// Without finish() (an error, a cancelled export) the partial file is removed.
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    /// Changes the frame rate before the first frame (the viewer learns the scene's once it has loaded).
    void setFrameRate(double fps);
    double frameRate() const { return m_fps; }

    /// Encodes one frame: RGBA pixels, `width` x `height`, rows `stride` bytes apart from the top row at
    /// `rgba` (negative: a bottom-up buffer such as glReadPixels', `rgba` pointing at its last row). The
    /// first frame sets the video's size; every frame has it. H.264 in yuv420p needs even sizes: an odd
    /// width or height loses its last column or row.
    void addFrame(const std::uint8_t* rgba, int width, int height, std::ptrdiff_t stride);
    /// Drains the encoder, writes the container's trailer and closes the file (nothing written when no
    /// frame was added: an InputError).
    void finish();

    Format format() const { return m_format; }
    const std::string& path() const { return m_path; }
    int frames() const { return m_frames; }
    int width() const;  ///< the encoded size (0 before the first frame)
    int height() const; ///<
    /// Seconds spent converting and encoding (addFrame and finish): the encoder's share of an export.
    double encodeSeconds() const { return m_encodeSeconds; }

private:
    struct Av; ///< libavformat's and libavcodec's state (kept out of this header)
    void open(int width, int height);
    /// Sends a frame (nullptr: the end) and writes every packet the encoder hands back.
    void send(bool flush);
    [[noreturn]] void fail(const std::string& what, int averror) const;

    std::string m_path;
    Format m_format;
    double m_fps = 30;
    std::unique_ptr<Av> m_av;
    int m_frames = 0;
    bool m_finished = false;
    double m_encodeSeconds = 0;
};

} // namespace cdlab
