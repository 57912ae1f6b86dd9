#include "mesh/ObjWriter.h"

#include "core/InputError.h"

#include <cstdio>
#include <memory>

namespace cdlab {

void writeObj(const TriangleMesh& mesh, const std::string& path) {
    std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "w"), &std::fclose);
    if (!f) throw InputError(path, "", "cannot open for writing");
    std::fprintf(f.get(), "# %s: %zu vertices, %zu triangles (written by cdlab)\n", mesh.name.c_str(),
                 mesh.vertices.size(), mesh.triangles.size());
    for (const Vec3& v : mesh.vertices) std::fprintf(f.get(), "v %.17g %.17g %.17g\n", v.x, v.y, v.z);
    for (const Triangle& t : mesh.triangles)
        std::fprintf(f.get(), "f %u %u %u\n", t[0] + 1, t[1] + 1, t[2] + 1);
    if (std::ferror(f.get())) throw InputError(path, "", "write failed");
}

} // namespace cdlab
