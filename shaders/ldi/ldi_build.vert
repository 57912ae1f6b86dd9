#version 450 core
// LDI build pass (ldi-notes §7.3): an orthographic view along +w. The host gives box-frame positions already
// in pixels from the window's corner (x, y) and world units from Q's front (z): see engine/ldi/LdiGeometry.h.
layout(location = 0) in vec3 aPos;
layout(location = 0) uniform vec2 uSize; // W, H
out float vZ;
void main() {
    vZ = aPos.z;
    gl_Position = vec4(2.0 * aPos.xy / uSize - 1.0, 0.5, 1.0);
}
