#include "pair_scorer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fmt/core.h>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "frame_reader.h"
#include "hip_session.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_ext.h"
#include "model_set.h"
#include "video_input.h"

#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif

namespace vmaf::tools {

namespace {

// Frames a chunk reads before and after its own: what the temporal
// features need to score a frame as one run would. Motion's five-frame
// window with its moving average reaches four frames back (a score two back,
// made from the frame two before that) and a score one ahead.
constexpr unsigned kChunkLead = 4;
constexpr unsigned kChunkTrail = 2;
// Shorter chunks would spend most of their reading on neighbours.
constexpr unsigned kMinChunkFrames = 8;

struct ContextCloser {
    void operator()(VmafContext *ctx) const { vmaf_close(ctx); }
};
using ContextPtr = std::unique_ptr<VmafContext, ContextCloser>;

struct DictFree {
    void operator()(VmafFeatureDictionary *d) const { vmaf_feature_dictionary_free(&d); }
};

bool same_file(const std::string &a, const std::string &b)
{
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec);
}

// The inputs must describe the same pictures; say which property differs.
std::string format_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    const VideoFormat &a = ref.format(), &b = dis.format();
    if (a.w != b.w || a.h != b.h)
        return fmt::format("reference is {}x{} but distorted is {}x{}; --scale scales the "
                           "distorted to the reference's size",
                           a.w, a.h, b.w, b.h);
    if (a.pix_fmt != b.pix_fmt)
        return fmt::format("reference is {} but distorted is {}", pix_fmt_text(a.pix_fmt),
                           pix_fmt_text(b.pix_fmt));
    if (a.bpc != b.bpc)
        return fmt::format("reference has {} bits per sample but distorted has {}", a.bpc, b.bpc);
    return {};
}

// Containers state their rates, and a pair of another rate would be scored
// frame against wrong frame; Y4M pairs are compared as they always were.
std::string rate_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    const auto &a = ref.frame_rate(), &b = dis.frame_rate();
    if ((!ref.decoded() && !dis.decoded()) || !a || !b) return {};
    const double x = static_cast<double>(a->num) / static_cast<double>(a->den);
    const double y = static_cast<double>(b->num) / static_cast<double>(b->den);
    // Muxers round durations: 30000/1001 may come back as 2997/100, but 24
    // and 23.976 differ by 0.1%.
    if (std::abs(x - y) <= 5e-4 * std::max(x, y)) return {};
    return fmt::format("reference is {} fps but distorted is {} fps; the videos must have the "
                       "same frame rate",
                       frame_rate_text(*a), frame_rate_text(*b));
}

std::vector<std::string> model_specs(const CliSettings &s)
{
    // Without --model and -n, the reference's default model scores.
    if (s.models.empty() && !s.no_prediction) return {"version=vmaf_v0.6.1"};
    return s.models;
}

struct Inputs {
    std::unique_ptr<VideoInput> ref, dis;

    bool open(const CliSettings &s, std::string &error)
    {
        ref = VideoInput::open(s.reference, s.raw, error);
        if (!ref) return false;
        dis = VideoInput::open(s.distorted, s.raw, error);
        if (!dis) return false;
        const VideoFormat &a = ref->format(), &b = dis->format();
        if ((a.w != b.w || a.h != b.h) && s.scale) {
            dis = scale_video(std::move(dis), a.w, a.h, *s.scale, error);
            if (!dis) return false;
        }
        error = format_mismatch(*ref, *dis);
        if (error.empty()) error = rate_mismatch(*ref, *dis);
        return error.empty();
    }
};

// A context set up for s: on a GPU when one is given, with s's models and
// features, and (when it reads pictures) a picture pool of the inputs'
// format.
struct Scorer {
    HipSession hip; // before the context, which uses its state, to outlive it
    ContextPtr ctx;
    ModelSet models;
    unsigned planes = 3;

