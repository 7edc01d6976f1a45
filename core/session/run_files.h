// Every file a run reads and every file it writes, known in one place and
// checked before any frame is scored (ADR 0040): no output may be an input,
// another output or the manifest. Files are compared by what they are, not
// by how they are spelled: links, "..", hard links, bind mounts and folders
// that fold letter case all name one file one way here. Every front end (the
// CLI's pair and ladder, batch mode, the Python package) lists its files
// here, so a new output is added once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "session/request.h"

namespace vmaf::session {

class RunFiles {
public:
    // `what` names the file in messages: "the reference video", "row 3's
    // report".
    void read(const std::string &path, const std::string &what);
    // A file the run writes. `make_folder`: its folder is made when missing
    // (batch mode's reports, a ladder's); otherwise a missing folder is an
    // error.
    void write(const std::string &path, const std::string &what, bool make_folder = false);
    // A folder the run writes files into, their names starting with
    // `prefix` (cambi's heat maps); the writer makes the folder.
    void write_into(const std::string &folder, const std::string &prefix, const std::string &what);

    // False with `error` set where an output is an input, two outputs are
    // one file, an output is a folder, or (with `folders`) an output's
    // folder is missing (and not to be made) or takes no files. Makes the
    // folders asked for. Without `folders`, for runs whose files are
    // written elsewhere (Dask's workers), only what the files are is
    // compared.
    bool check(std::string &error, bool folders = true) const;

private:
    struct Entry {
        std::string path, what;
        bool make_folder = false;
        bool folder = false; // write_into: `path` is a folder, `prefix` its files'
        std::string prefix;
    };
    std::vector<Entry> reads_, writes_;
};

// The files `r` names: its videos (standard input aside), model files, cambi's
// heat-map folders and its report (standard output aside), each `what`
// starting with `owner` ("row 3's "). `report_folder_made`: the report's
// folder is made when missing.
void add_request_files(RunFiles &files, const ScoreRequest &r, const std::string &owner = "the ",
                       bool report_folder_made = false);

// Writes `text` to `path` as reports are written: to a temporary file beside
// it, renamed into place once complete (base/replace_file.h). False with
// `error` naming the file and the reason.
bool write_output_file(const std::string &path, const std::string &text, std::string &error);

// Whether `name` (a file name) is the temporary file that writing `target`
// (a file name) leaves where the run was killed.
bool is_output_temporary(const std::string &name, const std::string &target);

// The files of one pair's run (`ladder` empty) or of a ladder's (r.reference
// against each of `ladder`, the reports in the folder *r.output), with the
// page of `html` where given, checked as RunFiles::check does.
bool check_run_files(const ScoreRequest &r, const std::vector<std::string> &ladder,
                     const std::optional<std::string> &html, std::string &error);

} // namespace vmaf::session
