// The C-ABI entry points of an extractor whose state is a C++ object built
// from the setup, with extract(frame, sink) and, where it has one,
// flush(sink): written once here for every extractor.
#pragma once

#include <cerrno>
#include <new>

#include "feature/extractor.h"

namespace vmaf {

template <typename State>
int create_state(void **state, const VmafExtractorSetup &setup)
{
    auto *s = new (std::nothrow) State(setup);
    if (!s) return -ENOMEM;
    *state = s;
    return 0;
}

template <typename State>
int extract_state(void *state, const VmafExtractorFrame *frame, VmafFeatureSink *sink)
{
    return static_cast<State *>(state)->extract(*frame, sink);
}

template <typename State>
int flush_state(void *state, VmafFeatureSink *sink)
{
    return static_cast<State *>(state)->flush(sink);
}

template <typename State>
void close_state(void *state)
{
    delete static_cast<State *>(state);
}

} // namespace vmaf
