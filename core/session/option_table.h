// The options of a scoring request that the command line and the Python
// module both take, each written once: its name (options/option_names.h,
// each front end's spelling), where `vmaf --help` shows it, what values it
// takes, its help, its Python annotation and default, and how a value given
// as text is checked and set in the request. The CLI's flags and Python's
// keywords for these options are made from the table (ADR 0047).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "session/options/option_names.h"
#include "session/request.h"

namespace vmaf::session {

enum class OptionGroup { Input, Scoring, Report, Running };

// What a value is, as each front end checks its type before the row checks
// the text: a whole number, a real number, text, or texts (the option given
// several times, or a list in Python).
enum class OptionKind { Count, Number, Text, Texts };

struct OptionRow {
    Option id;
    OptionGroup group;
    OptionKind kind;
    // The value as `vmaf --help` names it ("N", "FLAGS", "{none,auto,...}").
    const char *value_name;
    const char *help;
    // score()'s annotation of the keyword and its default (Python literals).
    const char *python_type, *python_default;
    // The value of the flag given bare on the command line (nullptr: the
    // flag needs a value).
    const char *bare_value;
    // Checks one value and sets it in `r` (a Texts option adds each value);
    // false with `error` naming the option as the front end spells it.
    bool (*set)(ScoreRequest &r, const std::string &text, std::string &error);
};

std::span<const OptionRow> option_table();

// The row of the option Python names `keyword`; nullptr for none.
const OptionRow *option_row(std::string_view keyword);

// What is wrong with `text` as a whole number of at least `least` (at most
// nine digits); empty where nothing is.
std::string count_problem(const std::string &text, unsigned least);

} // namespace vmaf::session
