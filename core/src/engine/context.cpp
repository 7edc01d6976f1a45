#include "engine/context.h"

#include "cpu/cpu_flags.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "engine/env_backend.h"
#ifdef VMAF_HAVE_HIP
#include "engine/hip_module.h"
#endif
#include "extractor/registry.h"
#include "base/excerpt.h"
#include "base/log.h"

namespace {

const char *pix_fmt_name(VmafPixelFormat f)
{
    switch (f) {
    case VMAF_PIX_FMT_YUV420P: return "yuv420p";
    case VMAF_PIX_FMT_YUV422P: return "yuv422p";
    case VMAF_PIX_FMT_YUV444P: return "yuv444p";
    case VMAF_PIX_FMT_YUV400P: return "yuv400p";
    default: return "unknown";
    }
}

// Holds one reference to a picture for as long as a frame job needs it.
struct PictureHandle {
    VmafPicture pic{};
    PictureHandle() = default;
    explicit PictureHandle(const VmafPicture &src) { vmaf::picture_ref(&pic, &src); }
    PictureHandle(PictureHandle &&o) noexcept : pic(o.pic) { o.pic = VmafPicture{}; }
    PictureHandle &operator=(PictureHandle &&) = delete;
    ~PictureHandle()
    {
        if (pic.ref) vmaf_picture_unref(&pic);
    }
};

} // namespace

VmafContext::VmafContext(const VmafConfiguration &c) : cfg(c), cpu_flags_(vmaf::cpu::permitted(c.cpumask))
{
    if (cfg.n_threads > 0) pool_ = std::make_unique<vmaf::ThreadPool>(cfg.n_threads);
}

VmafContext::~VmafContext()
{
    if (pool_) pool_->wait();
    settle_held();
    release_history();
    pool_.reset();
    extractors_.clear();
    shared_upload_.reset();
    picture_pool_.reset();
    vmaf::release_backend_state(*this);
}

void VmafContext::release_history()
{
    for (VmafPicture *p : {&prev_ref_, &prev_prev_ref_})
        if (p->ref) vmaf_picture_unref(p);
}

int VmafContext::worker_error() const { return pool_ ? pool_->error() : 0; }

int VmafContext::use_feature(const char *name, const vmaf::OptionStrings &settings)
{
    if (params) {
        vmaf::log_error("feature '{}' added after the first frame", vmaf::excerpt(name));
        return -EINVAL;
    }
    const VmafExtractor *entry = vmaf::find_extractor(name);
    if (!entry) entry = vmaf::find_extractor_by_feature(name);
    if (!entry) {
        std::string known;
        for (const VmafExtractor *e : vmaf::extractor_table())
            known += std::string(known.empty() ? "" : ", ") + e->name;
        vmaf::log_error("unknown feature '{}' (available: {})", vmaf::excerpt(name), known);
        return -EINVAL;
    }
    if (hip_state) {
        if (const VmafExtractor *twin = vmaf::find_hip_twin(*entry)) entry = twin;
    }
    auto spec = vmaf::ExtractorSpec::create(*entry, vmaf::with_input_defaults(entry->options, settings, input));
    if (!spec) return -EINVAL;
    for (const auto &r : extractors_)
        if (r->spec().same_as(*entry, spec->values())) return 0;
    log_backend(*entry, spec->keys());
    for (const auto &key : spec->keys()) collector.declare(key);
    extractors_.push_back(std::make_unique<vmaf::RegisteredExtractor>(
        std::move(spec), vmaf::ExtractorEnv{hip_state, cpu_flags_}));
    return 0;
}

// Says which extractor of which backend computes which keys (debug level)
// and, with a HIP state, warns once per extractor that has no twin.
void VmafContext::log_backend(const VmafExtractor &entry, const std::vector<std::string> &keys) const
{
    const bool on_gpu = entry.flags & VMAF_EXTRACTOR_HIP;
    if (hip_state && !on_gpu)
        vmaf::log(VMAF_LOG_LEVEL_WARNING, "{} has no HIP twin: it runs on the CPU", entry.name);
    if (!vmaf::log_enabled(VMAF_LOG_LEVEL_DEBUG)) return;
    std::string list;
    for (const auto &key : keys) list += (list.empty() ? "" : ", ") + key;
    vmaf::log(VMAF_LOG_LEVEL_DEBUG, "{} backend: extractor {} for {}", on_gpu ? "HIP" : "CPU",
              entry.name, list);
}

