#include "VideoEncoder.h"

#include "VideoPalette.h"
#include "core/Assert.h"
#include "core/InputError.h"
#include "core/Stopwatch.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <optional>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace cdlab {

namespace {

// H.264's rate control: constant quality (CRF 23, x264's default, "visually near lossless" for our flat
// shading) at the "veryfast" preset, which keeps a 1280x720 export well above 5 frames encoded per second on
// two cores; the scenes' large still areas keep a 10-second clip far below 5 MB (docs/BENCHMARKS.md).
constexpr const char* kX264Preset = "veryfast";
constexpr const char* kX264Crf = "23";

std::string averrorText(int averror) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(averror, text, sizeof text);
    return text;
}

} // namespace

struct VideoEncoder::Av {
    AVFormatContext* format = nullptr;
    AVCodecContext* codec = nullptr;
    const AVCodec* encoder = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* sws = nullptr;
    std::optional<VideoPalette> palette; ///< GIF: from the first frame
    bool headerWritten = false;

    ~Av() {
        sws_freeContext(sws);
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&codec);
        if (format) {
            if (format->pb) avio_closep(&format->pb);
            avformat_free_context(format);
        }
    }
};

VideoEncoder::Format VideoEncoder::formatOf(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == ".mp4") return Format::Mp4;
    if (ext == ".gif") return Format::Gif;
    throw InputError(path, "",
                     (ext.empty() ? std::string("no extension") : "unknown video format '" + ext + "'") +
                         ": write .mp4 (H.264) or .gif");
}

VideoEncoder::VideoEncoder(const std::string& path, double fps)
    : m_path(path), m_format(formatOf(path)), m_av(std::make_unique<Av>()) {
    setFrameRate(fps);
    av_log_set_level(AV_LOG_ERROR); // libav's own chatter stays off stderr; its errors are ours to report
    const char* muxer = m_format == Format::Mp4 ? "mp4" : "gif";
    if (int e = avformat_alloc_output_context2(&m_av->format, nullptr, muxer, path.c_str()); e < 0)
        fail(std::string("libavformat has no ") + muxer + " muxer", e);
    m_av->encoder = m_format == Format::Mp4 ? avcodec_find_encoder_by_name("libx264")
                                            : avcodec_find_encoder(AV_CODEC_ID_GIF);
    if (!m_av->encoder)
        throw InputError(path, "",
                         m_format == Format::Mp4
                             ? "this libavcodec has no H.264 encoder (libx264); install Debian's libavcodec59"
                             : "this libavcodec has no GIF encoder");
    // Opened now, so that a path that cannot be written fails before the first frame is rendered.
    if (int e = avio_open(&m_av->format->pb, path.c_str(), AVIO_FLAG_WRITE); e < 0)
        fail("cannot write the video", e);
}

VideoEncoder::~VideoEncoder() {
    if (m_finished) return;
    const bool opened = m_av && m_av->format && m_av->format->pb;
    m_av.reset(); // closes the file
    if (opened) {
        std::error_code ec;
        std::filesystem::remove(m_path, ec); // a partial video would not play to its end
    }
}

void VideoEncoder::setFrameRate(double fps) {
    CDLAB_ASSERT(m_frames == 0, "the frame rate is set before the first frame");
    if (!(fps > 0 && fps <= 1000)) throw InputError(m_path, "", "frame rate must lie in (0, 1000] frames/s");
    m_fps = fps;
}

int VideoEncoder::width() const {
    return m_av && m_av->codec ? m_av->codec->width : 0;
}

int VideoEncoder::height() const {
    return m_av && m_av->codec ? m_av->codec->height : 0;
}

void VideoEncoder::fail(const std::string& what, int averror) const {
    throw InputError(m_path, "", what + " (" + averrorText(averror) + ")");
}

