// FuzzInputs: what each fuzz target does with one input, shared by the libFuzzer programs (fuzz/*Fuzzer.cpp)
// and the regression test that replays every crash they found (tests/fuzz/FuzzRegressionTest.cpp, gcc build).
// Each function feeds the bytes to one parser of the engine the way a user's file reaches it. Bad input must
// come back as InputError, which is caught here: any other exception escapes (a finding), as does a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cdlab::fuzz {

/// What became of one input.
enum class Outcome {
    Accepted, ///< parsed without complaint
    Refused,  ///< the parser threw InputError (the contract for bad input)
    Skipped,  ///< outside what the target runs (too big, too much work asked for): not parsed at all
};

/// The scene JSON parser (parseScene), mesh paths resolved against `baseDir` (the repository's scenes/, so
/// the bundled scenes' `../assets/...` files resolve). Skips inputs over 64 KiB, inputs asking for more
/// triangles or cars than the caps in FuzzInputs.cpp, and mesh/glTF files that are not regular files of at
/// most 1 MiB (a scene naming /dev/zero is not the parser's problem).
Outcome runScene(const std::uint8_t* data, std::size_t size, const std::string& baseDir);
/// The OBJ line check (checkObjLines) on the bytes written to a `.obj` file.
Outcome runObjCheck(const std::uint8_t* data, std::size_t size);
/// The CCD query CSV reader (readCcdQueries) on the bytes written to a `.csv` file.
Outcome runCcdQueries(const std::uint8_t* data, std::size_t size);
/// Mesh import through Assimp (importMesh): the first byte picks the extension (meshExtension), the rest is
/// the file.
Outcome runMeshImport(const std::uint8_t* data, std::size_t size);
/// The articulated glTF import (importGltfModel: its own checks of the document, then Assimp): the first byte
/// picks .gltf (even) or .glb (odd), the rest is the file.
Outcome runGltfModel(const std::uint8_t* data, std::size_t size);
/// The recording reader: the first byte 0 mod 4, parseRecording (header, chunks, zstd, FrameResults, the
/// families' detail codecs, the drawing chunks) on the rest; odd, decodeFrameResult on the rest (one frame's
/// encoding, which the chunks' checks keep mutations from reaching); 2 mod 4, decodeDrawing (one viewport's
/// drawing). What is accepted must encode and decode again to the same
/// bytes. Skips inputs over 256 KiB.
Outcome runRecording(const std::uint8_t* data, std::size_t size);
/// The extension runMeshImport gives a file whose input starts with `selector`: .ply, .stl, .obj, .gltf, .glb
/// by selector % 5 (fuzz/seed-corpus.sh prefixes each seed mesh with its format's selector).
const char* meshExtension(std::uint8_t selector);

} // namespace cdlab::fuzz
