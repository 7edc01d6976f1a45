#include "feature/cambi/heatmap_files.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

#include "base/excerpt.h"
#include "base/log.h"

namespace vmaf::cambi {
namespace {

// mkdir -p with the reference's mode (0770).
int make_folder(const std::string &path)
{
    for (size_t at = path.find('/', 1);; at = path.find('/', at + 1)) {
        const std::string part = path.substr(0, at);
        if (!part.empty() && ::mkdir(part.c_str(), 0770) != 0 && errno != EEXIST) {
            const int err = errno;
            log_error("cambi: cannot make the heatmaps folder '{}': {}", excerpt(part),
                      std::strerror(err));
            return -err;
        }
        if (at == std::string::npos) return 0;
    }
}

int write_all(int fd, const void *data, size_t bytes, off_t offset)
{
    const auto *p = static_cast<const char *>(data);
    while (bytes) {
        const ssize_t n = ::pwrite(fd, p, bytes, offset);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        p += n;
        bytes -= static_cast<size_t>(n);
        offset += n;
    }
    return 0;
}

// A new file beside `path` (O_EXCL: never one planted there), mode 0666
// less the umask like any file the reference writes; its name in `temp`.
int create_temporary(const std::string &path, std::string &temp)
{
    static std::atomic<unsigned> counter{0};
    for (;;) {
        temp = fmt::format("{}.{}.{}.tmp", path, ::getpid(), counter++);
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd >= 0 ? fd : -errno;
    }
}

struct Registry {
    std::mutex mutex;
    std::map<std::string, std::weak_ptr<HeatmapFiles>> open;
};

Registry &registry()
{
    static Registry r;
    return r;
}

} // namespace

std::string HeatmapFiles::file_name(int scale, int w, int h)
{
    return fmt::format("cambi_heatmap_scale_{}_{}x{}_16b.gray", scale, w, h);
}

std::shared_ptr<HeatmapFiles> HeatmapFiles::open(const CambiConfig &config)
{
    const std::string key =
        fmt::format("{}\n{}x{}", config.heatmaps_path, config.enc.w, config.enc.h);
    Registry &r = registry();
    std::lock_guard lock(r.mutex);
    if (auto shared = r.open[key].lock()) return shared;
    std::shared_ptr<HeatmapFiles> files(new HeatmapFiles);
    if (files->create(config)) return nullptr;
    r.open[key] = files;
    return files;
}

int HeatmapFiles::create(const CambiConfig &config)
{
    if (int err = make_folder(config.heatmaps_path)) return err;
    // The largest c-value: the largest weight times a window's area over 4
    // (p0 = p = area / 2), in integers as the reference computes it.
    const int max_weight = *std::max_element(config.levels.weight.begin(),
                                             config.levels.weight.end());
    scaling_ = 65535.0 / (max_weight * config.enc.window * config.enc.window / 4);
    int w = config.enc.w, h = config.enc.h;
    for (int scale = 0; scale < kScales; scale++) {
        File f;
        f.path = config.heatmaps_path + "/" + file_name(scale, w, h);
        f.fd = create_temporary(f.path, f.temp_path);
        if (f.fd < 0) {
            log_error("cambi: cannot write the heatmap '{}': {}", excerpt(f.path, 200),
                      std::strerror(-f.fd));
            return f.fd;
        }
        files_.push_back(std::move(f));
        w = (w + 1) >> 1;
        h = (h + 1) >> 1;
    }
    return 0;
}

HeatmapFiles::~HeatmapFiles()
{
    for (const File &f : files_) {
        ::close(f.fd);
        if (!finished_) ::unlink(f.temp_path.c_str());
    }
}

int HeatmapFiles::write(int scale, unsigned frame, const Plane<float> &c_values)
{
    std::vector<uint16_t> samples(c_values.size());
    const std::span<const float> c = c_values.samples();
    for (size_t i = 0; i < samples.size(); i++) {
        // The reference converts without a bound; the scaling keeps every
        // c-value but one of two codes filling an entire window within
        // 65535, and that one saturates here (ADR 0014).
        const double v = scaling_ * c[i];
        samples[i] = v >= 65535.0 ? uint16_t{65535} : static_cast<uint16_t>(v);
    }
    const auto offset = static_cast<off_t>(frame) * static_cast<off_t>(samples.size()) * 2;
    const int err = write_all(files_[static_cast<size_t>(scale)].fd, samples.data(),
                              samples.size() * 2, offset);
    if (err) {
        log_error("cambi: cannot write the heatmap '{}': {}",
                  excerpt(files_[static_cast<size_t>(scale)].path, 200), std::strerror(-err));
    }
    return err;
}

int HeatmapFiles::finish()
{
    std::lock_guard lock(mutex_);
    if (finished_ || abandoned_) return 0;
    for (const File &f : files_) {
        if (::rename(f.temp_path.c_str(), f.path.c_str()) != 0) {
            const int err = errno;
            log_error("cambi: cannot name the heatmap '{}': {}", excerpt(f.path, 200),
                      std::strerror(err));
            return -err;
        }
    }
    finished_ = true;
    return 0;
}

} // namespace vmaf::cambi
