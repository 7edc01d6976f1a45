// libFuzzer harness: batch mode's CSV (tools/manifest.h), the manifest and
// the summary's lines.
//
// Input: the manifest's bytes. It is read as `vmaf --batch` reads it
// (read_manifest), and its records as the resume reads the summary
// (read_csv_records). Records that parse must come back the same through
// csv_line, the summary's writer, read again: a summary the batch wrote is
// one it can read. Each field's ';'-separated list is split as the model and
// feature columns are.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include "manifest.h"

namespace {

// The bytes as a file: a memfd, named by its /proc path.
class MemoryFile {
public:
    MemoryFile(const void *data, size_t size) : fd_(::memfd_create("manifest", MFD_CLOEXEC))
    {
        const auto *p = static_cast<const uint8_t *>(data);
        while (fd_ >= 0 && size > 0) {
            const ssize_t n = ::write(fd_, p, size);
            if (n <= 0) break;
            p += n;
            size -= static_cast<size_t>(n);
        }
    }
    ~MemoryFile()
    {
        if (fd_ >= 0) ::close(fd_);
    }
    MemoryFile(const MemoryFile &) = delete;
    MemoryFile &operator=(const MemoryFile &) = delete;
    bool ok() const { return fd_ >= 0; }
    std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

private:
    int fd_;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    MemoryFile manifest(data, size);
    if (!manifest.ok()) return 0;
    std::vector<vmaf::tools::ManifestRow> rows;
    std::string error;
    vmaf::tools::read_manifest(manifest.path(), rows, error);
    for (const auto &row : rows) {
        vmaf::tools::split_list(row.models);
        vmaf::tools::split_list(row.features);
    }

    const auto records = vmaf::tools::read_csv_records(manifest.path());
    if (!records) return 0;
    std::string written;
    for (const auto &fields : *records) written += vmaf::tools::csv_line(fields);
    MemoryFile again(written.data(), written.size());
    if (!again.ok()) return 0;
    const auto read_back = vmaf::tools::read_csv_records(again.path());
    // A record of one empty field is written as an empty line, which reads
    // as no record: the summary never writes one.
    std::vector<std::vector<std::string>> expected;
    for (const auto &fields : *records)
        if (!(fields.size() == 1 && fields[0].empty())) expected.push_back(fields);
    if (!read_back || *read_back != expected) std::abort();
    return 0;
}
