#include "VideoExport.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <glad/gl.h>

namespace cdlab {

VideoExport::VideoExport(const std::string& path, int frames, double fps, bool progressBar)
    : m_encoder(path, fps > 0 ? fps : 30), m_frames(frames), m_requestedFps(fps) {
    if (progressBar) m_bar.emplace();
}

double VideoExport::frameRate(double requested, double frameLength) {
    if (requested > 0) return requested;
    const double sceneRate = frameLength > 0 ? 1 / frameLength : 0;
    return sceneRate >= 1 && sceneRate <= 240 ? sceneRate : 30;
}

void VideoExport::capture(unsigned fbo, int width, int height, double frameLength) {
    if (captured() == 0) {
        m_encoder.setFrameRate(frameRate(m_requestedFps, frameLength));
        m_clock.restart();
    }
    glFinish(); // the renderer's work (llvmpipe draws on its own threads) counts as drawing, not reading
    Stopwatch read;
    m_pixels.resize(std::size_t(width) * height * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, m_pixels.data());
    m_readSeconds += read.ms() / 1000;
    // GL's rows run bottom-up: the encoder reads them from the last row up (a negative stride).
    const std::ptrdiff_t stride = std::ptrdiff_t(width) * 4;
    m_encoder.addFrame(m_pixels.data() + stride * (height - 1), width, height, -stride);
    if (m_bar)
        m_bar->update(fraction(),
                      "video frame " + std::to_string(captured()) + "/" + std::to_string(m_frames));
}

std::string VideoExport::finish() {
    m_encoder.finish();
    if (m_bar) m_bar->finish();
    const double total = m_clock.ms() / 1000, encode = m_encoder.encodeSeconds();
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(m_encoder.path(), ec);
    char line[512];
    std::snprintf(line, sizeof line,
                  "video %s: %d frames, %dx%d at %.3g fps, %.2f MB; %.2f s: drawing %.2f s, reading back "
                  "%.2f s, encoding %.2f s (%.1f frames/s encoded, %.1f frames/s in all)",
                  m_encoder.path().c_str(), captured(), m_encoder.width(), m_encoder.height(),
                  m_encoder.frameRate(), ec ? 0.0 : double(bytes) / 1e6, total,
                  std::max(0.0, total - m_readSeconds - encode), m_readSeconds, encode,
                  encode > 0 ? captured() / encode : 0.0, total > 0 ? captured() / total : 0.0);
    return line;
}

} // namespace cdlab
