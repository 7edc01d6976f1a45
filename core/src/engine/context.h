// VmafContext: the extractors of one scoring run, its frames and its scores.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/extractor_instance.h"
#include "engine/input_properties.h"
#include "extractor/collector.h"
#include "extractor/pooling.h"
#include "extractor/scores.h"
#include "libvmaf/libvmaf.h"
#include "base/picture_memory.h"
#include "engine/picture_pool.h"
#include "engine/shared_upload.h"
#include "engine/thread_pool.h"

struct VmafContext {
    explicit VmafContext(const VmafConfiguration &cfg);
    ~VmafContext();
    VmafContext(const VmafContext &) = delete;
    VmafContext &operator=(const VmafContext &) = delete;

    // Adds an extractor by name (or by a feature it provides); the HIP twin
    // is taken when a HIP state is imported and one exists.
    int use_feature(const char *name, const vmaf::OptionStrings &settings);
    int read_pictures(VmafPicture *ref, VmafPicture *dis, unsigned index);
    int flush();
    int preallocate(const VmafPictureConfiguration &cfg);
    // The most pictures this context holds at once: the pair in hand, and
    // a pair for each worker's job and one more frame queued; 4 without
    // workers (the pair in hand and the one read next).
    unsigned pictures_held() const { return cfg.n_threads > 0 ? (cfg.n_threads + 1) * 2 + 1 : 4; }
    // A pool of up to `count` pictures (plus those the context itself
    // holds), each made by `make`: libvmaf_cuda.h's device pictures.
    int preallocate_with(unsigned count, std::function<int(VmafPicture *)> make);
    int fetch_preallocated(VmafPicture *pic);
    // Takes the HIP backend's state and picture allocator; only before any
    // feature, picture pool or frame, so that nothing already set up runs on
    // the CPU or in pageable memory.
    int import_hip_state(void *state, const vmaf::PictureAllocator &allocator);
    // The table names of the extractors in use ("psnr", "psnr_hip"): where
    // each feature runs.
    std::vector<std::string> extractor_names() const;
    // 3 when an extractor in use reads chroma (VMAF_EXTRACTOR_CHROMA), else
    // 1; -EINVAL before any feature.
    int planes_read(unsigned *planes) const;
    // The farthest any extractor in use looks around a frame.
    VmafTemporalReach temporal_reach() const;

    // The scores so far, read by key or alias, per frame or pooled over
    // the frames that subsampling selects.
    vmaf::Scores scores() const { return {collector, cfg.n_subsample}; }
    // Frames per second from the first picture to the flush.
    double fps() const;
    // Takes the scores of src's frames [first, last] as frames dst_first,
    // ...: one pair scored in chunks by several contexts (GPUs) reports as
    // one. This context reads no pictures itself; its size, frame count and
    // start follow src's.
    int take_scores(const VmafContext &src, unsigned first, unsigned last, unsigned dst_first);
    // Takes the scores of this context's reference-only extractors
    // (VMAF_EXTRACTOR_REFERENCE_ONLY: motion) from `lender`, which computes
    // them with the same options from the same reference pictures, at the
    // flush, instead of computing them: a ladder's renditions compute them
    // once. Before either context reads a picture; `lender` is flushed
    // first and outlives this context's flush.
    int borrow_reference_scores(const VmafContext &lender);

