// What went wrong while loading a model: an errno and a message that the
// API prefixes with the model's file or version.
#pragma once

#include <cerrno>
#include <stdexcept>
#include <string>

namespace vmaf::model {

class LoadError : public std::runtime_error {
public:
    LoadError(int code, const std::string &message) : std::runtime_error(message), code_(code) {}
    int code() const { return code_; }

private:
    int code_;
};

// A collection given where a single model was asked for, or the reverse.
// Callers that try one kind and then the other (as the CLI does) expect it:
// it has its own code (-ENOTSUP) and is logged as a warning.
class WrongKind : public LoadError {
public:
    explicit WrongKind(const std::string &message) : LoadError(-ENOTSUP, message) {}
};

} // namespace vmaf::model
