// One pair split into contiguous chunks of frames, one context each (one
// per GPU), each reading the neighbours its temporal features need (the
// extractors' declared reach), then merged into one context that reports
// as one run over the whole pair would.
#pragma once

#include <string>

#include "session/request.h"
#include "session/score_table.h"

namespace vmaf::session {

// Up to `chunks` chunks: on the GPUs of r.gpus with the HIP backend, else
// CPU contexts (which is how tests check it without a GPU). False with
// `error` set.
bool score_pair_in_chunks(const ScoreRequest &r, unsigned chunks, const ScoreHooks &hooks,
                          ScoreTable &table, std::string &error);

} // namespace vmaf::session
