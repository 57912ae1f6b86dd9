#version 450 core
// LDI resolve pass (ldi-notes §7.4), one invocation per pixel: gather the pixel's fragments, sort them (those at
// one depth are taken together: touching is not overlap), sweep the two winding counters from their values at Q's
// front and measure where both are positive. The same rules as engine/ldi/CpuLdi.cpp, the reference. The
// per-pixel answers go to images; ldi_reduce.comp sums them by rows (no barrier: llvmpipe runs work groups
// with barriers as coroutines, several times slower).
layout(local_size_x = 8, local_size_y = 8) in;
#define K 64 // kLdiMaxLayers
layout(binding = 0, r32ui) uniform readonly uimage2D uHead;
layout(binding = 1, r32i) uniform readonly iimage2DArray uWind;
layout(binding = 2, r32f) uniform writeonly image2D uLength;
layout(binding = 3, r32f) uniform writeonly image2D uFirst;
layout(binding = 4, r32f) uniform writeonly image2D uLast;
layout(binding = 5, r32ui) uniform writeonly uimage2D uFlags; // flag bits | fragment count << 8
layout(binding = 6, r32i) uniform writeonly iimage2D uGradient; // §5's endpoint ownership count
struct Node {
    float z;
    uint meta;
    uint next;
};
layout(std430, binding = 0) readonly buffer NodeBuf { Node nodes[]; };
struct RowNode {
    float z;
    uint meta;
};
layout(std430, binding = 3) writeonly buffer RowBuf { RowNode rowNodes[]; };    // W * K
layout(std430, binding = 4) writeonly buffer RowHeadBuf { ivec4 rowHeads[]; }; // W: count, cA, cB
layout(location = 0) uniform float uDepth;
layout(location = 1) uniform int uMaxLayers;
layout(location = 3) uniform int uRow;
const uint END = 0xFFFFFFFFu;

void main() {
    ivec2 size = imageSize(uHead);
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(px, size))) return;
    float len = 0.0;
    uint flags = 0u;
    int grad = 0;
    uint count = 0u;
    {
        float z[K];
        uint m[K];
        int n = 0;
        for (uint i = imageLoad(uHead, px).x; i != END; i = nodes[i].next) {
            if (n < K) {
                z[n] = nodes[i].z;
                m[n] = nodes[i].meta;
            }
            ++n;
        }
        count = uint(n);
        int kept = min(n, K);
        for (int a = 1; a < kept; ++a) { // insertion sort: a handful of fragments per pixel
            float kz = z[a];
            uint km = m[a];
            int b = a - 1;
            while (b >= 0 && (z[b] > kz || (z[b] == kz && ((m[b] >> 30) & 1u) > ((km >> 30) & 1u)))) {
                z[b + 1] = z[b];
                m[b + 1] = m[b];
                --b;
            }
            z[b + 1] = kz;
            m[b + 1] = km;
        }
        int c0 = imageLoad(uWind, ivec3(px, 0)).x, c1 = imageLoad(uWind, ivec3(px, 1)).x;
        if (px.y == uRow) {
            rowHeads[px.x] = ivec4(kept, c0, c1, n);
            for (int k = 0; k < kept; ++k) rowNodes[px.x * K + k] = RowNode(z[k], m[k]);
        }
        float first = 0.0, last = 0.0;
        if (n > uMaxLayers) {
            flags = 2u; // truncated: not resolved
        } else {
            bool valid = c0 >= 0 && c1 >= 0;
            bool both = c0 > 0 && c1 > 0;
            bool any = both;
            uint lowerOwner = both ? 2u : 0u;
            float zPrev = 0.0;
            // Fragments at one depth are taken together (a silhouette's entry and exit, touching bodies), as
            // CpuLdi does: the state is judged only where the depth changes. One loop, not a nested one:
            // llvmpipe compiles the nested form several times slower.
            bool entryB = false, exitB = false;
            for (int k = 0; k < n; ++k) {
                if (both) len += z[k] - zPrev;
                zPrev = z[k];
                uint body = m[k] >> 31;
                bool entry = ((m[k] >> 30) & 1u) == 1u;
                if (body == 0u) c0 += entry ? 1 : -1; else c1 += entry ? 1 : -1;
                if (body == 1u) {
                    entryB = entryB || entry;
                    exitB = exitB || !entry;
                }
                if (k + 1 < n && z[k + 1] == z[k]) continue;
                if (c0 < 0 || c1 < 0) valid = false;
                bool now = c0 > 0 && c1 > 0;
                if (now && !both) {
                    if (!any) first = z[k];
                    any = true;
                    lowerOwner = entryB ? 1u : 0u;
                } else if (!now && both) {
                    last = z[k];
                    grad += (exitB ? 1 : 0) - (lowerOwner == 1u ? 1 : 0);
                }
                both = now;
                entryB = false;
                exitB = false;
            }
            if (both) {
                len += uDepth - zPrev;
                last = uDepth;
            }
            if (c0 + imageLoad(uWind, ivec3(px, 2)).x != 0 || c1 + imageLoad(uWind, ivec3(px, 3)).x != 0)
                valid = false; // a hole or a flipped face on this ray
            if (!valid) {
                len = 0.0;
                grad = 0;
                flags = 8u; // invalid (host-side bit; LdiValid is left unset)
            } else {
                flags = 1u | (len > 0.0 ? 4u : 0u);
            }
        }
        imageStore(uLength, px, vec4(len));
        imageStore(uFirst, px, vec4(first));
        imageStore(uLast, px, vec4(last));
        imageStore(uFlags, px, uvec4(flags | (min(count, 0xFFFFFFu) << 8)));
        imageStore(uGradient, px, ivec4(grad));
    }
}
