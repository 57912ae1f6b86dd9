#include "BvhBuildBench.h"

#include "BenchRun.h"
#include "ProgressBar.h"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace cdlab {

void runBvhBuildBench(std::ostream& out, std::shared_ptr<const TriangleMesh> mesh, const std::string& label,
                      const BvhBuildBenchOptions& options) {
    // A one-body scene, so every algorithm builds through its own prepare() exactly as in a real run.
    Scene scene;
    scene.name = label;
    Body body;
    body.name = mesh->name;
    body.mesh = mesh;
    scene.bodies.push_back(body);

    out << "# mesh " << label << ": " << mesh->triangleCount() << " triangles, " << mesh->vertices.size()
        << " vertices, mesh memory " << mesh->memoryBytes() / 1024 << " KiB; median of " << options.repeat
        << " builds\n";
    out << std::left << std::setw(40) << "algorithm" << std::right << std::setw(12) << "build_ms"
        << std::setw(12) << "min_ms" << std::setw(12) << "mem_KiB"
        << "  structure\n";
    ProgressBar bar(options.forceProgress);
    for (const auto& text : options.algorithms) {
        AlgorithmSpec spec = AlgorithmSpec::parse(text);
        std::vector<double> ms;
        PrepareReport last;
        for (int r = 0; r < std::max(1, options.repeat); ++r) {
            auto algo = AlgorithmRegistry::instance().create(spec, "--algo " + text);
            last = algo->prepare(scene, [&](double f, const std::string& what) {
                bar.update((r + f) / options.repeat, spec.label() + " " + what);
            });
            ms.push_back(last.stages.get("build"));
        }
        bar.finish();
        std::sort(ms.begin(), ms.end());
        out << std::left << std::setw(40) << spec.label() << std::right << std::fixed << std::setprecision(1)
            << std::setw(12) << ms[ms.size() / 2] << std::setw(12) << ms.front() << std::setw(12)
            << (last.memoryBytes ? std::to_string(last.memoryBytes / 1024) : std::string("n/a")) << "  "
            << last.notes << "\n";
        out.unsetf(std::ios::fixed);
    }
}

} // namespace cdlab