    // `gpu`: null for the CPU.
    bool open(const CliSettings &s, const VideoFormat &format, const unsigned *gpu,
              bool pictures, std::string &error)
    {
        VmafConfiguration cfg{};
        cfg.log_level = s.log_level.value_or(s.backend == Backend::Hip ? VMAF_LOG_LEVEL_WARNING
                                                                        : VMAF_LOG_LEVEL_ERROR);
        cfg.n_threads = s.threads;
        cfg.cpumask = s.cpumask;
        cfg.n_subsample = s.subsample;
        VmafContext *raw = nullptr;
        if (vmaf_init(&raw, cfg)) {
            error = "could not create a scoring context (see the message above)";
            return false;
        }
        ctx.reset(raw);
        // Before the features, so that those with a HIP twin run on the GPU,
        // and before the picture pool, so that frames are read into pinned
        // memory.
        if (gpu && !hip.attach(ctx.get(), *gpu, error)) return false;
        const std::vector<std::string> specs = model_specs(s);
        if (!models.load(ctx.get(), specs, error)) return false;
        for (const auto &f : s.features) {
            VmafFeatureDictionary *dict = nullptr;
            for (const auto &[k, v] : f.options)
                vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str());
            std::unique_ptr<VmafFeatureDictionary, DictFree> owned(dict);
            if (vmaf_use_feature(ctx.get(), f.name.c_str(), dict)) {
                error = fmt::format("cannot use feature '{}' (see the message above)", f.name);
                return false;
            }
        }
        if (!pictures) return true;
        VmafPictureConfiguration pic_cfg{};
        pic_cfg.pic_params.w = format.w;
        pic_cfg.pic_params.h = format.h;
        pic_cfg.pic_params.bpc = format.bpc;
        pic_cfg.pic_params.pix_fmt = format.pix_fmt;
        // What the context holds (the pair in hand, the workers' jobs), plus
        // what each reader holds ahead: a fetch never finds the pool empty.
        pic_cfg.pic_cnt =
            (s.threads > 0 ? (s.threads + 1) * 2 + 1 : 4) + 2 * FrameReader::kDepth;
        if (vmaf_preallocate_pictures(ctx.get(), pic_cfg)) {
            error = "could not allocate pictures (see the message above)";
            return false;
        }
        // The chroma planes are read only when a feature in use reads them.
        if ((!specs.empty() || !s.features.empty()) && vmaf_planes_read(ctx.get(), &planes)) {
            error = "could not tell which planes the features read (see the message above)";
            return false;
        }
        return true;
    }
};

// One input ended after `shorter_frames` frames while the other goes on:
// the message names both counts, the longer's read to its end (or to its
// reader's limit).
std::string length_mismatch(const VideoInput &shorter, unsigned shorter_frames,
                            const VideoInput &longer, FrameReader &longer_reader)
{
    unsigned longer_frames = 0;
    for (;;) {
        const FrameReader::Item item = longer_reader.next();
        if (item.status == ReadStatus::Error) return item.error;
        if (item.status == ReadStatus::End) {
            longer_frames = item.frames_read;
            break;
        }
    }
    const bool capped = longer_reader.limit() && longer_frames >= longer_reader.limit();
    return fmt::format("{} has {} frames but {} has {}{}; the videos must have the same length "
                       "(or use --frame_cnt)",
                       shorter.path(), shorter_frames, longer.path(), capped ? "at least " : "",
                       longer_frames);
}

// Reads up to `count` frames (0: to the end) of both inputs after `skip`
// more than s skips, into the context under indices first, first + 1, ...;
// `frames` says how many.
bool feed(const Scorer &scorer, const CliSettings &s, Inputs &in, unsigned skip, unsigned first,
          unsigned count, const std::function<void()> &on_frame, unsigned &frames,
          std::string &error)
{
    in.ref->set_planes(scorer.planes);
    in.dis->set_planes(scorer.planes);
    // Each file on its own thread; they stop (and are joined) before the
    // context goes, whichever way this returns.
    FrameReader ref_reader(scorer.ctx.get(), *in.ref, s.frame_skip_ref + skip, count);
    FrameReader dis_reader(scorer.ctx.get(), *in.dis, s.frame_skip_dist + skip, count);
    if (!ref_reader.skipped(error) || !dis_reader.skipped(error)) return false;
    for (frames = 0; count == 0 || frames < count; frames++) {
        FrameReader::Item a = ref_reader.next();
        if (a.status == ReadStatus::Error) return error = a.error, false;
        FrameReader::Item b = dis_reader.next();
        if (b.status == ReadStatus::Error) return error = b.error, false;
        if (a.status == ReadStatus::End && b.status == ReadStatus::End) break;
        if (a.status != b.status) {
            const bool ref_shorter = a.status == ReadStatus::End;
            error = length_mismatch(ref_shorter ? *in.ref : *in.dis, (ref_shorter ? a : b).frames_read,
                                    ref_shorter ? *in.dis : *in.ref,
                                    ref_shorter ? dis_reader : ref_reader);
            return false;
        }
        if (vmaf_read_pictures(scorer.ctx.get(), &a.pic, &b.pic, first + frames)) {
            error = fmt::format("scoring failed at frame {} (see the message above)",
                                first + frames);
            return false;
        }
        if (on_frame) on_frame();
    }
    return true;
}

