// CSV files of batch mode, read and written with libcsv: the manifest of
// pairs to score, and the summary of pooled scores (ADR 0019).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace vmaf::tools {

// One pair of a manifest: its paths as written, and the optional columns
// (empty when absent). `models` and `features` hold ';'-separated lists of
// --model and --feature strings.
struct ManifestRow {
    unsigned row = 0; // 1 for the first pair after the header
    std::string reference, distorted, models, features, output;
    // "auto", "pts", "none" or a whole number of frames (--align auto,
    // --align pts, as given, --offset N) for this pair in place of the
    // command line's.
    std::string align;
};

// Reads a manifest: a header naming columns ref (or reference), dis (or
// distorted), and optionally model, feature, output, align; then one pair per
// line. False with `error` naming the line on anything else.
bool read_manifest(const std::string &path, std::vector<ManifestRow> &rows, std::string &error);

// Every CSV record of a file, fields unquoted; nothing when it cannot be
// read or parsed.
std::optional<std::vector<std::vector<std::string>>> read_csv_records(const std::string &path);

// One CSV line (with its newline), fields quoted where they need it.
std::string csv_line(const std::vector<std::string> &fields);

// ';'-separated items, trimmed, empty ones dropped.
std::vector<std::string> split_list(const std::string &text);

} // namespace vmaf::tools
