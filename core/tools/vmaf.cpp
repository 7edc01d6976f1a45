// vmaf: scores a distorted video against its reference.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fmt/core.h>
#include <memory>
#include <unistd.h>

#include "cli_options.h"
#include "frame_reader.h"
#include "hip_session.h"
#include "libvmaf/libvmaf.h"
#include "libvmaf/libvmaf_ext.h"
#include "model_set.h"
#include "video_input.h"

namespace {

using namespace vmaf::tools;

int fail(const std::string &message)
{
    fmt::print(stderr, "vmaf: {}\n", message);
    return 1;
}

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
        return fmt::format("reference is {}x{} but distorted is {}x{}", a.w, a.h, b.w, b.h);
    if (a.pix_fmt != b.pix_fmt)
        return fmt::format("reference is {} but distorted is {}", pix_fmt_text(a.pix_fmt),
                           pix_fmt_text(b.pix_fmt));
    if (a.bpc != b.bpc)
        return fmt::format("reference has {} bits per sample but distorted has {}", a.bpc, b.bpc);
    return {};
}

void show_progress(unsigned frames, double seconds)
{
    fmt::print(stderr, "\r{} frame{} {:.2f} FPS\033[K", frames, frames == 1 ? "" : "s",
               seconds > 0 ? frames / seconds : 0.0);
    std::fflush(stderr);
}

int run(const CliSettings &s)
{
    if (s.output && (same_file(*s.output, s.reference) || same_file(*s.output, s.distorted)))
        return fail(fmt::format("--output '{}' is one of the input videos; refusing to overwrite it",
                                *s.output));

    if (s.output && s.output->empty()) return fail("--output: the path is empty");
    if (s.reference == "-" && s.distorted == "-")
        return fail("--reference and --distorted cannot both be standard input ('-')");
    std::string error;
    auto ref = VideoInput::open(s.reference, s.raw, error);
    if (!ref) return fail(error);
    auto dis = VideoInput::open(s.distorted, s.raw, error);
    if (!dis) return fail(error);
    if (const std::string m = format_mismatch(*ref, *dis); !m.empty()) return fail(m);

    VmafConfiguration cfg{};
    cfg.log_level = s.log_level.value_or(s.backend == Backend::Hip ? VMAF_LOG_LEVEL_WARNING
                                                                    : VMAF_LOG_LEVEL_ERROR);
    cfg.n_threads = s.threads;
    cfg.cpumask = s.cpumask;
    cfg.n_subsample = s.subsample;
    HipSession hip; // declared before the context, which uses its state, to outlive it
    VmafContext *raw_ctx = nullptr;
    if (vmaf_init(&raw_ctx, cfg)) return fail("could not create a scoring context");
    ContextPtr ctx(raw_ctx);
    // Before the features, so that those with a HIP twin run on the GPU, and
    // before the picture pool, so that frames are read into pinned memory.
    if (s.backend == Backend::Hip && !hip.attach(ctx.get(), s.gpu, error)) return fail(error);

    // Without --model and -n, the reference's default model scores.
    ModelSet models;
    const std::vector<std::string> model_specs =
        s.models.empty() && !s.no_prediction ? std::vector<std::string>{"version=vmaf_v0.6.1"} : s.models;
    if (!models.load(ctx.get(), model_specs, error)) return fail(error);

    for (const auto &f : s.features) {
        VmafFeatureDictionary *dict = nullptr;
        for (const auto &[k, v] : f.options) vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str());
        std::unique_ptr<VmafFeatureDictionary, DictFree> owned(dict);
        if (vmaf_use_feature(ctx.get(), f.name.c_str(), dict))
            return fail(fmt::format("cannot use feature '{}' (see the message above)", f.name));
    }

    const VideoFormat &fmt_in = ref->format();
    VmafPictureConfiguration pic_cfg{};
    pic_cfg.pic_params.w = fmt_in.w;
    pic_cfg.pic_params.h = fmt_in.h;
    pic_cfg.pic_params.bpc = fmt_in.bpc;
    pic_cfg.pic_params.pix_fmt = fmt_in.pix_fmt;
    // What the context holds (the pair in hand, the workers' jobs), plus
    // what each reader holds ahead: a fetch never finds the pool empty.
    pic_cfg.pic_cnt = (s.threads > 0 ? (s.threads + 1) * 2 + 1 : 4) + 2 * FrameReader::kDepth;
    if (vmaf_preallocate_pictures(ctx.get(), pic_cfg))
        return fail("could not allocate pictures (see the message above)");

    // The chroma planes are read only when a feature in use reads them.
    unsigned planes = 3;
    if ((!model_specs.empty() || !s.features.empty()) && vmaf_planes_read(ctx.get(), &planes))
        return fail("could not tell which planes the features read (see the message above)");
    ref->set_planes(planes);
    dis->set_planes(planes);

    // Each file on its own thread; they stop (and are joined) before the
    // context goes, whichever way run() returns.
    FrameReader ref_reader(ctx.get(), *ref, s.frame_skip_ref, s.frame_cnt);
    FrameReader dis_reader(ctx.get(), *dis, s.frame_skip_dist, s.frame_cnt);
    if (!ref_reader.skipped(error) || !dis_reader.skipped(error)) return fail(error);

    const bool progress = !s.quiet && isatty(fileno(stderr));
    const auto t0 = std::chrono::steady_clock::now();
    unsigned index = 0;
    for (; s.frame_cnt == 0 || index < s.frame_cnt; index++) {
        FrameReader::Item a = ref_reader.next();
        if (a.status == ReadStatus::Error) return fail(a.error);
        FrameReader::Item b = dis_reader.next();
        if (b.status == ReadStatus::Error) return fail(b.error);
        if (a.status == ReadStatus::End && b.status == ReadStatus::End) break;
        if (a.status != b.status) {
            const bool ref_shorter = a.status == ReadStatus::End;
            const VideoInput &shorter = ref_shorter ? *ref : *dis;
            const VideoInput &longer = ref_shorter ? *dis : *ref;
            return fail(fmt::format("{} ended after {} frames but {} has more; the videos must "
                                    "have the same length (or use --frame_cnt)",
                                    shorter.path(), (ref_shorter ? a : b).frames_read,
                                    longer.path()));
        }
        if (vmaf_read_pictures(ctx.get(), &a.pic, &b.pic, index))
            return fail(fmt::format("scoring failed at frame {} (see the message above)", index));
        if (progress)
            show_progress(index + 1, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    if (progress) fmt::print(stderr, "\n");
    if (index == 0) return fail("no frames to score");
    if (vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0))
        return fail("scoring failed (see the message above)");
    if (!s.no_prediction && !models.score(ctx.get(), index, s.quiet, error)) return fail(error);

    const char *out = s.output ? s.output->c_str() : nullptr;
    if (vmaf_write_output(ctx.get(), out, s.format))
        return fail("could not write the output (see the message above)");
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const ParseResult parsed = parse_cli(argc, argv);
    if (!parsed.ok) {
        fmt::print(stderr, "vmaf: {}\nRun 'vmaf --help' for the options.\n", parsed.message);
        return 2;
    }
    if (parsed.exit_now) {
        fmt::print("{}", parsed.message);
        return 0;
    }
    if (parsed.settings.version) {
        fmt::print("{}\n", vmaf_version());
        return 0;
    }
    try {
        return run(parsed.settings);
    } catch (const std::exception &e) {
        // Out of memory, or no thread to read with.
        return fail(e.what());
    }
}
