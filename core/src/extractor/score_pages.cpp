#include "extractor/score_pages.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <string>
#include <system_error>
#include <unistd.h>

#include "base/log.h"

namespace vmaf {

namespace {

// A frame without a value: a quiet NaN of its own payload. Values that are
// NaN are kept as the plain quiet NaN, so that none reads as absent.
constexpr uint64_t kAbsent = 0x7ffc'0000'0000'0a5eULL;
constexpr size_t kPageBytes = ScorePages::kPageFrames * sizeof(double);

bool absent(double v)
{
    return std::bit_cast<uint64_t>(v) == kAbsent;
}

std::string temp_folder()
{
    const char *dir = std::getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

// An unlinked file in the temporary folder: gone with its descriptor.
int open_unlinked()
{
    const std::string dir = temp_folder();
#ifdef O_TMPFILE
    const int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
#endif
    std::string name = dir + "/vmaf-scores-XXXXXX";
    const int named = ::mkostemp(name.data(), O_CLOEXEC);
    if (named >= 0) ::unlink(name.c_str());
    return named;
}

} // namespace

ScorePages::File::~File()
{
    if (fd >= 0) ::close(fd);
}

size_t ScorePages::add_column()
{
    columns_.emplace_back();
    return columns_.size() - 1;
}

std::optional<double> ScorePages::get(size_t column, size_t index)
{
    if (index >= columns_[column].size) return std::nullopt;
    const double *values = page(column, index, false);
    if (!values) return std::nullopt;
    const double v = values[index % kPageFrames];
    if (absent(v)) return std::nullopt;
    return v;
}

void ScorePages::set(size_t column, size_t index, double value)
{
    double *values = page(column, index, true);
    values[index % kPageFrames] =
        std::isnan(value) ? std::numeric_limits<double>::quiet_NaN() : value;
    Column &c = columns_[column];
    c.pages[index / kPageFrames].dirty = true;
    c.size = std::max(c.size, index + 1);
}

double *ScorePages::page(size_t column, size_t index, bool writing)
{
    const size_t at = index / kPageFrames;
    if (columns_[column].pages.size() <= at) {
        if (!writing) return nullptr;
        columns_[column].pages.resize(at + 1);
    }
    if (!columns_[column].pages[at].values) {
        // A page never written has no values.
        if (!writing && columns_[column].pages[at].slot < 0) return nullptr;
        make_room();
        Page &p = columns_[column].pages[at];
        auto values = std::make_unique_for_overwrite<double[]>(kPageFrames);
        if (p.slot >= 0) {
            const ssize_t n = ::pread(file_.fd, values.get(), kPageBytes,
                                      static_cast<off_t>(p.slot) * static_cast<off_t>(kPageBytes));
            if (n != static_cast<ssize_t>(kPageBytes))
                throw std::system_error(n < 0 ? errno : EIO, std::generic_category(),
                                        "per-frame scores could not be read back from their "
                                        "temporary file");
        } else {
            std::fill_n(values.get(), kPageFrames, std::bit_cast<double>(kAbsent));
        }
        p.values = std::move(values);
        p.dirty = false;
        resident_.push_back({column, at});
    }
    Page &p = columns_[column].pages[at];
    p.used = ++clock_;
    return p.values.get();
}

void ScorePages::make_room()
{
    const size_t budget = std::max(budget_, 2 * columns_.size() + 2);
    while (resident_.size() >= budget && !file_failed_) {
        const auto page_of = [this](const Resident &r) -> Page & {
            return columns_[r.column].pages[r.page];
        };
        const auto oldest = std::min_element(resident_.begin(), resident_.end(),
                                             [&](const Resident &a, const Resident &b) {
                                                 return page_of(a).used < page_of(b).used;
                                             });
        Page &p = page_of(*oldest);
        if ((p.dirty || p.slot < 0) && !write_out(p)) return;
        p.values.reset();
        *oldest = resident_.back();
        resident_.pop_back();
    }
}

bool ScorePages::write_out(Page &p)
{
    if (file_.fd < 0) file_.fd = open_unlinked();
    const int64_t slot = p.slot >= 0 ? p.slot : next_slot_;
    const char *bytes = reinterpret_cast<const char *>(p.values.get());
    size_t done = 0;
    while (file_.fd >= 0 && done < kPageBytes) {
        const ssize_t n = ::pwrite(file_.fd, bytes + done, kPageBytes - done,
                                   static_cast<off_t>(slot) * static_cast<off_t>(kPageBytes) +
                                       static_cast<off_t>(done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<size_t>(n);
    }
    if (done < kPageBytes) {
        // Memory then grows with the run, as it would without the file.
        const int err = file_.fd < 0 || errno == 0 ? EIO : errno;
        log(VMAF_LOG_LEVEL_WARNING,
            "per-frame scores stay in memory: a temporary file in {} cannot be written "
            "({})",
            temp_folder(), std::strerror(err));
        file_failed_ = true;
        return false;
    }
    if (p.slot < 0) p.slot = next_slot_++;
    p.dirty = false;
    return true;
}

} // namespace vmaf
