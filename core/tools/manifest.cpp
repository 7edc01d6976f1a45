#include "manifest.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <csv.h>
#include <filesystem>
#include <fmt/core.h>
#include <fstream>
#include <iterator>
#include <unistd.h>

#include "session/session.h"

namespace vmaf::tools {

using session::quote;

namespace {

struct Records {
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> current;
};

void on_field(void *data, size_t size, void *user)
{
    auto *r = static_cast<Records *>(user);
    r->current.emplace_back(data ? static_cast<const char *>(data) : "", size);
}

void on_record(int, void *user)
{
    auto *r = static_cast<Records *>(user);
    r->records.push_back(std::move(r->current));
    r->current.clear();
}

std::string trimmed(std::string text)
{
    auto space = [](unsigned char c) { return std::isspace(c) != 0; };
    text.erase(text.begin(), std::find_if_not(text.begin(), text.end(), space));
    text.erase(std::find_if_not(text.rbegin(), text.rend(), space).base(), text.end());
    return text;
}

std::string lower(std::string text)
{
    for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

} // namespace

std::optional<std::vector<std::vector<std::string>>> read_csv_records(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return std::nullopt;
    // The byte order mark spreadsheets put before UTF-8 text.
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
    csv_parser parser;
    // Strict: a stray quote inside a field is an error, not guessed at.
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL | CSV_EMPTY_IS_NULL) != 0)
        return std::nullopt;
    Records r;
    const bool ok = csv_parse(&parser, text.data(), text.size(), on_field, on_record, &r) ==
                        text.size() &&
                    csv_fini(&parser, on_field, on_record, &r) == 0;
    csv_free(&parser);
    if (!ok) return std::nullopt;
    return std::move(r.records);
}

bool read_manifest(const std::string &path, std::vector<ManifestRow> &rows, std::string &error)
{
    rows.clear();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        error = fmt::format("--batch '{}': no such file", quote(path));
        return false;
    }
    if (std::filesystem::is_directory(path, ec)) {
        error = fmt::format("--batch '{}' is a folder: give the manifest, a CSV file of pairs",
                            quote(path));
        return false;
    }
    if (::access(path.c_str(), R_OK) != 0) {
        error = fmt::format("--batch '{}': cannot read it: {}", quote(path), std::strerror(errno));
        return false;
    }
    const auto records = read_csv_records(path);
    if (!records) {
        error = fmt::format("--batch '{}': not CSV that can be read (a quote out of place?)",
                            quote(path));
        return false;
    }
    if (records->empty()) {
        error = fmt::format("--batch '{}': empty; the first line names the columns (ref,dis)",
                            quote(path));
        return false;
    }
    enum Column { kRef, kDis, kModel, kFeature, kOutput, kAlign, kColumns };
    int at[kColumns] = {-1, -1, -1, -1, -1, -1};
    const auto &header = records->front();
    for (size_t i = 0; i < header.size(); i++) {
        const std::string name = lower(trimmed(header[i]));
        const Column c = name == "ref" || name == "reference"    ? kRef
                         : name == "dis" || name == "distorted"  ? kDis
                         : name == "model" || name == "models"   ? kModel
                         : name == "feature" || name == "features" ? kFeature
                         : name == "output"                      ? kOutput
                         : name == "align"                       ? kAlign
                                                                 : kColumns;
        if (c == kColumns) {
            error = fmt::format("--batch '{}': unknown column '{}' (columns: ref, dis, model, "
                                "feature, output, align)",
                                quote(path), quote(header[i]));
            return false;
        }
        if (at[c] >= 0) {
            error = fmt::format("--batch '{}': column '{}' is named twice", quote(path),
                                quote(header[i]));
            return false;
        }
        at[c] = static_cast<int>(i);
    }
    if (at[kRef] < 0 || at[kDis] < 0) {
        error = fmt::format("--batch '{}': the header must name the columns ref and dis",
                            quote(path));
        return false;
    }
    for (size_t line = 1; line < records->size(); line++) {
        const auto &fields = (*records)[line];
        const bool blank = std::all_of(fields.begin(), fields.end(),
                                       [](const std::string &f) { return trimmed(f).empty(); });
        if (blank) continue;
        if (fields.size() > header.size()) {
            error = fmt::format("--batch '{}' record {}: {} fields, the header names {}",
                                quote(path), line + 1, fields.size(), header.size());
            return false;
        }
        auto field = [&](Column c) {
            return at[c] >= 0 && static_cast<size_t>(at[c]) < fields.size()
                       ? trimmed(fields[static_cast<size_t>(at[c])])
                       : std::string();
        };
        ManifestRow r{static_cast<unsigned>(rows.size() + 1), field(kRef), field(kDis),
                      field(kModel), field(kFeature), field(kOutput), field(kAlign)};
        if (r.reference.empty() || r.distorted.empty()) {
            error = fmt::format("--batch '{}' record {}: ref and dis are both needed",
                                quote(path), line + 1);
            return false;
        }
        rows.push_back(std::move(r));
    }
    if (rows.empty()) {
        error = fmt::format("--batch '{}': no pairs after the header", quote(path));
        return false;
    }
    return true;
}

std::string csv_line(const std::vector<std::string> &fields)
{
    std::string out;
    for (size_t i = 0; i < fields.size(); i++) {
        if (i) out += ',';
        const std::string &f = fields[i];
        // Quoted where the reader would change it otherwise: separators and
        // quotes, spaces and tabs at either end (trimmed from unquoted
        // fields), a byte order mark at the start (dropped at a file's).
        const bool plain = f.find_first_of(",\"\r\n") == std::string::npos &&
                           (f.empty() || (f.front() != ' ' && f.front() != '\t' &&
                                          f.back() != ' ' && f.back() != '\t')) &&
                           !f.starts_with("\xEF\xBB\xBF");
        if (plain) {
            out += f;
            continue;
        }
        std::string quoted(2 * f.size() + 2, '\0');
        quoted.resize(csv_write(quoted.data(), quoted.size(), f.data(), f.size()));
        out += quoted;
    }
    out += '\n';
    return out;
}

std::vector<std::string> split_list(const std::string &text)
{
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t semi = text.find(';', start);
        std::string item = trimmed(text.substr(start, semi - start));
        if (!item.empty()) out.push_back(std::move(item));
        if (semi == std::string::npos) break;
        start = semi + 1;
    }
    return out;
}

} // namespace vmaf::tools
