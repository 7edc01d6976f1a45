#include "session/chunks.h"

#include <algorithm>
#include <chrono>
#include <fmt/core.h>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "libvmaf/libvmaf_ext.h"
#include "session/feed.h"
#include "session/inputs.h"
#include "session/scorer.h"

namespace vmaf::session {

namespace {

// Shorter chunks would spend most of their reading on neighbours.
constexpr unsigned kMinChunkFrames = 8;

// The frames around its own that a chunk reads (vmaf_temporal_reach).
struct Reach {
    unsigned before = 0, after = 0;
};

struct Chunk {
    unsigned begin = 0, end = 0; // the frames it reports: [begin, end)
    unsigned first = 0;          // the first frame it reads (its index 0)
    bool last = false;
    std::optional<unsigned> gpu;
    Scorer scorer;
    unsigned frames = 0; // read, neighbours included
    std::string error;
};

// `n` frames in up to `count` chunks; each starts `reach.before` frames
// early, at an index alike its own under subsampling, so that the same
// frames are scored.
std::vector<std::unique_ptr<Chunk>> plan_chunks(const ScoreRequest &r, unsigned n, unsigned count,
                                                Reach reach)
{
    count = std::clamp<unsigned>(n / kMinChunkFrames, 1, count);
    const unsigned sub = std::max(1u, r.subsample);
    std::vector<std::unique_ptr<Chunk>> chunks;
    for (unsigned i = 0; i < count; i++) {
        auto c = std::make_unique<Chunk>();
        c->begin = static_cast<unsigned>(static_cast<unsigned long long>(n) * i / count);
        c->end = static_cast<unsigned>(static_cast<unsigned long long>(n) * (i + 1) / count);
        c->first = c->begin < reach.before ? 0 : (c->begin - reach.before) / sub * sub;
        c->last = i + 1 == count;
        if (r.backend == Backend::Hip) c->gpu = r.gpus[i];
        chunks.push_back(std::move(c));
    }
    return chunks;
}

void run_chunk(Chunk &c, const ScoreRequest &r, const VideoFormat &format, unsigned after,
               const std::function<bool()> &on_frame)
{
    PairInputs in;
    if (!in.open(r, c.error) ||
        !c.scorer.open(r, format, c.gpu, Scorer::Pictures::kRead, c.error))
        return;
    // The last chunk reads to the end (or to the frame count): the files'
    // sizes only estimated the length.
    const unsigned count = c.last ? (r.frame_cnt ? r.frame_cnt - c.first : 0)
                                  : c.end + after - c.first;
    const FrameSpan span{r.frame_skip_ref + c.first, r.frame_skip_dist + c.first, count};
    if (!feed(c.scorer, in, span, on_frame, c.frames, c.error)) return;
    const unsigned need = c.last ? c.begin - c.first + 1 : count;
    if (c.frames < need)
        c.error = fmt::format("the inputs ended after {} frames, before the {} their sizes "
                              "promised",
                              c.first + c.frames, c.first + need);
    else
        flush_context(c.scorer.context(), c.error);
}

} // namespace

bool score_pair_in_chunks(const ScoreRequest &r, unsigned chunk_count, const ScoreHooks &hooks,
                          ScoreTable &table, std::string &error)
{
    const auto t0 = std::chrono::steady_clock::now();
    table = ScoreTable{};
    PairInputs probe;
    if (!probe.open(r, error)) return false;
    for (const VideoInput *in : {probe.ref.get(), probe.dis.get()})
        if (in->decoded()) {
            error = fmt::format("one pair over several GPUs needs Y4M or raw YUV inputs: {} is "
                                "decoded, and each GPU would decode it from its start; give one "
                                "GPU, or spread many pairs over the GPUs in batch mode",
                                in->path());
            return false;
        }
    const auto length = known_length(r, probe);
    if (!length) {
        error = "one pair over several GPUs is split by its length, which the inputs do not "
                "tell (a pipe, or Y4M frames with parameters); give one GPU";
        return false;
    }
    const VideoFormat format = probe.ref->format();
    probe = PairInputs{};
    if (hooks.on_length) hooks.on_length(*length);
    if (r.backend == Backend::Hip && r.gpus.size() < chunk_count)
        return error = "fewer GPUs than chunks", false;

    // One context reports for all: it takes each chunk's own frames, in
    // order, then scores the models over them as one run would. Its
    // features say how far the chunks must read around their frames.
    Scorer all;
    if (!all.open(r, format, std::nullopt, Scorer::Pictures::kTaken, error)) return false;
    Reach reach;
    if (vmaf_temporal_reach(all.context(), &reach.before, &reach.after)) {
        error = "could not tell how far the features look around a frame (see the message above)";
        return false;
    }
    const auto chunks = plan_chunks(r, *length, chunk_count, reach);
    // The chunks' threads report one count, one at a time.
    std::mutex progress;
    unsigned done = 0;
    auto on_frame = [&] {
        if (!hooks.on_frame) return true;
        std::lock_guard lock(progress);
        return hooks.on_frame(++done);
    };
    {
        std::vector<std::jthread> threads;
        for (auto &c : chunks)
            threads.emplace_back([&r, &format, &on_frame, after = reach.after, chunk = c.get()] {
                run_chunk(*chunk, r, format, after, on_frame);
            });
    }
    for (const auto &c : chunks)
        if (!c->error.empty()) return error = c->error, false;

    unsigned frames = 0;
    for (const auto &c : chunks) {
        const unsigned own = c->last ? c->first + c->frames - c->begin : c->end - c->begin;
        const unsigned local = c->begin - c->first;
        if (vmaf_take_scores(all.context(), c->scorer.context(), local, local + own - 1,
                             c->begin)) {
            error = "could not merge the chunks' scores (see the message above)";
            return false;
        }
        frames = c->begin + own;
    }
    if (!all.finish(r, hooks, frames, table, error)) return false;
    table.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return true;
}

} // namespace vmaf::session
