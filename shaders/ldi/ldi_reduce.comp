#version 450 core
// LDI reduction: one invocation per pixel row sums what ldi_resolve.comp left per pixel — overlap length,
// its maximum, the overlap / invalid / truncated pixel counts, §5's gradient count, the most fragments in a
// pixel — into one record per row; only those rows' records are read back.
layout(local_size_x = 64) in;
layout(binding = 2, r32f) uniform readonly image2D uLength;
layout(binding = 5, r32ui) uniform readonly uimage2D uFlags;
layout(binding = 6, r32i) uniform readonly iimage2D uGradient;
struct Partial {
    float sumLength;
    float maxLength;
    uint overlap;
    uint invalid;
    uint truncated;
    int gradient;
    uint layers;
    uint pad;
};
layout(std430, binding = 2) writeonly buffer PartialBuf { Partial partials[]; };
void main() {
    ivec2 size = imageSize(uLength);
    int row = int(gl_GlobalInvocationID.x);
    if (row >= size.y) return;
    Partial p = Partial(0.0, 0.0, 0u, 0u, 0u, 0, 0u, 0u);
    for (int i = 0; i < size.x; ++i) {
        ivec2 px = ivec2(i, row);
        float len = imageLoad(uLength, px).x;
        uint f = imageLoad(uFlags, px).x;
        p.sumLength += len;
        p.maxLength = max(p.maxLength, len);
        if ((f & 4u) != 0u) ++p.overlap;
        if ((f & 8u) != 0u) ++p.invalid;
        if ((f & 2u) != 0u) ++p.truncated;
        p.gradient += imageLoad(uGradient, px).x;
        p.layers = max(p.layers, f >> 8);
    }
    partials[row] = p;
}
