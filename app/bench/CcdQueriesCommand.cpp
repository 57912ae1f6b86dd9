#include "CcdQueriesCommand.h"

#include "CommonOptions.h"
#include "ccd/CcdQueryFile.h"
#include "ccd/CcdQueryGenerator.h"
#include "core/InputError.h"
#include "core/Stats.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <memory>
#include <ostream>
#include <vector>

namespace cdlab {

int runCcdQueries(const CcdQueriesOptions& o, std::ostream& out) {
    std::vector<CcdQuery> queries;
    std::size_t limitedTruths = 0;
    if (o.generated > 0) {
        CcdGeneratorOptions g;
        g.edgeEdge = o.type == "ee";
        g.count = o.generated;
        g.seed = o.seed;
        queries = CcdQueryGenerator::generate(g, &limitedTruths);
        if (!o.output.empty()) CcdQueryGenerator::write(queries, o.output);
    } else if (!o.file.empty()) {
        queries = readCcdQueries(o.file);
    } else {
        throw InputError("ccd-queries", "", "give a query file or --generated N");
    }
    const std::string source = o.generated > 0 ? "generated" : o.file;
    CcdOptions options;
    options.maxDepth = o.depth;
    options.linearFilter = !o.noFilter;
    std::size_t fp = 0, fn = 0, hits = 0, limited = 0, truths = 0;
    // Only the queries are timed, not the parsing; answers are counted on the first pass (every pass gives
    // the same), the time is the median pass (the first one also pays for warming caches and allocators).
    // With --per-query each query is also timed alone (a clock read around it, ~20 ns, counted in the pass)
    // and its median over the passes kept, so that the tail shows.
    using Clock = std::chrono::steady_clock;
    const int passes = std::max(1, o.repeat);
    std::vector<double> passNs;
    std::vector<std::vector<double>> queryNs(o.perQuery ? queries.size() : 0);
    for (int pass = 0; pass < passes; ++pass) {
        auto start = Clock::now();
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const CcdQuery& q = queries[i];
            CcdQueryStats st;
            auto qStart = o.perQuery ? Clock::now() : Clock::time_point{};
            bool hit =
                o.type == "ee" ? edgeEdgeCcd(q.points, options, &st) : vertexFaceCcd(q.points, options, &st);
            if (o.perQuery)
                queryNs[i].push_back(std::chrono::duration<double, std::nano>(Clock::now() - qStart).count());
            if (pass > 0) continue;
            hits += hit, limited += st.depthLimited, truths += q.truth;
            fp += hit && !q.truth;
            fn += !hit && q.truth;
            if (o.verbose && hit != q.truth)
                out << source << ":" << (o.generated > 0 ? int(i) : q.line) << ": "
                    << (hit ? "false positive" : "false negative")
                    << (st.depthLimited ? " (depth limit)" : "") << "\n";
        }
        passNs.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count());
    }
    double ns = median(passNs);
    out << "queries: " << queries.size() << "\n"
        << "false positives: " << fp << "\n"
        << "false negatives: " << fn << "\n"
        << "ns per query: " << std::fixed << std::setprecision(0) << ns / double(queries.size()) << "\n"
        << "collisions reported: " << hits << "\n"
        << "answered at the depth limit: " << limited << "\n"
        << "timed passes: " << passNs.size() << "\n";
    if (o.generated > 0)
        out << "collisions (truth): " << truths << " (" << std::setprecision(1)
            << 100.0 * double(truths) / double(queries.size()) << " %), " << limitedTruths
            << " of them at the truth's depth limit\n";
    if (o.perQuery) {
        std::vector<double> medians;
        for (const auto& v : queryNs) medians.push_back(median(v));
        out << std::setprecision(0) << "per-query ns p50: " << percentile(medians, 0.5) << "\n"
            << "per-query ns p90: " << percentile(medians, 0.9) << "\n"
            << "per-query ns p99: " << percentile(medians, 0.99) << "\n"
            << "per-query ns max: " << summarize(medians).max << "\n";
    }
    out.unsetf(std::ios::fixed);
    return 0;
}

BenchCommand declareCcdQueriesCommand(CLI::App& app) {
    auto o = std::make_shared<CcdQueriesOptions>();
    auto* cmd = app.add_subcommand(
        "ccd-queries", "Evaluate elementary CCD queries (exact rational CSV) against their truth");
    auto* file =
        cmd->add_option("file", o->file, "CSV: 8 rows per query, x_num,x_den,y_num,y_den,z_num,z_den,truth");
    cmd->add_option("--type", o->type, "ee (edge-edge) or vf (vertex-face)")
        ->required()
        ->check(CLI::IsMember({"ee", "vf"}));
    cmd->add_flag("--verbose", o->verbose, "List every query whose answer differs from its truth (by line)");
    cmd->add_option("--depth", o->depth, "Bisection depth over [0,1] (time resolution 2^-depth)")
        ->check(CLI::Range(4, 200));
    CommonOptions::repeat(*cmd, o->repeat, "Timed passes over the file; ns per query is their median");
    cmd->add_flag("--per-query", o->perQuery,
                  "Also time each query: p50/p90/p99/max over the queries of each one's median time");
    cmd->add_flag("--no-filter", o->noFilter,
                  "The exact search alone, without the floating-point filter in front (the reference)");
    cmd->add_option("--generated", o->generated,
                    "Generate N generic queries (random small motions, truth by the exact search), not FILE")
        ->check(CLI::Range(1, 10000000))
        ->excludes(file);
    cmd->add_option("--seed", o->seed, "Seed of the generated queries (default 1)");
    cmd->add_option("-o,--output", o->output, "Write the generated queries to this CSV file");
    return {cmd, [o](std::ostream& out) { return runCcdQueries(*o, out); }};
}

} // namespace cdlab
