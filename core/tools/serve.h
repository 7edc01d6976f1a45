// vmaf --serve SOCKET: a resident vmaf that keeps its GPU contexts, its
// loaded backend and its code warm and scores the requests of vmaf
// --server clients (docs/serve.md, ADR 0061).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vmaf::tools {

struct ServeSettings {
    std::string socket;
    unsigned workers = 2;         // requests scored at once
    unsigned queue = 64;          // requests waiting beyond those, at most
    unsigned request_timeout = 10; // seconds a client has to send its request
    bool quiet = false;
};

// Runs one request's arguments (argv without the program's name) with the
// process's standard streams and working folder as the request set them;
// returns the exit status the CLI would. `client_waits` says, frame by
// frame, whether the client still waits for the answer: a run whose client
// is gone may stop (and writes no report).
using RunArguments = std::function<int(const std::vector<std::string> &args,
                                       const std::function<bool()> &client_waits)>;

// Listens on `socket` (a new Unix socket, mode 0600) until SIGTERM or
// SIGINT, each worker process scoring one request at a time; the requests
// being scored then finish, the queued ones are refused. Returns the exit
// status: 0 after a clean shutdown, 1 where it could not start.
int serve(const ServeSettings &settings, const RunArguments &run);

// The exit status of `args` scored by the server at `socket`, or nothing
// where no server answers there or its queue is full (`why` says why).
std::optional<int> score_on_server(const std::string &socket, const std::vector<std::string> &args,
                                   std::string &why);

} // namespace vmaf::tools
