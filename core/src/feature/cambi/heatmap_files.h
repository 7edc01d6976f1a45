// The heatmaps_path output: per scale, one raw file of 16-bit samples (host
// byte order) that holds every frame's c-values one after the other, scaled
// so that the largest c-value the window allows is 65535. The files are
// named after the encoding size halved per scale (also with the
// high-resolution speed-up, whose scales are half that size, as the
// reference names them).
//
// Every instance of an extractor (one per worker thread) writes its frames
// into the same files: instances that name the same folder and size share
// one HeatmapFiles. The files are written under temporary names and get
// their names once the context is flushed; a run that stops before, or in
// which cambi failed on a frame, leaves none.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "feature/cambi/cambi_config.h"
#include "feature/common/plane.h"

namespace vmaf::cambi {

class HeatmapFiles {
public:
    // The files for `config`, shared with the instances that have them open;
    // null (logged) where the folder or a file cannot be made.
    static std::shared_ptr<HeatmapFiles> open(const CambiConfig &config);
    ~HeatmapFiles();
    HeatmapFiles(const HeatmapFiles &) = delete;
    HeatmapFiles &operator=(const HeatmapFiles &) = delete;

    // Frame `frame`'s c-values of `scale`. Thread safe (positional writes).
    int write(int scale, unsigned frame, const Plane<float> &c_values);
    // Renames the files into place (once; later calls do nothing), unless
    // abandoned.
    int finish();
    // The files will not be kept: a frame could not be scored.
    void abandon() { abandoned_ = true; }

    // The name of scale `scale`'s file in the folder.
    static std::string file_name(int scale, int w, int h);

private:
    HeatmapFiles() = default;
    int create(const CambiConfig &config);

    struct File {
        std::string temp_path, path;
        int fd = -1;
    };
    std::vector<File> files_;
    double scaling_ = 0; // 65535 over the largest c-value
    std::mutex mutex_;
    bool finished_ = false;
    std::atomic<bool> abandoned_{false};
};

} // namespace vmaf::cambi
