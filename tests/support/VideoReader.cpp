#include "VideoReader.h"

#include <memory>
#include <stdexcept>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

namespace cdlab::test {

DecodedVideo decodeVideo(const std::string& path, bool keepFrames) {
    auto fail = [&](const std::string& what) { throw std::runtime_error(path + ": " + what); };
    AVFormatContext* format = nullptr;
    if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) fail("cannot open");
    std::unique_ptr<AVFormatContext*, void (*)(AVFormatContext**)> formatGuard(&format, avformat_close_input);
    if (avformat_find_stream_info(format, nullptr) < 0) fail("no stream information");
    const AVCodec* decoder = nullptr;
    const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (index < 0 || !decoder) fail("no video stream");
    AVCodecContext* codec = avcodec_alloc_context3(decoder);
    std::unique_ptr<AVCodecContext*, void (*)(AVCodecContext**)> codecGuard(&codec, avcodec_free_context);
    avcodec_parameters_to_context(codec, format->streams[index]->codecpar);
    if (avcodec_open2(codec, decoder, nullptr) < 0) fail("cannot open the decoder");
    DecodedVideo out;
    out.codec = decoder->name;
    out.fps = av_q2d(format->streams[index]->avg_frame_rate);
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    SwsContext* sws = nullptr;
    auto drain = [&] {
        while (avcodec_receive_frame(codec, frame) == 0) {
            ++out.frames;
            out.width = frame->width, out.height = frame->height;
            if (!keepFrames) continue;
            sws = sws_getCachedContext(sws, frame->width, frame->height, AVPixelFormat(frame->format),
                                       frame->width, frame->height, AV_PIX_FMT_RGB24, SWS_POINT, nullptr,
                                       nullptr, nullptr);
            out.rgb.emplace_back(std::size_t(frame->width) * frame->height * 3);
            std::uint8_t* dst[1] = {out.rgb.back().data()};
            const int dstStride[1] = {frame->width * 3};
            sws_scale(sws, frame->data, frame->linesize, 0, frame->height, dst, dstStride);
        }
    };
    while (av_read_frame(format, packet) >= 0) {
        if (packet->stream_index == index && avcodec_send_packet(codec, packet) >= 0) drain();
        av_packet_unref(packet);
    }
    avcodec_send_packet(codec, nullptr); // flush: the frames the decoder still holds
    drain();
    sws_freeContext(sws);
    av_frame_free(&frame);
    av_packet_free(&packet);
    return out;
}

} // namespace cdlab::test
