// Shader sources embedded from shaders/ at build time (cmake/EmbedShaders.cmake).
#pragma once

namespace cdlab {
extern const char* const kShader_mesh_vert;
extern const char* const kShader_mesh_frag;
extern const char* const kShader_overlay_vert;
extern const char* const kShader_overlay_frag;
} // namespace cdlab