int VmafContext::validate(const VmafPicture &ref, const VmafPicture &dis)
{
    if (!ref.ref || !dis.ref) {
        vmaf::log_error("picture was not allocated by vmaf_picture_alloc or the pool");
        return -EINVAL;
    }
    const vmaf::PictureParams want =
        params ? *params : vmaf::PictureParams{ref.pix_fmt, ref.bpc, ref.w[0], ref.h[0]};
    for (const VmafPicture *p : {&ref, &dis}) {
        const char *side = p == &ref ? "reference" : "distorted";
        if (p->w[0] != want.w || p->h[0] != want.h) {
            vmaf::log_error("{} picture is {}x{}, expected {}x{}", side, p->w[0], p->h[0], want.w,
                            want.h);
            return -EINVAL;
        }
        if (p->pix_fmt != want.pix_fmt) {
            vmaf::log_error("{} picture is {}, expected {}", side, pix_fmt_name(p->pix_fmt),
                            pix_fmt_name(want.pix_fmt));
            return -EINVAL;
        }
        if (p->bpc != want.bpc) {
            vmaf::log_error("{} picture has {} bits, expected {}", side, p->bpc, want.bpc);
            return -EINVAL;
        }
        if (vmaf::picture_device(*p)) {
            // Only the HIP twins read device memory.
            for (const auto &r : extractors_) {
                const VmafExtractor &e = r->spec().entry();
                if (e.flags & VMAF_EXTRACTOR_HIP) continue;
                vmaf::log_error("{} picture is in GPU memory, but {} runs on the CPU: give "
                                "host pictures to a context with CPU extractors",
                                side, e.name);
                return -EINVAL;
            }
        }
    }
    if (!params) {
        params = want;
        started_ = std::chrono::steady_clock::now();
        return start_extractors();
    }
    return 0;
}

int VmafContext::start_extractors()
{
    for (auto &r : extractors_) {
        if (r->borrowed()) continue;
        if (r->needs_previous()) {
            keep_history_ = true;
            if (!r->temporal()) jobs_need_history_ = true;
        }
        if (r->reads_async() && !pool_) hold_frames_ = true;
        int err = r->prepare(*params);
        if (err) return err;
    }
    return start_shared_upload();
}

int VmafContext::start_shared_upload()
{
#ifdef VMAF_HAVE_HIP
    const VmafHipModule *module = vmaf::hip_module::loaded();
    if (!hip_state || !module) return 0;
    if (const char *v = std::getenv("VMAF_HIP_SHARED_UPLOAD"); v && std::string_view(v) == "0")
        return 0;
    unsigned staging = 0;
    bool every_frame = false;
    for (const auto &r : extractors_) {
        if (r->borrowed()) continue;
        if (!(r->spec().entry().flags & VMAF_EXTRACTOR_HIP)) return 0;
        staging++;
        every_frame |= r->needs_every_frame();
    }
    if (staging < 2) return 0;
    unsigned planes = 1;
    if (int err = planes_read(&planes)) return err;
    // The device pictures the context may hold at once: those of its
    // frames in flight, the held frame and the history.
    const unsigned pictures = pictures_held() + kHeldPictures + kHistoryPictures;
    if (int err = vmaf::SharedUpload::create(*module, static_cast<const VmafHipState *>(hip_state),
                                             *params, planes, pictures, shared_upload_))
        return err;
    upload_every_frame_ = every_frame;
    vmaf::log(VMAF_LOG_LEVEL_INFO, "HIP: each frame's pictures staged once for {} twins", staging);
#endif
    return 0;
}

int VmafContext::extract_frame(const VmafExtractorFrame &frame, bool temporal,
                               std::vector<vmaf::FrameLease> &leases)
{
    int err = 0;
    for (auto &r : extractors_) {
        if (r->borrowed() || r->temporal() != temporal) continue;
        if (!r->needs_every_frame() && !scores().selected(frame.index)) continue;
        vmaf::StepSink sink(collector, frame.index);
        int e = r->extract(*params, frame, &sink, leases);
        if (e && !err) err = e;
    }
    return err;
}

int VmafContext::queue_frame(const VmafExtractorFrame &frame, bool temporal, bool others,
                             std::vector<vmaf::FrameLease> &leases)
{
    // Every extractor queues its work before any waits for its reads: the
    // HIP twins' copies then follow each other without a gap.
    leases.reserve(extractors_.size());
    for (bool t : {true, false}) {
        if (!(t ? temporal : others)) continue;
        // After an error the remaining extractors are skipped.
        if (int err = extract_frame(frame, t, leases)) return err;
    }
    return 0;
}

