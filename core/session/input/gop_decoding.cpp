#include "session/input/gop_decoding.h"

#include <algorithm>
#include <fmt/format.h>
#include <unistd.h>

#include "session/input/container_input.h"
#include "session/input/libav.h"
#include "session/options/option_names.h"

namespace vmaf::session {

namespace {
// Decoding errors a chunk's decoder passes over before its first frame: the
// leading pictures of an open GOP, whose references are in the chunk
// before, fail to decode. Any frame they cost within the chunk is caught by
// the count of frames against packets.
constexpr unsigned kLeadingErrors = 16;

// The bytes of decoded frames waiting in every input's queues: one ledger
// for the process, so that the inputs of a batch share the budget. Its
// mutex guards every GopDecoding's queues, its condition wakes their
// decoders and readers.
std::mutex ledger_mutex;
std::condition_variable ledger_changed;
size_t ledger_bytes = 0;
} // namespace

void ChunkWatch::saw(const AVPacket &packet)
{
    const bool key = packet.flags & AV_PKT_FLAG_KEY;
    auto is = [&](int64_t ts) {
        return key && ts != kNone && (packet.dts == ts || packet.pts == ts);
    };
    if (!start_pts && is(start_ts)) start_pts = packet.pts;
    else if (!next_pts && is(next_ts)) next_pts = packet.pts;
    if (!start_pts) return;
    if (packet.pts == AV_NOPTS_VALUE) untimed = true;
    else fed.push_back(packet.pts);
}

void GopDecoding::FrameFree::operator()(AVFrame *f) const { libav().av_frame_free(&f); }

GopDecoding::GopDecoding(std::string path, std::vector<int64_t> starts, unsigned workers,
                         int threads, size_t frame_bytes, size_t budget, double seconds_per_tick)
    : path_(std::move(path)), starts_(std::move(starts)), threads_(threads),
      frame_bytes_(std::max<size_t>(1, frame_bytes)),
      budget_(budget), seconds_per_tick_(seconds_per_tick), mutex_(ledger_mutex),
      changed_(ledger_changed), chunks_(starts_.size())
{
    const unsigned n = std::clamp<unsigned>(workers, 1, static_cast<unsigned>(starts_.size()));
    workers_.reserve(n);
    for (unsigned i = 0; i < n; i++) workers_.emplace_back([this] { work(); });
}

GopDecoding::~GopDecoding()
{
    cancel();
    for (std::thread &t : workers_) t.join();
    std::lock_guard lock(mutex_);
    ledger_bytes -= held_ * frame_bytes_;
    changed_.notify_all();
}

size_t GopDecoding::default_budget()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    const size_t memory =
        pages > 0 && page > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page) : 0;
    return std::clamp<size_t>(memory / 16, size_t{256} << 20, size_t{4} << 30);
}

void GopDecoding::cancel()
{
    std::lock_guard lock(mutex_);
    cancelled_ = true;
    for (ContainerInput *input : inputs_) input->cancel();
    changed_.notify_all();
}

std::string GopDecoding::place(int64_t ts) const
{
    return fmt::format("{:.3f} s", static_cast<double>(ts) * seconds_per_tick_);
}

void GopDecoding::work()
{
    std::string error;
    std::unique_ptr<ContainerInput> input = ContainerInput::open_worker(path_, threads_, error);
    if (input) {
        std::lock_guard lock(mutex_);
        if (cancelled_) return;
        inputs_.push_back(input.get());
    }
    for (;;) {
        size_t c;
        {
            std::lock_guard lock(mutex_);
            if (cancelled_ || next_chunk_ == chunks_.size()) break;
            c = next_chunk_++;
        }
        finish(c, input ? decode(*input, c) : error);
    }
    std::lock_guard lock(mutex_);
    std::erase(inputs_, input.get());
}

void GopDecoding::finish(size_t c, std::string error)
{
    std::lock_guard lock(mutex_);
    chunks_[c].done = true;
    chunks_[c].error = std::move(error);
    changed_.notify_all();
}

