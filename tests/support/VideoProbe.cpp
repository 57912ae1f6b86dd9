// cdlab-video-probe FILE [FRAME OUT.png]: decodes a video as a player would (VideoReader) and prints its
// codec, frame count, size and frame rate, so the viewer's CLI tests can check what `cdlab --video` wrote;
// with FRAME and OUT.png, also writes that decoded frame as a PNG (to look at it).
#include "VideoReader.h"

#include <cstdio>
#include <stb_image_write.h>
#include <stdexcept>
#include <string>

int main(int argc, char** argv) {
    if (argc != 2 && argc != 4) {
        std::fprintf(stderr, "usage: cdlab-video-probe FILE [FRAME OUT.png]\n");
        return 2;
    }
    try {
        const auto v = cdlab::test::decodeVideo(argv[1], argc == 4);
        std::printf("codec %s frames %d size %dx%d fps %.3f\n", v.codec.c_str(), v.frames, v.width, v.height,
                    v.fps);
        if (argc == 4) {
            const int k = std::stoi(argv[2]);
            if (k < 0 || k >= v.frames) throw std::runtime_error("no frame " + std::string(argv[2]));
            if (!stbi_write_png(argv[3], v.width, v.height, 3, v.rgb[std::size_t(k)].data(), v.width * 3))
                throw std::runtime_error(std::string("cannot write ") + argv[3]);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
    return 0;
}
