// vmaf --batch: every pair of a manifest scored by one process, over the
// GPUs of the host (or CPU workers), several pairs in flight on each. Each
// pair's report is written as the single-pair CLI writes it (to a
// temporary file renamed once complete); summary.csv gets each pair's pooled scores
// as it finishes. A rerun skips the pairs done before (ADR 0019).
#pragma once

#include "cli_options.h"

namespace vmaf::tools {

// The exit status: 0 when every pair is scored (now or before), 1 when one
// failed or the batch could not start.
int run_batch(const CliSettings &s);

} // namespace vmaf::tools
