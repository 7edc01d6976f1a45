/*
 * vmaf-hip extensions to the libvmaf API: not in Netflix libvmaf, so a
 * program that includes this header builds against vmaf-hip only.
 */
#ifndef VMAF_LIBVMAF_EXT_H
#define VMAF_LIBVMAF_EXT_H

#include <stdbool.h>
#include <stddef.h>

#include "libvmaf/libvmaf.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The planes of each picture that the features in use read: 1 when every
 * extractor reads luma only (the default model vmaf_v0.6.1), else 3. Call
 * after adding every feature and model; a caller may then fill only the
 * planes read (the others are left as they are). -EINVAL before any
 * feature is added.
 */
int vmaf_planes_read(VmafContext *vmaf, unsigned *planes);

/*
 * The most pictures `vmaf` itself holds at once while it scores: the pair
 * in hand and its worker threads' jobs. A picture pool for a caller that
 * fills pictures `ahead` frames ahead of each input needs this plus
 * 2 * ahead (and this once more for each other context that takes the
 * same pool's pictures). -EINVAL for a null context or `held`.
 */
int vmaf_pictures_held(const VmafContext *vmaf, unsigned *held);

/*
 * How far the scores of the features in use look around a frame: a chunk
 * of a video scored in a context of its own must read `before` frames
 * before its own frames and `after` frames after them to score them as one
 * run over the whole video does (see vmaf_take_scores). 0 and 0 when every
 * frame's scores come from that frame alone (or no feature is in use). Call
 * after adding every feature and model.
 */
int vmaf_temporal_reach(VmafContext *vmaf, unsigned *before, unsigned *after);

/*
 * VMAF_BACKEND=hip makes vmaf_init import a HIP state (GPU VMAF_GPU, default
 * 0) into each context, which frees it at vmaf_close: programs that use the
 * plain API (FFmpeg's libvmaf filter) score on the GPU unchanged; without a
 * usable GPU vmaf_init fails, with a message. VMAF_BACKEND=auto: the GPU
 * where one is usable, else the CPU, saying which at info level; cpu or
 * unset: the CPU. A program that picks the backend itself (the vmaf CLI,
 * the Python package) calls vmaf_use_backend_environment(false) first:
 * vmaf_init then ignores both variables. Process-wide; an explicit
 * vmaf_hip_import_state replaces VMAF_BACKEND's state.
 */
void vmaf_use_backend_environment(bool use);

/*
 * Where the library's messages go: `callback` sees each one first (the text
 * only, no "libvmaf LEVEL" prefix or newline), on whichever thread logs it,
 * one call at a time; it returns nonzero when it took the message, 0 to
 * leave it to stderr as usual. NULL: stderr only. Process-wide.
 */
typedef int (*VmafLogCallback)(void *user, enum VmafLogLevel level, const char *message);
void vmaf_set_log_callback(VmafLogCallback callback, void *user);

/*
 * The scores a context holds, as its reports list them: after the flush
 * (and after vmaf_score_pooled for a model's scores), `keys` scores (each
 * feature's and model's) over frame indices [0, frames).
 */
int vmaf_score_table_size(VmafContext *vmaf, unsigned *keys, unsigned *frames);

/*
 * The name reports give score `key` ("vmaf", "integer_adm2", ...), copied
 * with its NUL into name[size]; -ERANGE when it does not fit.
 */
int vmaf_score_key_name(VmafContext *vmaf, unsigned key, char *name, size_t size);

/*
 * Score `key` at frame `index`; -ENOENT where it has none (a frame left out
 * by subsampling).
 */
int vmaf_score_key_value(VmafContext *vmaf, unsigned key, unsigned index, double *score);

/* Score `key` pooled over every frame, as the reports' pooled metrics. */
int vmaf_score_key_pooled(VmafContext *vmaf, unsigned key, enum VmafPoolingMethod method,
                          double *score);

/*
 * Pooling beyond the four methods, named by text: "min", "max", "mean",
 * "harmonic_mean", "median", "pN" (the N-th percentile, 0 <= N <= 100,
 * decimals allowed; numpy.percentile's linear interpolation) and "below:T"
 * (the seconds whose frames score below T, at `frame_rate` frames per
 * second: each scored frame counts for n_subsample frames). Score `key`
 * pooled over the frames the run scored; -EINVAL with a message for an
 * unknown method, or "below:" without a frame rate.
 */
int vmaf_score_key_pool(VmafContext *vmaf, unsigned key, const char *method, double frame_rate,
                        double *score);

/*
 * The name reports give a pooling method of vmaf_score_key_pool ("p5",
 * "seconds_below_80" for "below:80"), copied with its NUL into name[size]:
 * -EINVAL (and no message) for a method it does not know, -ERANGE when the
 * name does not fit.
 */
int vmaf_pool_name(const char *method, char *name, size_t size);

/*
 * Reports (vmaf_write_output) give each metric these pools too, after the
 * reference's four, under their names ("median", "p5", "seconds_below_80"
 * for "below:80"): `methods` is a comma-separated list of the methods of
 * vmaf_score_key_pool; NULL or "" for none (the default: reports exactly
 * as the reference's). -EINVAL with a message for an unknown method, or
 * "below:" without a frame rate.
 */
