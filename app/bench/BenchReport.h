// Bench output: configuration line, summary tables (stdout), per-frame CSV and summary JSON.
#pragma once

#include "BenchRun.h"

#include <fstream>
#include <iosfwd>
#include <string>

namespace cdlab {

struct BenchContext {
    std::string scenePath;
    const Scene* scene = nullptr;
    BenchOptions options;
    int frames = 0;
};

std::string configurationLine();
/// An output file opened for writing; InputError naming it when it cannot be.
std::ofstream openOut(const std::string& path);
void printSummary(std::ostream& out, const BenchContext& ctx, const std::vector<AlgorithmRun>& runs);
void writeCsv(const std::string& path, const std::vector<AlgorithmRun>& runs);
void writeJson(const std::string& path, const BenchContext& ctx, const std::vector<AlgorithmRun>& runs);

} // namespace cdlab
