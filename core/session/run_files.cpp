#include "session/run_files.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <filesystem>
#include <fmt/core.h>
#include <map>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

#include "base/replace_file.h"
#include "session/model_set.h"
#include "session/session.h"
#include "session/options/option_names.h"

namespace vmaf::session {

namespace fs = std::filesystem;

namespace {

// What a path is: the deepest folder (or file) of it that exists, by device
// and inode, and what lies below that, as the file system would resolve it.
struct Identity {
    dev_t dev = 0;
    ino_t ino = 0;
    std::string rest; // empty where the path exists; case-folded where its folder folds case

    auto operator<=>(const Identity &) const = default;
};

struct Located {
    Identity id;
    bool exists = false; // the path itself, its links followed
    mode_t mode = 0;     // when it exists
};

std::string swap_case(const std::string &name)
{
    std::string out = name;
    for (char &c : out) {
        const auto u = static_cast<unsigned char>(c);
        c = static_cast<char>(std::islower(u) ? std::toupper(u) : std::tolower(u));
    }
    return out;
}

// Whether `dir`'s entry `name` is also found under its other case: nothing
// where the entry has no letters.
std::optional<bool> folds_case_of(const fs::path &dir, const std::string &name)
{
    const std::string other = swap_case(name);
    if (other == name) return std::nullopt;
    struct stat a, b;
    if (::lstat((dir / name).c_str(), &a) != 0) return std::nullopt;
    if (::lstat((dir / other).c_str(), &b) != 0) return false;
    // Two entries that differ in case only: the folder tells them apart.
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Whether names in `dir` are found whatever their letters' case (ext4's
// casefold folders, vfat, exfat, SMB shares). Read from an entry of the
// folder, or the folder's own name in its parent; where neither tells,
// assumed, so that two outputs differing in case only are refused.
bool folds_case(const fs::path &dir)
{
    if (DIR *d = ::opendir(dir.c_str())) {
        std::optional<bool> seen;
        int looked = 0;
        while (const dirent *e = ::readdir(d)) {
            if (++looked > 256) break;
            if ((seen = folds_case_of(dir, e->d_name))) break;
        }
        ::closedir(d);
        if (seen) return *seen;
    }
    const fs::path normal = dir.lexically_normal();
    if (normal.has_filename() && normal.has_parent_path())
        if (const auto seen = folds_case_of(normal.parent_path(), normal.filename().string()))
            return *seen;
    return true;
}

// Whether folders fold case, by device and inode: asked once per folder.
using FoldCache = std::map<std::pair<dev_t, ino_t>, bool>;

Located locate(const std::string &path, FoldCache &folds)
{
    std::error_code ec;
    fs::path at = fs::absolute(path, ec);
    if (ec) at = path;
    std::vector<std::string> below;
    int links = 0;
    for (;;) {
        struct stat st;
        if (::stat(at.c_str(), &st) == 0) {
            Located l;
            l.exists = below.empty();
            l.mode = st.st_mode;
            l.id.dev = st.st_dev;
            l.id.ino = st.st_ino;
            fs::path rest;
            for (auto it = below.rbegin(); it != below.rend(); ++it) rest /= *it;
            l.id.rest = rest.lexically_normal().string();
            if (l.id.rest.empty()) return l;
            const auto key = std::make_pair(st.st_dev, st.st_ino);
            auto known = folds.find(key);
            if (known == folds.end()) known = folds.emplace(key, folds_case(at)).first;
            if (known->second)
                for (char &c : l.id.rest)
                    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return l;
        }
        struct stat lst;
        if (::lstat(at.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode) && ++links < 40) {
            // A dangling link: a write through it makes its target.
            const fs::path target = fs::read_symlink(at, ec);
            if (!ec) {
                at = target.is_absolute() ? target : at.parent_path() / target;
                continue;
            }
        }
        if (!at.has_relative_path()) return {}; // the root is missing: nothing to compare
        const std::string name = at.filename().string();
        if (!name.empty() && name != ".") below.push_back(name);
        at = at.parent_path();
    }
}

// The folder a path's file is in, as it is (links followed where the file
// exists), and the file's name there.
std::pair<Located, std::string> locate_in_folder(const std::string &path, FoldCache &folds)
{
    std::error_code ec;
    fs::path physical = fs::canonical(path, ec);
    if (ec) physical = fs::absolute(path, ec).lexically_normal();
    return {locate(physical.parent_path().string(), folds), physical.filename().string()};
}

// Character devices and pipes (/dev/null, a FIFO) are written through and
// never replaced: any number of outputs may name them.
bool written_through(const Located &l)
{
    return l.exists && !S_ISREG(l.mode) && !S_ISDIR(l.mode);
}

std::string named(const std::string &what, const std::string &path)
{
    return fmt::format("{} '{}'", what, quote(path, 200));
}

bool folder_takes_files(const std::string &path, const std::string &what, bool make_folder,
                        const Located &file, std::string &error)
{
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    const fs::path folder = absolute.parent_path();
    if (!fs::exists(folder, ec)) {
        if (!make_folder) {
            error = fmt::format("{}: its folder '{}' does not exist", named(what, path),
                                quote(folder.string(), 200));
            return false;
        }
        fs::create_directories(folder, ec);
        if (ec) {
            error = fmt::format("{}: cannot make its folder '{}': {}", named(what, path),
                                quote(folder.string(), 200), ec.message());
            return false;
        }
    }
    if (!fs::is_directory(folder, ec)) {
        error = fmt::format("{}: '{}' is not a folder", named(what, path),
                            quote(folder.string(), 200));
        return false;
    }
    if (::access(folder.c_str(), W_OK | X_OK) == 0) return true;
    const int err = errno;
    // A file that may be written, in a folder that takes no new files, is
    // rewritten in place (base/replace_file.h).
    if (file.exists && S_ISREG(file.mode) && ::access(absolute.c_str(), W_OK) == 0) return true;
    error = fmt::format("{}: its folder '{}' takes no new files: {}", named(what, path),
                        quote(folder.string(), 200), std::strerror(err));
    return false;
}

} // namespace

void RunFiles::read(const std::string &path, const std::string &what)
{
    Entry e;
    e.path = path;
    e.what = what;
    reads_.push_back(std::move(e));
}

void RunFiles::write(const std::string &path, const std::string &what, bool make_folder)
{
    Entry e;
    e.path = path;
    e.what = what;
    e.make_folder = make_folder;
    writes_.push_back(std::move(e));
}

void RunFiles::write_into(const std::string &folder, const std::string &prefix,
                          const std::string &what)
{
    Entry e;
    e.path = folder;
    e.what = what;
    e.folder = true;
    e.prefix = prefix;
    writes_.push_back(std::move(e));
}

bool RunFiles::check(std::string &error, bool folders) const
{
    FoldCache folds;
    std::vector<Located> write_at;
    // Each input by identity: the first entry that names it.
    std::map<Identity, size_t> inputs;
    for (size_t r = 0; r < reads_.size(); r++) inputs.emplace(locate(reads_[r].path, folds).id, r);
    for (const Entry &e : writes_) write_at.push_back(locate(e.path, folds));

    std::map<Identity, size_t> outputs;
    for (size_t w = 0; w < writes_.size(); w++) {
        const Entry &out = writes_[w];
        const Located &at = write_at[w];
        if (out.folder || written_through(at)) continue;
        if (at.exists && S_ISDIR(at.mode)) {
            error = fmt::format("{} is a folder, not a file", named(out.what, out.path));
            return false;
        }
        if (const auto in = inputs.find(at.id); in != inputs.end()) {
            const Entry &input = reads_[in->second];
            error = fmt::format("{} is {}: refusing to overwrite it", named(out.what, out.path),
                                named(input.what, input.path));
            return false;
        }
        if (const auto [other, fresh] = outputs.emplace(at.id, w); !fresh) {
            const Entry &first = writes_[other->second];
            error = fmt::format("{} and {} are one file: each output needs a name of its own",
                                named(first.what, first.path), named(out.what, out.path));
            return false;
        }
    }

    // Folders of files named by a prefix: one writer each, and no other
    // file of the run among their names.
    for (size_t f = 0; f < writes_.size(); f++) {
        if (!writes_[f].folder) continue;
        const Entry &into = writes_[f];
        for (size_t o = 0; o < f; o++)
            if (writes_[o].folder && write_at[o].id == write_at[f].id) {
                error = fmt::format("{} and {} are one folder: each would overwrite the other's "
                                    "files",
                                    named(writes_[o].what, writes_[o].path),
                                    named(into.what, into.path));
                return false;
            }
        auto inside = [&](const Entry &e) {
            const auto [folder, name] = locate_in_folder(e.path, folds);
            return folder.id == write_at[f].id && name.starts_with(into.prefix);
        };
        for (const Entry &e : reads_)
            if (inside(e)) {
                error = fmt::format("{} would be overwritten: it is in {}, among its files",
                                    named(e.what, e.path), named(into.what, into.path));
                return false;
            }
        for (const Entry &e : writes_)
            if (!e.folder && inside(e)) {
                error = fmt::format("{} is in {}, among its files: choose another name",
                                    named(e.what, e.path), named(into.what, into.path));
                return false;
            }
    }

    for (size_t w = 0; w < writes_.size() && folders; w++) {
        const Entry &out = writes_[w];
        if (out.folder || written_through(write_at[w])) continue;
        if (!folder_takes_files(out.path, out.what, out.make_folder, write_at[w], error))
            return false;
    }
    return true;
}

void add_request_files(RunFiles &files, const ScoreRequest &r, const std::string &owner,
                       bool report_folder_made)
{
    if (!r.reference.empty() && r.reference != "-") files.read(r.reference, owner + "reference video");
    if (!r.distorted.empty() && r.distorted != "-")
        files.read(r.distorted, owner + "distorted video");
    for (const std::string &text : r.models) {
        ModelSpec spec;
        std::string ignored; // a malformed string is refused where the models load
        if (parse_model_spec(text, spec, ignored) && !spec.path.empty())
            files.read(spec.path, owner + "model file");
    }
    for (const FeatureRequest &f : r.features)
        for (const auto &[key, value] : f.options)
            if (f.name == "cambi" && key == "heatmaps_path" && !value.empty())
                files.write_into(value, "cambi_heatmap_", owner + "cambi's heat-map folder");
    if (r.output && !r.output->empty() && *r.output != "-")
        files.write(*r.output, owner + "report", report_folder_made);
}

bool write_output_file(const std::string &path, const std::string &text, std::string &error)
{
    std::string reason;
    if (replace_file(path, text, reason) == 0) return true;
    error = fmt::format("cannot write '{}': {}", quote(path, 200), reason);
    return false;
}

bool is_output_temporary(const std::string &name, const std::string &target)
{
    return is_replace_temporary(name, target);
}

bool check_run_files(const ScoreRequest &r, const std::vector<std::string> &ladder,
                     const std::optional<std::string> &html, std::string &error)
{
    RunFiles files;
    if (ladder.empty()) {
        add_request_files(files, r);
    } else {
        std::error_code ec;
        if (r.output && fs::exists(*r.output, ec) && !fs::is_directory(*r.output, ec)) {
            error = fmt::format("{} '{}': a ladder writes one report per distorted video "
                                "into a folder, and this is a file",
                                option(Option::Output), quote(*r.output, 200));
            return false;
        }
        ScoreRequest inputs = r;
        inputs.distorted.clear();
        inputs.output.reset();
        add_request_files(files, inputs);
        for (const std::string &d : ladder)
            if (d != "-") files.read(d, "the distorted video");
        if (r.output && !r.output->empty())
            for (const std::string &d : ladder)
                files.write(ladder_report_path(*r.output, d, r.format),
                            fmt::format("{}'s report", quote(d, 200)), true);
    }
    if (html) files.write(*html, "the HTML page");
    return files.check(error);
}

} // namespace vmaf::session
