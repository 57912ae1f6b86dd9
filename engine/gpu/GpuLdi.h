// GpuLdi: the LDI penetration query on OpenGL 4.5 (ldi-notes §7.2-7.5). One build pass draws both bodies'
// kept triangles (LdiGeometry) into per-pixel fragment lists — a head image, a node pool with an atomic
// counter, and per-body winding counters for the fragments in front of Q — and one compute pass resolves
// every pixel as the CPU reference does (CpuLdi) and reduces the volume, counts and maxima per work group, so
// only a few kilobytes come back (the images too when asked for). A pool overflow is counted, reported and,
// when allowed, answered by growing the pool to the fragments counted and running again. Runs on GpuDevice's
// thread; build and resolve times come from GL timestamp queries.
#pragma once

#include "ldi/LdiQuery.h"

#include <memory>

namespace cdlab {

class GpuDevice;

class GpuLdi : public LdiQuery {
public:
    /// Throws std::runtime_error with the reason when there is no OpenGL 4.5 device (GpuDevice::get).
    GpuLdi();
    ~GpuLdi() override;
    LdiResult run(const LdiBody& a, const LdiBody& b, const LdiFrame& frame,
                  const LdiOptions& options) override;
    const char* name() const override { return "gpu"; }

    struct Resources;

private:
    GpuDevice* m_device;
    std::unique_ptr<Resources> m_gl; ///< GL names, created, used and deleted on the device's thread
};

} // namespace cdlab
