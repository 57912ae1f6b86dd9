// Counters: each family declares its counters in its own header; the names are unique, parse back, and
// every name the bench's tables and the golden table use is declared by some layer.
#include "core/Counters.h"

#include "articulated/SpatialCulling.h"
#include "articulated/TimeOfContactSearch.h"
#include "ccd/CcdCounters.h"
#include "collision/CollisionTypes.h"
#include "culling/BmCounters.h"
#include "ldi/LdiStats.h"
#include "pipeline/FrameResult.h"
#include "sbv/SbvStats.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

namespace cdlab {
namespace {

inline const CounterDeclaration kTestOnly{"test_only_counter", "declared by this test"};

TEST(Counters, EveryNameTheTablesUseIsDeclaredAndParsesBack) {
    // The counters before they moved into their families' headers (the bench's columns, the golden table).
    for (const char* name : {"bv_tests",      "nodes_visited",     "tri_tests",     "pairs",
                             "ee_tests",      "vf_tests",          "fv_tests",      "bm_tests",
                             "bm_culled",     "contacts",          "contact_tests", "bm_nested",
                             "ee_backward",   "vf_backward",       "fv_backward",   "link_pairs",
                             "pcls",          "samples",           "bisections",    "pcls_advanced",
                             "ca_iterations", "distance_queries",  "hull_queries",  "sbv_triangles",
                             "sbv_kept",      "shrink_iterations", "osh_solves",    "ldi_queries",
                             "ldi_triangles", "ldi_fragments",     "ldi_pixels",    "bm_start_overlaps"}) {
        Counter c = counter::Contacts;
        ASSERT_TRUE(parseCounter(name, c)) << name;
        EXPECT_STREQ(toString(c), name);
        EXPECT_NE(std::string(c.description()), "") << name;
    }
    Counter c = counter::Contacts;
    ASSERT_TRUE(parseCounter("ee_tests", c));
    EXPECT_TRUE(c == counter::EeTests);
    ASSERT_TRUE(parseCounter("test_only_counter", c));
    EXPECT_TRUE(c == kTestOnly);
}

TEST(Counters, AnUnknownNameIsRejected) {
    Counter c = counter::Pcls;
    EXPECT_FALSE(parseCounter("ee_test", c));
    EXPECT_FALSE(parseCounter("", c));
    EXPECT_FALSE(parseCounter("EE_TESTS", c));
    EXPECT_TRUE(c == counter::Pcls); // left as it was
}

TEST(Counters, ADuplicateDeclarationThrows) {
    EXPECT_THROW(CounterDeclaration("ee_tests", "a second ee_tests"), std::logic_error);
    EXPECT_THROW(CounterDeclaration("test_only_counter", "again"), std::logic_error);
    std::set<std::string> names;
    for (Counter d : declaredCounters()) EXPECT_TRUE(names.insert(d.name()).second) << d.name();
    EXPECT_TRUE(names.count("pcls") && names.count("ldi_pixels"));
}

TEST(Counters, KeepTheOrderTheyWereFirstAddedAndSum) {
    Counters a;
    a.add(counter::Pcls, 2), a.add(counter::BvTests, 5), a.add(counter::Pcls, 3);
    ASSERT_EQ(a.items().size(), 2u);
    EXPECT_TRUE(a.items()[0].first == counter::Pcls);
    EXPECT_EQ(a.get(counter::Pcls), 5u);
    EXPECT_EQ(a.get(counter::EeTests), 0u);
    Counters b;
    b.add(counter::EeTests, 1), b.add(counter::BvTests, 1);
    a.merge(b);
    ASSERT_EQ(a.items().size(), 3u);
    EXPECT_TRUE(a.items()[2].first == counter::EeTests);
    EXPECT_EQ(a.get(counter::BvTests), 6u);
}

TEST(Counters, StatsStructsAddTheirFieldsInTheirColumnOrder) {
    Counters out;
    SbvStats sbv;
    sbv.triangles = 10, sbv.kept = 4, sbv.shrinkIterations = 2, sbv.oshSolves = 1;
    sbv.addTo(out);
    LdiStats ldi;
    ldi.pixels = 7;
    ldi.addTo(out);
    ASSERT_EQ(out.items().size(), 8u);
    EXPECT_STREQ(toString(out.items()[0].first), "sbv_triangles");
    EXPECT_STREQ(toString(out.items()[3].first), "osh_solves");
    EXPECT_STREQ(toString(out.items()[7].first), "ldi_pixels");
    EXPECT_EQ(out.get(counter::SbvKept), 4u);
    EXPECT_EQ(out.get(counter::LdiPixels), 7u);
}

} // namespace
} // namespace cdlab