int VmafContext::extract_frame(const VmafExtractorFrame &frame, bool temporal, bool others)
{
    std::vector<vmaf::FrameLease> leases;
    int err = queue_frame(frame, temporal, others, leases);
    for (vmaf::FrameLease &lease : leases) {
        const int e = lease.finish();
        if (e && !err) err = e;
    }
    return err;
}

int VmafContext::extract_holding(const VmafExtractorFrame &frame, VmafPicture &ref,
                                 VmafPicture &dis)
{
    std::vector<vmaf::FrameLease> leases;
    int err = queue_frame(frame, true, true, leases);
    if (err) {
        // This frame's pictures go back now: wait for its reads, and for
        // the held frame's in extractors that did not get this one.
        for (vmaf::FrameLease &lease : leases) lease.finish();
        settle_held();
        return err;
    }
    // This frame's copies are queued behind the held frame's: the device
    // always has copies to run while the host waits for the older ones.
    for (vmaf::FrameLease &lease : leases) lease.give_back();
    err = settle_held();
    held_ref_ = ref;
    held_dis_ = dis;
    held_index_ = frame.index;
    ref = VmafPicture{};
    dis = VmafPicture{};
    return err;
}

int VmafContext::settle_held()
{
    if (!held_ref_.ref && !held_dis_.ref) return 0;
    int err = 0;
    for (auto &r : extractors_) {
        if (r->borrowed() || !r->reads_async()) continue;
        const int e = r->wait_reads(held_index_);
        if (e && !err) err = e;
    }
    for (VmafPicture *p : {&held_ref_, &held_dis_})
        if (p->ref) vmaf_picture_unref(p);
    return err;
}

int VmafContext::read_pictures(VmafPicture *ref, VmafPicture *dis, unsigned index)
{
    if (!ref != !dis) {
        vmaf::log_error("give both pictures, or neither to flush");
        return -EINVAL;
    }
    if (!ref) {
        if (flushed_) {
            vmaf::log_error("the context was already flushed");
            return -EINVAL;
        }
        return flush();
    }

    // The pictures are ours from here on, whatever happens: one reference
    // each, or a single one when both name the same picture.
    PictureHandle ref_h, dis_h;
    ref_h.pic = *ref;
    const bool same = ref->ref && ref->ref == dis->ref;
    if (!same) dis_h.pic = *dis;
    *ref = VmafPicture{};
    *dis = VmafPicture{};
    if (same) {
        vmaf::log_error("the reference and the distorted picture are the same picture; give two "
                        "pictures (each call takes over one reference of each)");
        return -EINVAL;
    }
    if (flushed_) {
        vmaf::log_error("pictures given after the flush");
        return -EINVAL;
    }
    if (taken_frames_) {
        vmaf::log_error("pictures given to a context that took its scores from others");
        return -EINVAL;
    }
    if (index > vmaf::FeatureCollector::kMaxIndex) {
        vmaf::log_error("frame index {} is beyond the last one a context takes ({})", index,
                        vmaf::FeatureCollector::kMaxIndex);
        return -EINVAL;
    }
    if (int err = worker_error()) return err;
    int err = validate(ref_h.pic, dis_h.pic);
    if (err) return err;
    if (prepare_device_picture) {
        for (const VmafPicture *p : {&ref_h.pic, &dis_h.pic})
            if (vmaf::picture_device(*p))
                if (int e = prepare_device_picture(*p)) return e;
    }
    // With subsampling, a frame no extractor reads is not copied.
    if (shared_upload_ && (upload_every_frame_ || scores().selected(index))) {
        const auto returning = [this] { return pool_ && pool_->busy(); };
        if (int e = shared_upload_->upload(ref_h.pic, dis_h.pic, returning)) return e;
    }

    frames_read_++;
    const VmafPicture *prev = prev_ref_.ref ? &prev_ref_ : nullptr;
    const VmafPicture *prev2 = prev_prev_ref_.ref ? &prev_prev_ref_ : nullptr;
    const VmafExtractorFrame frame{&ref_h.pic, &dis_h.pic, prev, prev2, index};
    // Owned here until it becomes prev_ref_, so that a throw on the way
    // releases it; taken before extract_holding takes the picture over.
    PictureHandle next_prev = keep_history_ ? PictureHandle(ref_h.pic) : PictureHandle();
    // Without workers, every extractor runs here; with them, the temporal
    // ones run here (in frame order) and a job runs the others.
    err = hold_frames_ ? extract_holding(frame, ref_h.pic, dis_h.pic)
                       : extract_frame(frame, true, !pool_);

    if (!err && pool_) {
        // Previous pictures travel with a job only when a worker's extractor
        // reads them; otherwise they would hold pool pictures for nothing.
        auto hold = [this](const VmafPicture *p) {
            return std::make_shared<PictureHandle>(p && jobs_need_history_ ? PictureHandle(*p)
                                                                           : PictureHandle());
        };
        auto job = [this, r = std::make_shared<PictureHandle>(std::move(ref_h)),
                    d = std::make_shared<PictureHandle>(std::move(dis_h)), p = hold(prev),
                    p2 = hold(prev2), index] {
            const VmafExtractorFrame f{&r->pic, &d->pic, p->pic.ref ? &p->pic : nullptr,
                                       p2->pic.ref ? &p2->pic : nullptr, index};
            return extract_frame(f, false, true);
        };
        pool_->enqueue(std::move(job));
    }

    if (prev_prev_ref_.ref) vmaf_picture_unref(&prev_prev_ref_);
    prev_prev_ref_ = prev_ref_;
    prev_ref_ = next_prev.pic;
    next_prev.pic = VmafPicture{};
    return err;
}

