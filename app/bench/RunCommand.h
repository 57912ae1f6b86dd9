// `cdlab-bench run SCENE [--algo NAME[:k=v,...]]...`: scene x algorithms x frames -> the summary table,
// per-frame CSV, summary JSON; --verify checks every cdlab algorithm's answers against its kind's reference.
#pragma once

#include "BenchCommand.h"

namespace cdlab {

BenchCommand declareRunCommand(CLI::App& app);

} // namespace cdlab