bool flush(VmafContext *ctx, std::string &error)
{
    if (vmaf_read_pictures(ctx, nullptr, nullptr, 0)) {
        error = "scoring failed (see the message above)";
        return false;
    }
    return true;
}

// `subsample`: frames the report leaves out get NaN here too, also where a
// temporal feature (motion) scored them.
bool fill_table(VmafContext *ctx, bool per_frame, unsigned subsample, ScoreTable &t,
                std::string &error)
{
    unsigned keys = 0, frames = 0;
    if (vmaf_score_table_size(ctx, &keys, &frames)) {
        error = "could not list the scores (see the message above)";
        return false;
    }
    constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    auto pooled = [&](unsigned k, VmafPoolingMethod m) {
        double v = kNone;
        return vmaf_score_key_pooled(ctx, k, m, &v) ? kNone : v;
    };
    for (unsigned k = 0; k < keys; k++) {
        char name[256];
        if (vmaf_score_key_name(ctx, k, name, sizeof(name))) {
            error = "a score's name is too long";
            return false;
        }
        t.keys.emplace_back(name);
        t.pooled.push_back({pooled(k, VMAF_POOL_METHOD_MIN), pooled(k, VMAF_POOL_METHOD_MAX),
                            pooled(k, VMAF_POOL_METHOD_MEAN),
                            pooled(k, VMAF_POOL_METHOD_HARMONIC_MEAN)});
        if (!per_frame) continue;
        std::vector<double> values(frames, kNone);
        for (unsigned i = 0; i < frames; i++)
            if ((subsample > 1 && i % subsample) || vmaf_score_key_value(ctx, k, i, &values[i]))
                values[i] = kNone;
        t.per_frame.push_back(std::move(values));
    }
    return true;
}

using Clock = std::chrono::steady_clock;

// After the last frame: flushes, scores the models, fills the table (from
// `start`, the time it took) and writes the report.
bool finish(Scorer &scorer, const CliSettings &s, const ScoreHooks &hooks, unsigned frames,
            const VideoFormat &format, Clock::time_point start, ScoreTable &table,
            std::string &error)
{
    if (hooks.on_frames_read) hooks.on_frames_read();
    if (!flush(scorer.ctx.get(), error)) return false;
    table.frames = frames;
    table.width = format.w;
    table.height = format.h;
    if (!s.no_prediction && !scorer.models.score(scorer.ctx.get(), frames, s.quiet, error))
        return false;
    if (!fill_table(scorer.ctx.get(), hooks.per_frame, s.subsample, table, error)) return false;
    if (hooks.report) {
        const char *out = s.output ? s.output->c_str() : nullptr;
        if (vmaf_write_output(scorer.ctx.get(), out, s.format)) {
            error = "could not write the output (see the message above)";
            return false;
        }
    }
    table.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return true;
}

// The frame counts both inputs will give after their skips, where the
// files' sizes tell; the smaller (reading finds a difference, and a skip
// past the end).
std::optional<unsigned> known_length(const CliSettings &s, const Inputs &in)
{
    const auto ref = in.ref->frames_left(), dis = in.dis->frames_left();
    if (!ref || !dis) return std::nullopt;
    auto after = [](unsigned long long frames, unsigned skip) {
        return frames > skip ? frames - skip : 0;
    };
    unsigned long long n = std::min(after(*ref, s.frame_skip_ref), after(*dis, s.frame_skip_dist));
    if (s.frame_cnt) n = std::min<unsigned long long>(n, s.frame_cnt);
    return static_cast<unsigned>(std::min<unsigned long long>(n, 1u << 24));
}

struct Chunk {
    unsigned begin = 0, end = 0; // the frames it reports: [begin, end)
    unsigned first = 0;          // the first frame it reads (its index 0)
    bool last = false;
    const unsigned *gpu = nullptr;
    Scorer scorer;
    unsigned frames = 0; // read, neighbours included
    std::string error;
};