bool GopDecoding::hand_over(size_t c, Frame frame)
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] {
        return cancelled_ || c == reading_ || ledger_bytes + frame_bytes_ <= budget_;
    });
    if (cancelled_) return false;
    chunks_[c].frames.push_back(std::move(frame));
    held_++;
    ledger_bytes += frame_bytes_;
    changed_.notify_all();
    return true;
}

std::string GopDecoding::decode(ContainerInput &input, size_t c)
{
    ChunkWatch watch;
    watch.start_ts = starts_[c];
    watch.next_ts = c + 1 < starts_.size() ? starts_[c + 1] : ChunkWatch::kNone;
    std::string error;
    if (!input.seek_keyframe(watch.start_ts, error))
        return fmt::format("its GOP at {}: {}", place(watch.start_ts), error);
    // The GOP does not decode on its own as in the whole: said as such, with
    // the way round it.
    const auto fail = [&](const std::string &what) {
        return fmt::format("its GOP at {}, decoded on its own ({} above 1), {}; {} decodes the "
                           "file in one piece",
                           place(watch.start_ts), cli_flag(Option::Decoders), what,
                           option(Option::Decoders, "1"));
    };
    input.watch_ = &watch;
    struct Unwatch {
        ContainerInput &input;
        ~Unwatch() { input.watch_ = nullptr; }
    } unwatch{input};
    std::vector<int64_t> kept;
    unsigned passed_over = 0;
    for (;;) {
        const ReadStatus status = input.receive();
        if (status == ReadStatus::End) break;
        if (status == ReadStatus::Error) {
            {
                std::lock_guard lock(mutex_);
                if (cancelled_) return {};
            }
            if (kept.empty() && ++passed_over <= kLeadingErrors) continue;
            return fmt::format("its GOP at {}: {}", place(watch.start_ts), input.last_reason_);
        }
        AVFrame &f = *input.frame_;
        const int64_t pts = f.pts;
        if (!watch.start_pts || pts == AV_NOPTS_VALUE || pts < *watch.start_pts) {
            libav().av_frame_unref(&f);
            if (watch.start_pts && pts == AV_NOPTS_VALUE)
                return fail("gave a frame without a time");
            continue;
        }
        if (watch.next_pts && pts >= *watch.next_pts) {
            libav().av_frame_unref(&f);
            break;
        }
        if (!kept.empty() && pts <= kept.back()) return fail("gave its frames out of order");
        Frame out(libav().av_frame_alloc());
        if (!out) return "out of memory";
        libav().av_frame_move_ref(out.get(), &f);
        kept.push_back(pts);
        if (!hand_over(c, std::move(out))) return {};
    }
    if (watch.untimed) return fail("has packets without a presentation time");
    if (!watch.start_pts) return fail("was not found where the index puts it");
    if (watch.next_ts != ChunkWatch::kNone && !watch.next_pts)
        return fail(fmt::format("ended before the next keyframe the index lists ({})",
                                place(watch.next_ts)));
    std::vector<int64_t> expected;
    for (const int64_t pts : watch.fed)
        if (pts >= *watch.start_pts && (!watch.next_pts || pts < *watch.next_pts))
            expected.push_back(pts);
    std::sort(expected.begin(), expected.end());
    if (expected != kept)
        return fail(fmt::format("gave {} frames for its {} packets", kept.size(), expected.size()));
    return {};
}

ReadStatus GopDecoding::next(Frame &frame, std::string &error)
{
    std::unique_lock lock(mutex_);
    for (;;) {
        if (cancelled_) {
            error = "reading was cancelled";
            return ReadStatus::Error;
        }
        Chunk &chunk = chunks_[reading_];
        if (!chunk.frames.empty()) {
            frame = std::move(chunk.frames.front());
            chunk.frames.pop_front();
            held_--;
            ledger_bytes -= frame_bytes_;
            changed_.notify_all();
            return ReadStatus::Frame;
        }
        if (chunk.done) {
            if (!chunk.error.empty()) {
                error = chunk.error;
                return ReadStatus::Error;
            }
            if (reading_ + 1 == chunks_.size()) return ReadStatus::End;
            reading_++;
            changed_.notify_all();
            continue;
        }
        changed_.wait(lock);
    }
}

} // namespace vmaf::session