int vmaf_report_pools(VmafContext *vmaf, const char *methods, double frame_rate);

/*
 * How the caller lined the inputs up (the vmaf CLI's --align and --offset),
 * for the reports: vmaf_write_output then adds it to every format, as
 * fields a reader of the reference's formats ignores (XML's <alignment>
 * element, JSON's "alignment" object, CSV's and SUB's align_* fields on
 * every frame). NULL (the default) reports none: reports exactly as the
 * reference's. -EINVAL for an unknown method.
 */
typedef struct VmafAlignment {
    const char *method;    /* "auto" (searched), "pts" (timestamps) or "offset" (given) */
    int offset;            /* the distorted's frame i + offset shows the reference's frame i */
    double margin;         /* "auto": how far the offset stood out (0 to 1); else NaN */
    unsigned ref_skipped;  /* reference frames left out before the first pair */
    unsigned dis_skipped;  /* distorted frames left out before the first pair */
    long long ref_unscored; /* reference frames left out after the last pair; -1 not counted */
    long long dis_unscored; /* distorted frames left out after the last pair; -1 not counted */
} VmafAlignment;

int vmaf_report_alignment(VmafContext *vmaf, const VmafAlignment *alignment);

/*
 * One pair scored in contiguous chunks of frames by several contexts (one
 * per GPU), reported as one. Each chunk context reads its frames from index
 * 0, starting a few frames early (and ending a few late) so that its
 * temporal features see the neighbours they need, and is flushed. `dst`
 * reads no pictures: it takes each chunk's frames [first, last] (its own,
 * without the neighbours) as frames dst_first, ..., in frame order. Then
 * flush dst, score its models and write its output as usual: its keys,
 * scores, frame size and fps are one run's. With subsampling, first and
 * dst_first must be alike modulo n_subsample. -ENOTSUP for aggregate
 * scores (psnr's enable_apsnr), which need every frame in one context.
 */
int vmaf_take_scores(VmafContext *dst, VmafContext *src, unsigned first, unsigned last,
                     unsigned dst_first);

/*
 * Renditions of an encoding ladder, each scored in a context of its own
 * against the same reference pictures: `dst` takes the scores of its
 * features that depend on the reference alone (motion, float_motion) from
 * `lender`, which computes them with the same options, instead of
 * computing them itself. Call after adding every feature and model to
 * both, before either reads a picture; feed both the same reference
 * pictures; flush `lender` before `dst`, and keep it until dst is flushed.
 * -EINVAL where `lender` lacks such a feature with the same options.
 */
int vmaf_borrow_reference_scores(VmafContext *dst, VmafContext *lender);

/*
 * What the input file says of itself, for the options whose default is the
 * input's: xpsnr's `fps`, ssimulacra2's `matrix` and `range`. A feature
 * added after this call without such an option takes it from here (the
 * vmaf CLI passes the reference file's frame rate, Y4M's XCOLORRANGE, a
 * container's colour space and range). 0 or NULL: the file does not say,
 * the option keeps its own default. Before the features; a later call
 * replaces the earlier. -EINVAL for a negative or non-finite fps.
 */
typedef struct VmafInputProperties {
    double fps;         /* frames per second */
    const char *matrix; /* Y'CbCr matrix: "bt709", "bt601" or "bt2020" */
    const char *range;  /* "limited" or "full" */
} VmafInputProperties;

int vmaf_set_input_properties(VmafContext *vmaf, const VmafInputProperties *properties);

/*
 * Thumbnails for lining up a reference and its encode (the vmaf CLI's
 * --align auto): each frame's luma averaged over square blocks (about 90
 * lines a thumbnail; frames under 180 lines kept whole) in 8-bit units, and
 * the mean squared difference of any two of them. vmaf_thumbnails_init
 * keeps them in host memory; vmaf_hip_thumbnails_init (libvmaf_hip.h) on a
 * GPU, with the same values to the last bit. Every frame has the size and
 * depth given (8 to 16 bits, any pixel format: the luma is read); at most
 * `capacity` are added, each numbered in *index, from one thread or
 * several. -EINVAL for a frame of another size or depth, a device picture
 * or an index not added, -ENOSPC past the capacity.
 */
typedef struct VmafThumbnails VmafThumbnails;

int vmaf_thumbnails_init(VmafThumbnails **thumbnails, unsigned w, unsigned h, unsigned bpc,
                         unsigned capacity);
int vmaf_thumbnails_add(VmafThumbnails *thumbnails, const VmafPicture *pic, unsigned *index);
/* mse[i] = the mean squared difference of thumbnails a[i] and b[i], i < count. */
int vmaf_thumbnails_mse(VmafThumbnails *thumbnails, const unsigned *a, const unsigned *b,
                        size_t count, double *mse);
int vmaf_thumbnails_free(VmafThumbnails *thumbnails);

#ifdef __cplusplus
}
#endif

#endif
