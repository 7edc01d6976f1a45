// A pair's scores as plain Python objects (dicts, floats, numpy arrays),
// which pickle anywhere: the Python layer wraps them in vmaf_hip.Result.
#pragma once

#include <pybind11/pybind11.h>

#include "session/session.h"

namespace vmaf::python {

// {"frames", "seconds", "width", "height",
//  "pooled": {key: {"min", "max", "mean", "harmonic_mean"}},
//  "scores": {key: float64 array per frame, NaN where the report has none}},
// keys in the report's order.
pybind11::dict score_dict(const session::ScoreTable &table);

} // namespace vmaf::python
