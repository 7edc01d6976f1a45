// What went wrong while loading a model: an errno and a message that the
// API prefixes with the model's file or version.
#pragma once

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

} // namespace vmaf::model