int VmafContext::flush()
{
    if (pool_) pool_->wait();
    int held = settle_held();
    if (shared_upload_)
        if (const int e = shared_upload_->settle(); e && !held) held = e;
    flushed_ = true;
    finished_ = std::chrono::steady_clock::now();
    release_history();
    int err = worker_error();
    if (!err) err = held;
    vmaf::StepSink sink(collector, vmaf::FeatureCollector::kFlushStep);
    std::vector<std::string> borrowed;
    for (auto &r : extractors_) {
        if (r->borrowed()) {
            borrowed.insert(borrowed.end(), r->spec().keys().begin(), r->spec().keys().end());
            continue;
        }
        int e = r->flush(&sink);
        if (e && !err) err = e;
    }
    if (!borrowed.empty() && !err) err = take_borrowed(borrowed);
    return err;
}

int VmafContext::take_borrowed(const std::vector<std::string> &keys)
{
    if (!lender_->flushed_) {
        vmaf::log_error("reference scores are borrowed from a context flushed first");
        return -EINVAL;
    }
    if (lender_->frames_read_ != frames_read_) {
        vmaf::log_error("reference scores are borrowed from a context of {} frames into one of {}",
                        lender_->frames_read_, frames_read_);
        return -EINVAL;
    }
    return collector.take_keys(lender_->collector, keys);
}

int VmafContext::borrow_reference_scores(const VmafContext &lender)
{
    if (&lender == this || params || lender.params) {
        vmaf::log_error("reference scores are borrowed between two other contexts, before "
                        "either reads a picture");
        return -EINVAL;
    }
    for (auto &r : extractors_) {
        if (!r->reference_only()) continue;
        bool found = false;
        for (const auto &l : lender.extractors_)
            found |= l->spec().same_as(r->spec().entry(), r->spec().values()) && !l->borrowed();
        if (!found) {
            vmaf::log_error("'{}' cannot be borrowed: the other context does not compute it "
                            "with the same options",
                            r->spec().entry().name);
            return -EINVAL;
        }
    }
    for (auto &r : extractors_)
        if (r->reference_only()) r->borrow();
    lender_ = &lender;
    return 0;
}

int VmafContext::take_scores(const VmafContext &src, unsigned first, unsigned last,
                             unsigned dst_first)
{
    if (&src == this || first > last) return -EINVAL;
    if (!src.flushed_ || !src.params) {
        vmaf::log_error("scores are taken from a flushed context that read pictures");
        return -EINVAL;
    }
    if (picture_pool_ || frames_read_ != taken_frames_ || flushed_) {
        vmaf::log_error("scores are taken into a context that reads no pictures, before its flush");
        return -EINVAL;
    }
    if (params && (params->w != src.params->w || params->h != src.params->h ||
                   params->bpc != src.params->bpc || params->pix_fmt != src.params->pix_fmt)) {
        vmaf::log_error("scores are taken from contexts of one picture format");
        return -EINVAL;
    }
    // An aggregate (psnr's enable_apsnr) is a function of sums over every
    // frame that only the extractor saw: it cannot be merged exactly.
    if (!src.collector.aggregates().empty()) {
        vmaf::log_error("aggregate scores ({}) cannot be merged from chunks of a video; score "
                        "it in one context",
                        src.collector.aggregates().front().first);
        return -ENOTSUP;
    }
    if (cfg.n_subsample > 1 && (first % cfg.n_subsample) != (dst_first % cfg.n_subsample)) {
        vmaf::log_error("frames {} and {} are not alike under subsampling by {}", first, dst_first,
                        cfg.n_subsample);
        return -EINVAL;
    }
    if (int err = collector.take_frames(src.collector, first, last, dst_first)) return err;
    if (!params || src.started_ < started_) started_ = src.started_;
    params = src.params;
    frames_read_ += last - first + 1;
    taken_frames_ = frames_read_;
    return 0;
}

