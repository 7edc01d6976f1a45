// Writes the package's __init__.py from its source with the option table's
// keywords (session/option_table.h) in place of each "**table: Any": score()
// and score_ladder() then have one keyword-only parameter per row, with the
// row's annotation and default, which type checkers and help() read (ADR 0048).
//
//   table_keywords SOURCE OUTPUT
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "session/option_table.h"

namespace {

constexpr std::string_view kMarker = "**table: Any";

// The rows' parameters, the first where the marker stands and each next on
// a line of its own at `indent`.
std::string parameters(const std::string &indent)
{
    std::string out;
    for (const vmaf::session::OptionRow &row : vmaf::session::option_table()) {
        if (!out.empty()) out += ",\n" + indent;
        out += fmt::format("{}: {} = {}", vmaf::session::python_keyword(row.id), row.python_type,
                           row.python_default);
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s SOURCE OUTPUT\n", argv[0]);
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 1;
    }
    std::ostringstream out;
    int replaced = 0;
    for (std::string line; std::getline(in, line);) {
        if (const size_t at = line.find(kMarker); at != std::string::npos) {
            const std::string indent = line.substr(0, line.find_first_not_of(' '));
            line.replace(at, kMarker.size(), parameters(indent));
            ++replaced;
        }
        out << line << '\n';
    }
    if (replaced == 0) {
        std::fprintf(stderr, "%s: no '%s' in %s\n", argv[0], kMarker.data(), argv[1]);
        return 1;
    }
    std::ofstream file(argv[2]);
    file << out.str();
    if (!file.flush()) {
        std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[2]);
        return 1;
    }
    return 0;
}
