#include "batch_summary.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fmt/core.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>

namespace vmaf::tools {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kHeader = {
    "row",    "reference", "distorted", "report", "status", "frames", "seconds",
    "metric", "mean",      "min",       "max",    "harmonic_mean", "error",
    "options", "report_digest"};

enum Column { kRow, kReference, kDistorted, kReport, kStatus };
// Counted from the end: --pool's columns come before "error".
constexpr size_t kOptionsFromEnd = 2, kDigestFromEnd = 1;

std::string number(double v) { return std::isfinite(v) ? fmt::format("{}", v) : ""; }

// FNV-1a, 64 bits: a fingerprint against accidents (a truncated or edited
// report, other options), not against forgery.
uint64_t fnv1a(std::string_view bytes)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string options_digest(const BatchJob &j)
{
    return fmt::format("{:016x}", fnv1a(session::report_options(j.request)));
}

// The report's size and fingerprint; nothing where it cannot be read.
std::optional<std::string> report_digest(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return std::nullopt;
    return fmt::format("{}:{:016x}", text.size(), fnv1a(text));
}

} // namespace

BatchSummary::BatchSummary(std::filesystem::path path, const std::vector<std::string> &pools)
    : path_(std::move(path)), header_(kHeader), pools_(pools.size())
{
    header_.insert(header_.end() - 3, pools.begin(), pools.end());
}

BatchSummary::~BatchSummary()
{
    if (file_) std::fclose(file_);
}

void BatchSummary::load_previous(const std::vector<BatchJob> &jobs,
                                 std::vector<std::string> &notes)
{
    std::error_code ec;
    if (!fs::exists(path_, ec)) return;
    const auto records = read_csv_records(path_.string());
    if (!records || records->empty() || (*records)[0] != header_) {
        notes.push_back(fmt::format("'{}' is not this version's summary with these --pool "
                                    "columns: every pair is scored again",
                                    session::quote(path_.string(), 200)));
        return;
    }
    const size_t options_at = header_.size() - kOptionsFromEnd;
    const size_t digest_at = header_.size() - kDigestFromEnd;
    // The earlier run's rows of each pair it scored, by report and by row.
    std::map<std::string, Rows> by_report;
    std::map<unsigned, Rows> by_row;
    for (size_t i = 1; i < records->size(); i++) {
        const auto &r = (*records)[i];
        if (r.size() != header_.size() || r[kStatus] != "ok") continue;
        by_report[r[kReport]].push_back(r);
        by_row[static_cast<unsigned>(std::strtoul(r[kRow].c_str(), nullptr, 10))].push_back(r);
    }
    std::set<std::string> reports;
    for (const BatchJob &j : jobs) reports.insert(j.report);
    for (const BatchJob &j : jobs) {
        auto same_pair = [&](const Rows &rows) {
            return rows[0][kReference] == j.reference && rows[0][kDistorted] == j.distorted;
        };
        const auto it = by_report.find(j.report);
        if (it != by_report.end() && same_pair(it->second)) {
            const auto &first = it->second[0];
            const auto digest = report_digest(j.report);
            std::string why;
            if (first[options_at] != options_digest(j))
                why = "the options that shape its report differ from the earlier run's";
            else if (!digest)
                why = fmt::format("its report '{}' is missing", session::quote(j.report, 200));
            else if (*digest != first[digest_at])
                why = fmt::format("its report '{}' is not the one written then (incomplete or "
                                  "changed since)",
                                  session::quote(j.report, 200));
            if (why.empty()) {
                done_[j.row.row] = it->second;
                continue;
            }
            notes.push_back(fmt::format("row {}: scored again: {}", j.row.row, why));
            continue;
        }
        // The same pair under another report name (another format): its old
        // report goes once this one is scored, where nothing changed it.
        const auto old = by_row.find(j.row.row);
        if (old == by_row.end() || !same_pair(old->second)) continue;
        const std::string &old_report = old->second[0][kReport];
        if (reports.count(old_report) || old_report == path_.string()) continue;
        const auto digest = report_digest(old_report);
        if (digest && *digest == old->second[0][digest_at]) stale_[j.row.row] = old_report;
    }
}

