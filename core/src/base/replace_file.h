// Writing a file (a report, a page, a summary) without ever losing what was
// there: every floor that writes a user's output goes through here.
#pragma once

#include <string>

namespace vmaf {

// A regular file (or a new one) is written to a fresh temporary file beside
// it, ".NAME.XXXXXX", created exclusively (so nothing planted at a guessable
// name is written through, and no file of the user's is ever that name), and
// renamed into place: a failed write never leaves a half file where an old
// one was, nor a file under `path` at all. Where the folder cannot take a
// temporary file, an existing writable file is rewritten in place (what it
// held put back should that write fail part way). Devices,
// pipes and links the caller named are written through. Returns 0 or a
// negative errno, with `reason` saying why ("folder 'x' does not exist",
// "No space left on device").
int replace_file(const std::string &path, const std::string &text, std::string &reason);

// Whether `name` is the form of replace_file's temporary files for `target`
// (a file name, no folder): what a killed run may leave beside a report.
bool is_replace_temporary(const std::string &name, const std::string &target);

} // namespace vmaf
