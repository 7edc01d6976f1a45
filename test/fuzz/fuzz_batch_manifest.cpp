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
#include <vector>

#include "fuzz_files.h"
#include "manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const vmaf::fuzz::MemoryFile manifest(data, size);
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
    const vmaf::fuzz::MemoryFile again(reinterpret_cast<const uint8_t *>(written.data()),
                                       written.size());
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
