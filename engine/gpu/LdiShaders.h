// The LDI shaders (shaders/ldi/), embedded at build time by cmake/EmbedShaders.cmake.
#pragma once

namespace cdlab {
extern const char* const kShader_ldi_build_vert;
extern const char* const kShader_ldi_build_frag;
extern const char* const kShader_ldi_resolve_comp;
extern const char* const kShader_ldi_reduce_comp;
} // namespace cdlab
