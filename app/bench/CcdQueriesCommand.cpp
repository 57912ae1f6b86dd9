#include "CcdQueriesCommand.h"

#include "ccd/CcdQueryFile.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <ostream>
#include <vector>

namespace cdlab {

int runCcdQueries(const CcdQueriesOptions& o, std::ostream& out) {
    auto queries = readCcdQueries(o.file);
    CcdOptions options;
    options.maxDepth = o.depth;
    std::size_t fp = 0, fn = 0, hits = 0, limited = 0;
    // Only the queries are timed, not the parsing; answers are counted on the first pass (every pass gives
    // the same), the time is the median pass (the first one also pays for warming caches and allocators).
    std::vector<double> passNs;
    for (int pass = 0; pass < std::max(1, o.repeat); ++pass) {
        auto start = std::chrono::steady_clock::now();
        for (const CcdQuery& q : queries) {
            CcdQueryStats st;
            bool hit =
                o.type == "ee" ? edgeEdgeCcd(q.points, options, &st) : vertexFaceCcd(q.points, options, &st);
            if (pass > 0) continue;
            hits += hit, limited += st.depthLimited;
            fp += hit && !q.truth;
            fn += !hit && q.truth;
            if (o.verbose && hit != q.truth)
                out << o.file << ":" << q.line << ": " << (hit ? "false positive" : "false negative")
                    << (st.depthLimited ? " (depth limit)" : "") << "\n";
        }
        passNs.push_back(
            std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(passNs.begin(), passNs.end());
    double ns = passNs[passNs.size() / 2];
    out << "queries: " << queries.size() << "\n"
        << "false positives: " << fp << "\n"
        << "false negatives: " << fn << "\n"
        << "ns per query: " << std::fixed << std::setprecision(0) << ns / double(queries.size()) << "\n"
        << "collisions reported: " << hits << "\n"
        << "answered at the depth limit: " << limited << "\n"
        << "timed passes: " << passNs.size() << "\n";
    out.unsetf(std::ios::fixed);
    return 0;
}

} // namespace cdlab