bool BatchSummary::done_before(const BatchJob &j) const { return done_.count(j.row.row) > 0; }

std::string BatchSummary::stale_report(const BatchJob &j) const
{
    const auto it = stale_.find(j.row.row);
    return it == stale_.end() ? std::string() : it->second;
}

bool BatchSummary::start(std::string &error)
{
    std::string text = csv_line(header_);
    for (const auto &[row, rows] : done_) {
        const size_t at = text.size();
        for (const auto &r : rows) text += csv_line(r);
        spans_[row] = {at, text.size() - at};
    }
    if (!session::write_output_file(path_.string(), text, error)) return false;
    end_ = text.size();
    file_ = std::fopen(path_.c_str(), "ab");
    if (!file_) error = fmt::format("cannot append to '{}'", path_.string());
    return file_ != nullptr;
}

void BatchSummary::add(const BatchJob &j, const BatchOutcome &outcome)
{
    const std::vector<std::string> pair = {std::to_string(j.row.row), j.reference, j.distorted,
                                           j.report};
    Rows rows;
    if (outcome.ok) {
        const session::ScoreTable &t = outcome.table;
        const std::string options = options_digest(j);
        // The report as it is now, just renamed into place.
        const std::string digest = report_digest(j.report).value_or("");
        for (size_t k = 0; k < t.keys.size(); k++) {
            std::vector<std::string> r = pair;
            const session::PooledScores &p = t.pooled[k];
            r.insert(r.end(), {"ok", std::to_string(t.frames), fmt::format("{:.3f}", t.seconds),
                               t.keys[k], number(p.mean), number(p.min), number(p.max),
                               number(p.harmonic_mean)});
            for (size_t m = 0; m < pools_; m++)
                r.push_back(m < p.more.size() ? number(p.more[m].second) : "");
            r.insert(r.end(), {"", options, digest});
            rows.push_back(std::move(r));
        }
    } else {
        std::vector<std::string> r = pair;
        r.insert(r.end(), {"failed", "", "", "", "", "", "", ""});
        r.insert(r.end(), pools_, "");
        r.insert(r.end(), {outcome.error, "", ""});
        rows.push_back(std::move(r));
    }
    std::string text;
    for (const auto &r : rows) text += csv_line(r);
    std::lock_guard lock(mutex_);
    spans_[j.row.row] = {end_, text.size()};
    end_ += text.size();
    if (file_ && (std::fwrite(text.data(), 1, text.size(), file_) != text.size() ||
                  std::fflush(file_) != 0))
        write_failed_ = true;
}

bool BatchSummary::finish(std::string &error)
{
    std::lock_guard lock(mutex_);
    if (file_) std::fclose(file_);
    file_ = nullptr;
    if (write_failed_) {
        error = fmt::format("could not write '{}'", path_.string());
        return false;
    }
    // Each pair's latest rows (a pair scored again appended them anew), in
    // manifest order.
    std::string text = csv_line(header_);
    FILE *in = std::fopen(path_.c_str(), "rb");
    bool read = in != nullptr;
    for (auto it = spans_.begin(); read && it != spans_.end(); ++it) {
        const size_t at = text.size();
        text.resize(at + it->second.size);
        read = fseeko(in, static_cast<off_t>(it->second.offset), SEEK_SET) == 0 &&
               std::fread(text.data() + at, 1, it->second.size, in) == it->second.size;
    }
    if (in) std::fclose(in);
    if (!read) {
        error = fmt::format("could not read '{}' back to put its rows in manifest order",
                            path_.string());
        return false;
    }
    return session::write_output_file(path_.string(), text, error);
}

} // namespace vmaf::tools
