// One request to a resident vmaf (--serve) and its answer, over a Unix
// socket. The request is the client's arguments and umask, with its working
// folder and standard streams passed as open descriptors (SCM_RIGHTS): the
// server reads and writes what the client named, from where the client is,
// and prints on the client's terminal. The answer is the exit status.
#pragma once

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "base/descriptor.h"

namespace vmaf::tools {

struct ServeRequest {
    // argv without the program's name; a /dev/fd/N the client named (a
    // pipe of bash's <(...)) now names the descriptor passed for it.
    std::vector<std::string> args;
    mode_t umask = 022;
    Descriptor cwd, in, out, err;
    std::vector<Descriptor> named; // the descriptors the arguments name
};

// The descriptor an argument names as /dev/fd/N or /proc/self/fd/N, or -1.
int named_descriptor(const std::string &arg);

// Sends `args` with this process's umask, working folder, standard streams
// and the descriptors its arguments name; false with `error` set.
bool send_request(int socket, const std::vector<std::string> &args, std::string &error);
// False with `error` set where the request is malformed, too large or does
// not come whole before the socket's receive timeout; with `error` empty
// where the client closed without sending anything.
bool receive_request(int socket, ServeRequest &request, std::string &error);
// Once a worker has the request whole and will run it: a client whose
// connection ends before this (a server stopping with it still queued)
// knows that nothing of it ran.
bool send_taken(int socket);
bool receive_taken(int socket);
bool send_status(int socket, int status);
// The exit status, or nothing where the connection ended without one.
std::optional<int> receive_status(int socket);

} // namespace vmaf::tools