void run_chunk(Chunk &c, const CliSettings &s, const VideoFormat &format,
               const std::function<void()> &on_frame)
{
    Inputs in;
    if (!in.open(s, c.error) || !c.scorer.open(s, format, c.gpu, true, c.error)) return;
    // The last chunk reads to the end (or to --frame_cnt): the files' sizes
    // only estimated the length.
    const unsigned count = c.last ? (s.frame_cnt ? s.frame_cnt - c.first : 0)
                                  : c.end + kChunkTrail - c.first;
    if (!feed(c.scorer, s, in, c.first, 0, count, on_frame, c.frames, c.error)) return;
    const unsigned need = c.last ? c.begin - c.first + 1 : count;
    if (c.frames < need)
        c.error = fmt::format("the inputs ended after {} frames, before the {} their sizes "
                              "promised",
                              c.first + c.frames, c.first + need);
    else
        flush(c.scorer.ctx.get(), c.error);
}

} // namespace

bool score_pair_in_chunks(const CliSettings &s, unsigned chunk_count, const ScoreHooks &hooks,
                          ScoreTable &table, std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    Inputs probe;
    if (!probe.open(s, error)) return false;
    for (const VideoInput *in : {probe.ref.get(), probe.dis.get()})
        if (in->decoded()) {
            error = fmt::format("one pair over several GPUs needs Y4M or raw YUV inputs: {} is "
                                "decoded, and each GPU would decode it from its start; give one "
                                "GPU, or spread many pairs over the GPUs with --batch",
                                in->path());
            return false;
        }
    const auto length = known_length(s, probe);
    if (!length) {
        error = "one pair over several GPUs is split by its length, which the inputs do not "
                "tell (a pipe, or Y4M frames with parameters); give one GPU";
        return false;
    }
    const VideoFormat format = probe.ref->format();
    probe = Inputs{};
    if (hooks.on_length) hooks.on_length(*length);
    const bool hip = s.backend == Backend::Hip;
    if (hip && s.gpus.size() < chunk_count) return error = "fewer GPUs than chunks", false;
    const unsigned n = *length;
    const unsigned count = std::clamp<unsigned>(n / kMinChunkFrames, 1, chunk_count);
    const unsigned sub = std::max(1u, s.subsample);
    std::vector<std::unique_ptr<Chunk>> chunks;
    for (unsigned i = 0; i < count; i++) {
        auto c = std::make_unique<Chunk>();
        c->begin = static_cast<unsigned>(static_cast<unsigned long long>(n) * i / count);
        c->end = static_cast<unsigned>(static_cast<unsigned long long>(n) * (i + 1) / count);
        // Its index 0 is alike the frame's own under subsampling, so that
        // the same frames are scored.
        c->first = c->begin < kChunkLead ? 0 : (c->begin - kChunkLead) / sub * sub;
        c->last = i + 1 == count;
        c->gpu = hip ? &s.gpus[i] : nullptr;
        chunks.push_back(std::move(c));
    }
    // The chunks' threads report one count, one at a time.
    std::mutex progress;
    unsigned done = 0;
    auto on_frame = [&] {
        if (!hooks.on_frame) return;
        std::lock_guard lock(progress);
        hooks.on_frame(++done);
    };
    {
        std::vector<std::jthread> threads;
        for (auto &c : chunks)
            threads.emplace_back([&s, &format, &on_frame, chunk = c.get()] {
                run_chunk(*chunk, s, format, on_frame);
            });
    }
    for (const auto &c : chunks)
        if (!c->error.empty()) return error = c->error, false;

    // One context reports for all: it takes each chunk's own frames, in
    // order, then scores the models over them as one run would.
    Scorer all;
    if (!all.open(s, format, nullptr, false, error)) return false;
    unsigned frames = 0;
    for (const auto &c : chunks) {
        const unsigned own = c->last ? c->first + c->frames - c->begin : c->end - c->begin;
        const unsigned local = c->begin - c->first;
        if (vmaf_take_scores(all.ctx.get(), c->scorer.ctx.get(), local, local + own - 1,
                             c->begin)) {
            error = "could not merge the chunks' scores (see the message above)";
            return false;
        }
        frames = c->begin + own;
    }
    return finish(all, s, hooks, frames, format, t0, table, error);
}

