// The reference CLI's presets of models and features, `--aom_ctc vN.0` (the
// AOM common test conditions) and `--nflx_ctc v1.0` (Netflix's), as they
// change a ScoreRequest.
#pragma once

#include <string>
#include <string_view>

#include "session/request.h"

namespace vmaf::session {

enum class PresetFamily { AomCtc, NflxCtc };

// Adds preset `version` of `family` to `r` as the reference's CLI does at
// the flag's place among --model and --feature: its models and features are
// appended (aom v7.0 then replaces the first float_ssim with its own) and,
// from aom v6.0, `r.common_bitdepth` is set. False with `error` set for a
// version the reference does not know or no longer takes.
bool apply_preset(PresetFamily family, std::string_view version, ScoreRequest &r,
                  std::string &error);

} // namespace vmaf::session
