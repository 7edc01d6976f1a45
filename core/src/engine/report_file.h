// Writing a report to a path without ever losing what was there.
#pragma once

#include <string>

namespace vmaf {

// A regular file (or a new one) is written to a fresh temporary file beside
// it, created exclusively (so nothing planted at a guessable name is written
// through), and renamed into place: a failed write never leaves a half file
// where an old one was. Where the folder cannot take a temporary file, an
// existing writable file is rewritten in place. Devices, pipes and links the
// caller named are written through. Returns 0 or a negative errno, logged.
int write_report_file(const std::string &path, const std::string &text);

} // namespace vmaf
