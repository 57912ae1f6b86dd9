#version 450 core
// Body meshes: positions only; the fragment shader derives flat face normals from screen-space derivatives,
// so shared vertices need no per-face duplication.
layout(location = 0) in vec3 inPosition;
uniform mat4 uModel;
uniform mat4 uViewProj;
out vec3 vWorld;
void main() {
    vec4 world = uModel * vec4(inPosition, 1.0);
    vWorld = world.xyz;
    gl_Position = uViewProj * world;
}
