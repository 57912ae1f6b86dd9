#version 450 core
// Debug primitives (lines, triangles, points) in world space with per-vertex colours.
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
uniform mat4 uViewProj;
uniform float uPointSize;
out vec4 vColor;
out vec3 vWorld;
void main() {
    vColor = inColor;
    vWorld = inPosition;
    gl_Position = uViewProj * vec4(inPosition, 1.0);
    gl_PointSize = uPointSize;
}
