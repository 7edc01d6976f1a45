// The C-ABI entry points of an extractor whose state is a C++ object built
// from the setup, with extract(frame, sink) and, where it has one,
// flush(sink), and its table entry: written once here for every extractor.
#pragma once

#include "extractor/description.h"
#include "extractor/extractor.h"

namespace vmaf {

// Throws what State's constructor throws; the engine catches it.
template <typename State>
int create_state(void **state, const VmafExtractorSetup &setup)
{
    *state = new State(setup);
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

// The init of an extractor whose state is built from the setup alone.
template <typename State>
int init_state(void **state, const VmafExtractorSetup *setup)
{
    return create_state<State>(state, *setup);
}

// The table entry of an extractor whose state is State, as `what` describes
// it: extract, flush (where State has one) and close call State; init is
// the extractor's own, as it checks the setup first.
template <typename State>
constexpr VmafExtractor extractor_entry(const ExtractorDescription &what,
                                        int (*init)(void **, const VmafExtractorSetup *))
{
    int (*flush)(void *, VmafFeatureSink *) = nullptr;
    if constexpr (requires(State &s, VmafFeatureSink *sink) { s.flush(sink); })
        flush = flush_state<State>;
    return {what.name, what.options, what.flags, what.provided_features, init, extract_state<State>,
            flush, close_state<State>, nullptr, what.reach};
}

} // namespace vmaf