void VideoEncoder::open(int width, int height) {
    Av& av = *m_av;
    const bool mp4 = m_format == Format::Mp4;
    av.codec = avcodec_alloc_context3(av.encoder);
    av.frame = av_frame_alloc();
    av.packet = av_packet_alloc();
    if (!av.codec || !av.frame || !av.packet) throw std::bad_alloc();
    av.codec->width = mp4 ? width & ~1 : width; // 4:2:0 chroma: H.264 takes even sizes only
    av.codec->height = mp4 ? height & ~1 : height;
    if (av.codec->width < 2 || av.codec->height < 2)
        throw InputError(m_path, "", "a video frame needs at least 2x2 pixels");
    const AVRational rate = av_d2q(m_fps, 1000000);
    av.codec->time_base = av_inv_q(rate);
    av.codec->framerate = rate;
    av.codec->pix_fmt = mp4 ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_PAL8;
    if (mp4) {
        av_opt_set(av.codec->priv_data, "preset", kX264Preset, 0);
        av_opt_set(av.codec->priv_data, "crf", kX264Crf, 0);
        // swscale's RGB to YUV uses BT.601's matrix in limited range: say so, so players convert back alike.
        av.codec->colorspace = AVCOL_SPC_SMPTE170M;
        av.codec->color_range = AVCOL_RANGE_MPEG;
        av.sws = sws_getContext(av.codec->width, av.codec->height, AV_PIX_FMT_RGBA, av.codec->width,
                                av.codec->height, AV_PIX_FMT_YUV420P, SWS_POINT, nullptr, nullptr, nullptr);
        if (!av.sws) throw InputError(m_path, "", "swscale cannot convert RGBA to yuv420p");
    }
    if (av.format->oformat->flags & AVFMT_GLOBALHEADER) av.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (int e = avcodec_open2(av.codec, av.encoder, nullptr); e < 0) fail("cannot open the encoder", e);
    av.stream = avformat_new_stream(av.format, nullptr);
    if (!av.stream) throw std::bad_alloc();
    av.stream->time_base = av.codec->time_base;
    av.stream->avg_frame_rate = rate;
    if (int e = avcodec_parameters_from_context(av.stream->codecpar, av.codec); e < 0)
        fail("cannot set the stream's parameters", e);
    AVDictionary* options = nullptr;
    if (mp4) av_dict_set(&options, "movflags", "+faststart", 0); // the index first: plays while loading
    const int e = avformat_write_header(av.format, &options);
    av_dict_free(&options);
    if (e < 0) fail("cannot write the video's header", e);
    av.headerWritten = true;
    av.frame->format = av.codec->pix_fmt;
    av.frame->width = av.codec->width, av.frame->height = av.codec->height;
    if (int e2 = av_frame_get_buffer(av.frame, 0); e2 < 0) fail("cannot allocate a frame", e2);
}

void VideoEncoder::addFrame(const std::uint8_t* rgba, int width, int height, std::ptrdiff_t stride) {
    CDLAB_ASSERT(!m_finished, "no frame after finish()");
    Stopwatch clock;
    Av& av = *m_av;
    if (!av.codec) open(width, height);
    const bool mp4 = m_format == Format::Mp4;
    if ((mp4 ? width & ~1 : width) != av.codec->width || (mp4 ? height & ~1 : height) != av.codec->height)
        throw InputError(m_path, "",
                         "frame " + std::to_string(m_frames) + " is " + std::to_string(width) + "x" +
                             std::to_string(height) + ", the video " + std::to_string(av.codec->width) + "x" +
                             std::to_string(av.codec->height));
    if (int e = av_frame_make_writable(av.frame); e < 0) fail("cannot write a frame", e);
    if (mp4) {
        const std::uint8_t* src[1] = {rgba};
        const int srcStride[1] = {int(stride)}; // negative: bottom-up rows, as swscale allows for RGBA
        sws_scale(av.sws, src, srcStride, 0, av.codec->height, av.frame->data, av.frame->linesize);
    } else {
        if (!av.palette) av.palette = VideoPalette::fromFrame(rgba, width, height, stride);
        av.palette->map(rgba, width, height, stride, av.frame->data[0], av.frame->linesize[0]);
        std::copy(av.palette->argb().begin(), av.palette->argb().end(),
                  reinterpret_cast<std::uint32_t*>(av.frame->data[1]));
    }
    av.frame->pts = m_frames++;
    send(false);
    m_encodeSeconds += clock.ms() / 1000;
}

void VideoEncoder::send(bool flush) {
    Av& av = *m_av;
    if (int e = avcodec_send_frame(av.codec, flush ? nullptr : av.frame); e < 0)
        fail("the encoder refused a frame", e);
    for (;;) {
        const int e = avcodec_receive_packet(av.codec, av.packet);
        if (e == AVERROR(EAGAIN) || e == AVERROR_EOF) return;
        if (e < 0) fail("the encoder failed", e);
        av_packet_rescale_ts(av.packet, av.codec->time_base, av.stream->time_base);
        av.packet->stream_index = av.stream->index;
        if (int w = av_interleaved_write_frame(av.format, av.packet); w < 0)
            fail("cannot write the video", w);
    }
}

void VideoEncoder::finish() {
    if (m_finished) return;
    if (m_frames == 0) throw InputError(m_path, "", "no frame to write");
    Stopwatch clock;
    send(true);
    if (int e = av_write_trailer(m_av->format); e < 0) fail("cannot finish the video", e);
    if (int e = avio_closep(&m_av->format->pb); e < 0) fail("cannot close the video", e);
    m_finished = true;
    m_encodeSeconds += clock.ms() / 1000;
}

} // namespace cdlab
