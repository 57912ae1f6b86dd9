#include "CcdQueriesCommand.h"

#include "ccd/CcdQueryFile.h"

#include <chrono>
#include <iomanip>
#include <ostream>

namespace cdlab {

int runCcdQueries(const CcdQueriesOptions& o, std::ostream& out) {
    auto queries = readCcdQueries(o.file);
    CcdOptions options;
    options.maxDepth = o.depth;
    std::size_t fp = 0, fn = 0, hits = 0, limited = 0;
    // Only the queries are timed, not the parsing.
    auto start = std::chrono::steady_clock::now();
    for (const CcdQuery& q : queries) {
        CcdQueryStats st;
        bool hit =
            o.type == "ee" ? edgeEdgeCcd(q.points, options, &st) : vertexFaceCcd(q.points, options, &st);
        hits += hit, limited += st.depthLimited;
        fp += hit && !q.truth;
        fn += !hit && q.truth;
        if (o.verbose && hit != q.truth)
            out << o.file << ":" << q.line << ": " << (hit ? "false positive" : "false negative")
                << (st.depthLimited ? " (depth limit)" : "") << "\n";
    }
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    out << "queries: " << queries.size() << "\n"
        << "false positives: " << fp << "\n"
        << "false negatives: " << fn << "\n"
        << "ns per query: " << std::fixed << std::setprecision(0) << ns / double(queries.size()) << "\n"
        << "collisions reported: " << hits << "\n"
        << "answered at the depth limit: " << limited << "\n";
    out.unsetf(std::ios::fixed);
    return 0;
}

} // namespace cdlab