double VmafContext::fps() const
{
    const double seconds = std::chrono::duration<double>(finished_ - started_).count();
    return frames_read_ && seconds > 0 ? frames_read_ / seconds : 0.0;
}

int VmafContext::preallocate(const VmafPictureConfiguration &c)
{
    // A second pool is refused by preallocate_with.
    if (c.pic_cnt < 3) {
        vmaf::log_error("a picture pool needs at least 3 pictures, got {}", c.pic_cnt);
        return -EINVAL;
    }
    if (c.pic_cnt > kMaxPoolPictures) {
        vmaf::log_error("a picture pool takes at most {} pictures, got {}", kMaxPoolPictures,
                        c.pic_cnt);
        return -EINVAL;
    }
    // The planes the features read are written once now, so that their
    // pages count from the start; the others (chroma, for the default
    // model) are never touched. Before any feature, all of them are.
    unsigned planes = 3;
    if (!extractors_.empty()) planes_read(&planes);
    const vmaf::PictureAllocator allocator = picture_allocator;
    return preallocate_with(c.pic_cnt, [allocator, planes, p = c.pic_params](VmafPicture *pic) {
        if (int err = vmaf::picture_alloc(pic, p.pix_fmt, p.bpc, p.w, p.h, allocator)) return err;
        for (unsigned i = 0; i < planes; i++)
            if (pic->data[i])
                std::memset(pic->data[i], 0, static_cast<size_t>(pic->stride[i]) * pic->h[i]);
        return 0;
    });
}

int VmafContext::preallocate_with(unsigned count, std::function<int(VmafPicture *)> make)
{
    if (picture_pool_) {
        vmaf::log_error("pictures are already preallocated");
        return -EINVAL;
    }
    // The context may keep two previous reference pictures (motion) and the
    // last frame's pair (extract_holding), which the caller cannot give
    // back: the pool holds them on top of what was asked for.
    auto pool = std::make_unique<vmaf::PicturePool>(count + kHistoryPictures + kHeldPictures,
                                                    std::move(make));
    int err = pool->init();
    if (err) return err;
    picture_pool_ = std::move(pool);
    return 0;
}

int VmafContext::fetch_preallocated(VmafPicture *pic)
{
    if (!picture_pool_) {
        vmaf::log_error("no pictures were preallocated");
        return -EINVAL;
    }
    return picture_pool_->fetch(pic, [this] { return pool_ && pool_->busy(); });
}

int VmafContext::import_hip_state(void *state, const vmaf::PictureAllocator &allocator)
{
    // VMAF_BACKEND's state gives way to the program's own.
    if (owns_hip_state && extractors_.empty() && !picture_pool_ && !params)
        vmaf::release_backend_state(*this);
    if (hip_state) {
        vmaf::log_error("a HIP state is already imported into this context");
        return -EINVAL;
    }
    if (!extractors_.empty() || picture_pool_ || params) {
        vmaf::log_error("import the HIP state before adding features, preallocating pictures "
                        "or reading frames");
        return -EINVAL;
    }
    hip_state = state;
    picture_allocator = allocator;
    return 0;
}

std::vector<std::string> VmafContext::extractor_names() const
{
    std::vector<std::string> names;
    for (const auto &r : extractors_) names.emplace_back(r->spec().entry().name);
    return names;
}

int VmafContext::planes_read(unsigned *planes) const
{
    if (extractors_.empty()) {
        vmaf::log_error("vmaf_planes_read: no feature added yet; the planes read depend on them");
        return -EINVAL;
    }
    *planes = 1;
    for (const auto &r : extractors_)
        if (r->spec().entry().flags & VMAF_EXTRACTOR_CHROMA) *planes = 3;
    return 0;
}

VmafTemporalReach VmafContext::temporal_reach() const
{
    VmafTemporalReach reach{};
    for (const auto &r : extractors_) {
        const VmafTemporalReach &e = r->spec().entry().reach;
        reach.before = std::max(reach.before, e.before);
        reach.after = std::max(reach.after, e.after);
    }
    return reach;
}
