// The extractor table's entry: a feature extractor as C-ABI data.
// CPU extractors are the reference; HIP twins are entries flagged
// VMAF_EXTRACTOR_HIP whose name is the CPU name with "_hip" appended.
#pragma once

#include <stdint.h>

#include "libvmaf/picture.h"
#include "base/option.h"

#ifdef __cplusplus
extern "C" {
#endif

// Where extractors write scores. Thread safe.
typedef struct VmafFeatureSink VmafFeatureSink;

int vmaf_sink_append(VmafFeatureSink *sink, const char *name, double value,
                     unsigned index);
// As vmaf_sink_append, for a value that the extraction of frame `frame`
// produced but that is reported later (the HIP twins report a frame's
// results some frames on): keys then come out in the same order whenever
// the values arrive.
int vmaf_sink_append_at(VmafFeatureSink *sink, const char *name, double value,
                        unsigned index, unsigned frame);
int vmaf_sink_set_aggregate(VmafFeatureSink *sink, const char *name, double value);

enum VmafExtractorFlags {
    // Sees every frame in order, on one instance (no subsampling, no threads).
    VMAF_EXTRACTOR_TEMPORAL = 1 << 0,
    // Needs earlier reference pictures (frame->prev_ref, prev_prev_ref); not
    // subsampled, like temporal extractors.
    VMAF_EXTRACTOR_PREV_REF = 1 << 1,
    // Runs on the GPU through the HIP backend.
    VMAF_EXTRACTOR_HIP = 1 << 2,
    // Reads the chroma planes (data[1], data[2]) with some option values;
    // without it, only the luma plane. Pictures whose chroma was not read
    // (vmaf_planes_read gave 1) reach only extractors without it.
    VMAF_EXTRACTOR_CHROMA = 1 << 3,
    // Option suffixes go to the first provided feature's key only; the
    // others keep their names whatever the options (the reference's cambi
    // writes cambi_source and cambi_full_reference that way).
    VMAF_EXTRACTOR_ONE_SUFFIXED_KEY = 1 << 4,
    // Its scores depend on the reference pictures alone (motion): contexts
    // scoring renditions against one reference may take them from one
    // context that computed them (vmaf_borrow_reference_scores).
    VMAF_EXTRACTOR_REFERENCE_ONLY = 1 << 5,
};

// How far a frame's scores look around it: a chunk of a video scored on its
// own must read `before` frames before its own and `after` frames after them
// to score them as one run over the whole video does. {0, 0}: each frame's
// scores come from that frame alone. The most over every option value.
typedef struct VmafTemporalReach {
    unsigned before, after;
} VmafTemporalReach;

typedef struct VmafExtractorSetup {
    enum VmafPixelFormat pix_fmt;
    unsigned bpc, w, h;
    // One value per option descriptor of the entry, in table order.
    const VmafOptionValue *options;
    // The output key of each provided feature, option suffixes applied.
    const char *const *feature_names;
    // The context's VmafHipState for HIP entries, else NULL.
    void *hip_state;
    // The SIMD instruction sets CPU kernels may use (cpu::Flag bits).
    unsigned cpu_flags;
} VmafExtractorSetup;

typedef struct VmafExtractorFrame {
    const VmafPicture *ref;
    const VmafPicture *dis;
    const VmafPicture *prev_ref;      // NULL at the first frame
    const VmafPicture *prev_prev_ref; // NULL at the first two frames
    unsigned index;
} VmafExtractorFrame;

typedef struct VmafExtractor {
    const char *name;
    const VmafOption *options;             // ends with an entry whose name is NULL
    uint64_t flags;                        // VmafExtractorFlags
    // Every per-frame key, NULL-terminated. A key starting with '!' is one
    // the reference writes without listing it: it is written as named
    // (after the '!'), never suffixed with options, and no feature lookup
    // finds it (float_adm's debug key "adm").
    const char *const *provided_features;
    // Creates *state. Errors are logged and returned as a negative errno.
    // The callbacks are C++: init, extract and flush may also throw (out of
    // memory, a device error); the engine's ExtractorInstance, the one place
    // that calls them, turns that into a negative errno. close must not throw.
    int (*init)(void **state, const VmafExtractorSetup *setup);
    int (*extract)(void *state, const VmafExtractorFrame *frame, VmafFeatureSink *sink);
    // Called once after the last frame; may be NULL.
    int (*flush)(void *state, VmafFeatureSink *sink);
    void (*close)(void *state);
    // Returns once no work that extract() queued still reads the pictures of
    // frame `index` or of any frame given before it. The engine calls it
    // before a frame's pictures go back to their owner, after extract() of
    // every extractor of that frame (and, without worker threads, of the
    // next frame too), so that extractors that copy pictures asynchronously
    // (the HIP twins) always have copies queued. NULL: extract() returns
    // only once it is done with the pictures.
    int (*wait_reads)(void *state, unsigned index);
    VmafTemporalReach reach;
} VmafExtractor;

#ifdef __cplusplus
}
#endif