    VmafConfiguration cfg;
    // What the input says of itself, for options that default to it.
    vmaf::InputProperties input;
    vmaf::FeatureCollector collector;
    std::optional<vmaf::PictureParams> params;
    // Set by the HIP backend when a state is imported.
    void *hip_state = nullptr;
    // The state is VMAF_BACKEND's, made by vmaf_init: the context frees it
    // after its extractors, and an explicit import replaces it.
    bool owns_hip_state = false;
    vmaf::PictureAllocator picture_allocator = vmaf::host_allocator();
    // Pools the reports add to the reference's four (vmaf_report_pools),
    // and the video's frame rate for the time below a threshold.
    std::vector<vmaf::Pool> report_pools;
    // What vmaf_report_alignment said, for the reports.
    struct Alignment {
        std::string method;
        int offset = 0;
        double margin = 0;
        unsigned ref_skipped = 0, dis_skipped = 0;
        long long ref_unscored = -1, dis_unscored = -1;
    };
    std::optional<Alignment> alignment;
    double frame_rate = 0;
    // Set by libvmaf_cuda.h's device pool: called for each device picture
    // handed to read_pictures, whose writer's work is queued by then, before
    // any extractor reads it (its ready event is recorded here).
    std::function<int(const VmafPicture &)> prepare_device_picture;

private:
    // The instruction sets the CPU kernels may use, from cfg.cpumask.
    unsigned cpu_flags_;
    // Previous reference pictures a context may keep (prev_ref, prev_prev_ref).
    static constexpr unsigned kHistoryPictures = 2;
    // The last frame's pictures, held while extractors may still read them.
    static constexpr unsigned kHeldPictures = 2;
    // Far beyond any thread count's need; bounds what one call can ask for.
    static constexpr unsigned kMaxPoolPictures = 4096;

    void log_backend(const VmafExtractor &entry, const std::vector<std::string> &keys) const;
    int validate(const VmafPicture &ref, const VmafPicture &dis);
    int start_extractors();
    // The shared staging where every extractor is a HIP twin and two or
    // more stage pictures (engine/shared_upload.h); VMAF_HIP_SHARED_UPLOAD=0
    // leaves each twin to stage its own.
    int start_shared_upload();
    // Extracts the frame with the temporal extractors or the others, lending
    // their instances to `leases`.
    int extract_frame(const VmafExtractorFrame &frame, bool temporal,
                      std::vector<vmaf::FrameLease> &leases);
    // The temporal extractors (when `temporal`), then the others (when
    // `others`), lending their instances to `leases`; after an error the
    // rest are skipped.
    int queue_frame(const VmafExtractorFrame &frame, bool temporal, bool others,
                    std::vector<vmaf::FrameLease> &leases);
    // queue_frame, then waits until nothing reads the frame's pictures.
    int extract_frame(const VmafExtractorFrame &frame, bool temporal, bool others);
    // Without workers, with extractors that read asynchronously: queues the
    // frame's work, waits for the held frame's reads and lets it go, and
    // takes over `ref` and `dis` as the new held frame (on success).
    int extract_holding(const VmafExtractorFrame &frame, VmafPicture &ref, VmafPicture &dis);
    // Waits for the held frame's reads and lets its pictures go.
    int settle_held();
    void release_history();
    int worker_error() const;
    // At the flush: the borrowed extractors' keys from lender_.
    int take_borrowed(const std::vector<std::string> &keys);

    std::vector<std::unique_ptr<vmaf::RegisteredExtractor>> extractors_;
    std::unique_ptr<vmaf::ThreadPool> pool_;
    std::unique_ptr<vmaf::PicturePool> picture_pool_;
    std::unique_ptr<vmaf::SharedUpload> shared_upload_;
    // Whether an extractor reads every frame, whatever the subsampling.
    bool upload_every_frame_ = false;
    VmafPicture prev_ref_{}, prev_prev_ref_{};
    // Previous pictures are kept only for extractors that read them.
    bool keep_history_ = false, jobs_need_history_ = false;
    // Set when frames are held (extract_holding): no workers, and an
    // extractor whose reads outlast extract().
    bool hold_frames_ = false;
    VmafPicture held_ref_{}, held_dis_{};
    unsigned held_index_ = 0;
    bool flushed_ = false;
    unsigned frames_read_ = 0;
    unsigned taken_frames_ = 0; // by take_scores
    const VmafContext *lender_ = nullptr; // of borrowed reference scores
    std::chrono::steady_clock::time_point started_, finished_;
};
