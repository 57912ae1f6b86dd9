#version 450 core
// LDI build pass (ldi-notes §7.3; per-pixel linked lists, Yang et al. 2010). glFrontFace(GL_CW) makes
// gl_FrontFacing mean "the ray enters the body" (n_z < 0 in the right-handed box frame). Fragments in front of
// Q only count towards the body's winding number at Q's front, those behind Q towards a count that must
// close it to zero (a hole or a flipped face otherwise); the others go into the pixel's list. Every fragment is counted, stored or not, so an overflow is seen by the host.
layout(binding = 0, r32ui) uniform coherent uimage2D uHead;
layout(binding = 1, r32i) uniform coherent iimage2DArray uWind;
struct Node {
    float z;
    uint meta; // bit 31: body (0 = A, 1 = B); bit 30: entry
    uint next;
};
layout(std430, binding = 0) buffer NodeBuf { Node nodes[]; };
layout(std430, binding = 1) buffer CountBuf {
    uint nodeCount;
    uint capacity;
};
layout(location = 1) uniform uint uBody;
layout(location = 2) uniform float uDepth; // z1 - z0
in float vZ;
void main() {
    ivec2 px = ivec2(gl_FragCoord.xy);
    bool entry = gl_FrontFacing;
    if (vZ < 0.0) {
        imageAtomicAdd(uWind, ivec3(px, int(uBody)), entry ? 1 : -1);
        return;
    }
    if (vZ > uDepth) { // behind Q: only counted, for the closedness check (layers 2, 3)
        imageAtomicAdd(uWind, ivec3(px, 2 + int(uBody)), entry ? 1 : -1);
        return;
    }
    uint i = atomicAdd(nodeCount, 1u);
    if (i >= capacity) return;
    nodes[i].z = vZ;
    nodes[i].meta = (uBody << 31) | ((entry ? 1u : 0u) << 30);
    nodes[i].next = imageAtomicExchange(uHead, px, i);
}
