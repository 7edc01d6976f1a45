// The C-ABI glue of a HIP extractor, written once. Its state T is built as
// T(setup, hip_state, args...) and started with T::init(setup); it has
// extract(frame, sink), flush(sink) and make_current(). It is deleted with
// its device current, since its streams and buffers belong to that device.
#pragma once

#include <cerrno>
#include <new>
#include <utility>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "hip/runtime/state.h"

namespace vmaf::hip {

template <typename T> void close_hip_state(void *state)
{
    auto *s = static_cast<T *>(state);
    s->make_current();
    delete s;
}

// `name` is the extractor's, for the message when no HIP state was imported.
template <typename T, typename... Args>
int create_hip_state(void **state, const VmafExtractorSetup &setup, const char *name,
                     Args &&...args)
{
    const VmafHipState *hip = state_of(setup, name);
    if (!hip) return -EINVAL;
    auto *s = new T(setup, *hip, std::forward<Args>(args)...);
    if (int err = s->init(setup)) {
        close_hip_state<T>(s);
        return err;
    }
    *state = s;
    return 0;
}

template <typename T> int wait_reads_state(void *state, unsigned index)
{
    return static_cast<T *>(state)->wait_reads(index);
}

// The table entry of a HIP twin: flagged VMAF_EXTRACTOR_HIP, with the CPU
// entry's options and provided features. A twin with wait_reads() returns
// from extract() before its copies are done.
template <typename T>
constexpr VmafExtractor hip_extractor_entry(const char *name, const VmafOption *options,
                                            uint64_t flags, const char *const *provided_features,
                                            int (*init)(void **, const VmafExtractorSetup *),
                                            VmafTemporalReach reach = {})
{
    int (*wait_reads)(void *, unsigned) = nullptr;
    if constexpr (requires(T &t) { t.wait_reads(0u); }) wait_reads = wait_reads_state<T>;
    return {name,           options,          flags | VMAF_EXTRACTOR_HIP,
            provided_features, init,          extract_state<T>,
            flush_state<T>, close_hip_state<T>, wait_reads, reach};
}

} // namespace vmaf::hip
