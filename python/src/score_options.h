// The keywords of vmaf_hip.score(), as the Python layer hands them down,
// and their translation into the session's request: the module scores with
// exactly what the vmaf command line would ask for.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "session/session.h"

namespace vmaf::python {

struct ScoreOptions {
    // Nothing: the default model; empty: no model (features only).
    std::optional<std::vector<std::string>> models;
    std::vector<std::string> features; // "psnr", "cambi=full_ref=true", ...
    std::string backend = "cpu";       // "cpu" or "hip"
    std::vector<unsigned> gpus{0};
    bool all_gpus = false;
    // The keywords of the session's option table (session/option_table.h),
    // each value as text, in order: each goes through its row as the CLI's
    // flag does.
    std::vector<std::pair<std::string, std::string>> values;
    std::optional<std::string> output; // a report file, written when given
    std::optional<std::string> html;   // the CLI's --html page, written when given
    std::string output_format = "json";
    // None, or a callable taking (frames_done, frames_total or None).
    pybind11::object progress = pybind11::none();
};

// The request for `o` (reference and distorted left empty); throws
// pybind11::value_error for a value the CLI would refuse.
session::ScoreRequest score_request(const ScoreOptions &o);

} // namespace vmaf::python