bool every_gpu(std::vector<unsigned> &gpus, std::string &error)
{
    gpus.clear();
#ifdef VMAF_HAVE_HIP
    unsigned n = 0;
    if (vmaf_hip_device_count(&n)) {
        error = "--gpu all: the HIP backend cannot be loaded (see the message above)";
        return false;
    }
    for (unsigned i = 0; i < n; i++) gpus.push_back(i);
    if (n == 0) error = "--gpu all: no usable GPU";
    return n > 0;
#else
    error = "--backend hip: this build has no HIP backend (configure with -Denable_hip=enabled)";
    return false;
#endif
}

bool score_pair(const CliSettings &settings, const ScoreHooks &hooks, ScoreTable &table,
                std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    CliSettings s = settings;
    if (s.backend == Backend::Hip && s.all_gpus && !every_gpu(s.gpus, error)) return false;
    if (s.output && s.output->empty()) return error = "--output: the path is empty", false;
    if (s.output && (same_file(*s.output, s.reference) || same_file(*s.output, s.distorted))) {
        error = fmt::format("--output '{}' is one of the input videos; refusing to overwrite it",
                            *s.output);
        return false;
    }
    if (s.reference == "-" && s.distorted == "-")
        return error = "--reference and --distorted cannot both be standard input ('-')", false;
    Inputs in;
    if (!in.open(s, error)) return false;
    if (s.backend == Backend::Hip && s.gpus.size() > 1) {
        in = Inputs{};
        return score_pair_in_chunks(s, static_cast<unsigned>(s.gpus.size()), hooks, table, error);
    }

    Scorer scorer;
    const unsigned *gpu = s.backend == Backend::Hip ? &s.gpus.at(0) : nullptr;
    if (!scorer.open(s, in.ref->format(), gpu, true, error)) return false;
    if (hooks.on_length) {
        const auto length = known_length(s, in);
        hooks.on_length(length ? length : s.frame_cnt ? std::optional<unsigned>(s.frame_cnt)
                                                      : std::nullopt);
    }
    unsigned frames = 0;
    auto on_frame = [&] {
        if (hooks.on_frame) hooks.on_frame(frames + 1);
    };
    if (!feed(scorer, s, in, 0, 0, s.frame_cnt, on_frame, frames, error)) return false;
    if (frames == 0) return error = "no frames to score", false;
    return finish(scorer, s, hooks, frames, in.ref->format(), t0, table, error);
}

bool score_frames(const CliSettings &s, const VideoFormat &format, unsigned frames,
                  const FrameFiller &fill, const ScoreHooks &hooks, ScoreTable &table,
                  std::string &error)
{
    const auto t0 = Clock::now();
    table = ScoreTable{};
    if (frames == 0) return error = "no frames to score", false;
    if (s.output && s.output->empty()) return error = "--output: the path is empty", false;
    std::vector<unsigned> gpus = s.gpus;
    if (s.backend == Backend::Hip && s.all_gpus && !every_gpu(gpus, error)) return false;
    Scorer scorer;
    const unsigned *gpu = s.backend == Backend::Hip ? &gpus.at(0) : nullptr;
    if (!scorer.open(s, format, gpu, true, error)) return false;
    for (unsigned i = 0; i < frames; i++) {
        VmafPicture ref{}, dis{};
        if (vmaf_fetch_preallocated_picture(scorer.ctx.get(), &ref)) {
            error = "could not get a picture (see the message above)";
            return false;
        }
        if (vmaf_fetch_preallocated_picture(scorer.ctx.get(), &dis)) {
            vmaf_picture_unref(&ref);
            error = "could not get a picture (see the message above)";
            return false;
        }
        const bool filled = fill(i, ref, dis, error);
        if (!filled || vmaf_read_pictures(scorer.ctx.get(), &ref, &dis, i)) {
            // vmaf_read_pictures takes the pictures over, even when it fails.
            if (!filled) {
                vmaf_picture_unref(&ref);
                vmaf_picture_unref(&dis);
            } else {
                error = fmt::format("scoring failed at frame {} (see the message above)", i);
            }
            return false;
        }
        if (hooks.on_frame) hooks.on_frame(i + 1);
    }
    return finish(scorer, s, hooks, frames, format, t0, table, error);
}

} // namespace vmaf::tools
