#include "serve.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "serve_protocol.h"

namespace vmaf::tools {

namespace {

volatile sig_atomic_t g_stop = 0;

void on_stop(int) { g_stop = 1; }

bool socket_address(const std::string &path, sockaddr_un &addr, std::string &error)
{
    addr = {};
    addr.sun_family = AF_UNIX;
    if (path.empty() || path.size() >= sizeof addr.sun_path) {
        error = fmt::format("--serve: '{}' is not a usable socket path (1 to {} bytes)", path,
                            sizeof addr.sun_path - 1);
        return false;
    }
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    return true;
}

// A new listening socket at `path`. A socket file no server answers on (one
// left by a killed server) is replaced; anything else there is kept.
Descriptor make_listener(const std::string &path, unsigned queue, std::string &error)
{
    sockaddr_un addr;
    if (!socket_address(path, addr, error)) return {};
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            error = fmt::format("--serve: '{}' exists and is not a socket: it is left as it is", path);
            return {};
        }
        Descriptor probe(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
        if (probe && ::connect(probe.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0) {
            error = fmt::format("--serve: a server already listens at '{}'", path);
            return {};
        }
        ::unlink(path.c_str());
    }
    Descriptor s(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!s) {
        error = fmt::format("--serve: socket: {}", std::strerror(errno));
        return {};
    }
    // Only its owner may connect: the socket's mode is the access rule.
    const mode_t old = ::umask(0177);
    const int bound = ::bind(s.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    const int bind_errno = errno;
    ::umask(old);
    if (bound != 0) {
        error = fmt::format("--serve: cannot create '{}': {}", path, std::strerror(bind_errno));
        return {};
    }
    if (::listen(s.get(), static_cast<int>(queue)) != 0) {
        error = fmt::format("--serve: listen: {}", std::strerror(errno));
        ::unlink(path.c_str());
        return {};
    }
    return s;
}

Descriptor duplicate(int fd) { return Descriptor(::fcntl(fd, F_DUPFD_CLOEXEC, 3)); }

// Runs `r` with its standard streams, folder and umask, then puts the
// worker's back.
int run_redirected(const ServeRequest &r, int connection, const RunArguments &run)
{
    std::fflush(stdout);
    std::fflush(stderr);
    const Descriptor in = duplicate(0), out = duplicate(1), err = duplicate(2);
    const Descriptor cwd(::open(".", O_PATH | O_DIRECTORY | O_CLOEXEC));
    ::dup2(r.in.get(), 0);
    ::dup2(r.out.get(), 1);
    ::dup2(r.err.get(), 2);
    for (FILE *f : {stdin, stdout, stderr}) std::clearerr(f);
    int status = 1;
    if (::fchdir(r.cwd.get()) != 0) {
        fmt::print(stderr, "vmaf: the server cannot enter your working folder: {}\n",
                   std::strerror(errno));
    } else {
        const mode_t mask = ::umask(r.umask);
        try {
            // The client sends nothing after its request: a hang-up is all
            // the connection can tell.
            status = run(r.args, [connection] {
                pollfd p{connection, POLLRDHUP, 0};
                return ::poll(&p, 1, 0) <= 0 || !(p.revents & (POLLRDHUP | POLLHUP | POLLERR));
            });
        } catch (const std::exception &e) {
            fmt::print(stderr, "vmaf: {}\n", e.what());
        }
        ::umask(mask);
    }
    std::fflush(stdout);
    std::fflush(stderr);
    ::dup2(in.get(), 0);
    ::dup2(out.get(), 1);
    ::dup2(err.get(), 2);
    for (FILE *f : {stdin, stdout, stderr}) std::clearerr(f);
    if (!cwd || ::fchdir(cwd.get()) != 0) throw std::runtime_error("the server lost its folder");
    return status;
}

void handle(Descriptor connection, const ServeSettings &s, const RunArguments &run)
{
    const timeval timeout{static_cast<time_t>(s.request_timeout), 0};
    ::setsockopt(connection.get(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ServeRequest request;
    std::string error;
    if (!receive_request(connection.get(), request, error)) {
        if (!s.quiet && !error.empty())
            fmt::print(stderr, "vmaf --serve: a request refused: {}\n", error);
        return;
    }
    // A client of another user could name files only the server's user may
    // open: such requests are refused (root may open them anyway).
    ucred peer{};
    socklen_t size = sizeof peer;
    if (::getsockopt(connection.get(), SOL_SOCKET, SO_PEERCRED, &peer, &size) != 0 ||
        (peer.uid != ::getuid() && peer.uid != 0)) {
        const std::string message = fmt::format(
            "vmaf: the server at '{}' scores the requests of its own user (uid {}) only\n",
            s.socket, ::getuid());
        if (::write(request.err.get(), message.data(), message.size()) < 0) {
            // The client is gone: nobody to tell.
        }
        // Answered, not run: the client must not score it by itself.
        send_taken(connection.get());
        send_status(connection.get(), 1);
        return;
    }
    send_taken(connection.get());
    const int status = run_redirected(request, connection.get(), run);
    // A client killed meanwhile reads no status: nothing more to do.
    send_status(connection.get(), status);
}

// A worker: takes one connection at a time while no SIGTERM or SIGINT came.
// Those are blocked but while it waits, so that a request being scored
// finishes first.
[[noreturn]] void work(int listener, const ServeSettings &s, const RunArguments &run)
{
    std::signal(SIGPIPE, SIG_IGN);
    struct sigaction stop{};
    stop.sa_handler = on_stop;
    ::sigaction(SIGTERM, &stop, nullptr);
    ::sigaction(SIGINT, &stop, nullptr);
    sigset_t waiting;
    ::sigprocmask(SIG_SETMASK, nullptr, &waiting);
    ::sigdelset(&waiting, SIGTERM);
    ::sigdelset(&waiting, SIGINT);
    while (!g_stop) {
        pollfd p{listener, POLLIN, 0};
        const int ready = ::ppoll(&p, 1, nullptr, &waiting);
        if (ready < 0 && errno != EINTR) break;
        // ppoll delivers a pending signal only when nothing was ready: a
        // SIGTERM that came during the last request may still be pending
        // while clients queue.
        sigset_t pending;
        if (::sigpending(&pending) == 0 &&
            (::sigismember(&pending, SIGTERM) == 1 || ::sigismember(&pending, SIGINT) == 1))
            g_stop = 1;
        if (ready <= 0 || g_stop) continue;
        // Another worker may have taken it: the listener does not block.
        Descriptor connection(::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC));
        if (!connection) continue;
        try {
            handle(std::move(connection), s, run);
        } catch (const std::exception &e) {
            fmt::print(stderr, "vmaf --serve: a worker ends: {}\n", e.what());
            std::fflush(stderr);
            std::_Exit(1);
        }
    }
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(0);
}

pid_t start_worker(int listener, const ServeSettings &s, const RunArguments &run)
{
    const pid_t pid = ::fork();
    if (pid == 0) work(listener, s, run);
    return pid;
}

} // namespace

int serve(const ServeSettings &s, const RunArguments &run)
{
    // Before any worker: they inherit the mask and unblock in their wait.
    sigset_t watched;
    ::sigemptyset(&watched);
    for (int sig : {SIGTERM, SIGINT, SIGCHLD}) ::sigaddset(&watched, sig);
    ::sigprocmask(SIG_BLOCK, &watched, nullptr);
    std::string error;
    Descriptor listener = make_listener(s.socket, s.queue, error);
    if (!listener) {
        fmt::print(stderr, "vmaf: {}\n", error);
        return 1;
    }
    std::vector<pid_t> workers;
    for (unsigned i = 0; i < s.workers; i++) {
        const pid_t pid = start_worker(listener.get(), s, run);
        if (pid < 0) {
            fmt::print(stderr, "vmaf: --serve: cannot start a worker: {}\n", std::strerror(errno));
            for (pid_t w : workers) ::kill(w, SIGKILL);
            ::unlink(s.socket.c_str());
            return 1;
        }
        workers.push_back(pid);
    }
    if (!s.quiet)
        fmt::print(stderr, "vmaf: serving at '{}', {} request{} at once\n", s.socket, s.workers,
                   s.workers == 1 ? "" : "s");
    bool stopping = false;
    auto started = std::chrono::steady_clock::now();
    while (!workers.empty()) {
        siginfo_t info;
        const int sig = ::sigwaitinfo(&watched, &info);
        if (sig == SIGTERM || sig == SIGINT) {
            if (stopping) continue;
            stopping = true;
            // New clients find no server from now on and score by themselves.
            ::unlink(s.socket.c_str());
            listener.reset();
            for (pid_t w : workers) ::kill(w, SIGTERM);
            continue;
        }
        if (sig != SIGCHLD) continue;
        int status;
        pid_t pid;
        while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0) {
            std::erase(workers, pid);
            if (stopping) continue;
            if (!s.quiet)
                fmt::print(stderr, "vmaf --serve: a worker ended ({}); another takes its place\n",
                           WIFSIGNALED(status) ? fmt::format("signal {}", WTERMSIG(status))
                                               : fmt::format("exit {}", WEXITSTATUS(status)));
            // A worker that cannot live is not restarted in a tight loop.
            if (std::chrono::steady_clock::now() - started < std::chrono::seconds(1))
                std::this_thread::sleep_for(std::chrono::seconds(1));
            started = std::chrono::steady_clock::now();
            const pid_t w = start_worker(listener.get(), s, run);
            if (w > 0) workers.push_back(w);
        }
    }
    if (!stopping) ::unlink(s.socket.c_str());
    if (!s.quiet) fmt::print(stderr, "vmaf: the server at '{}' stopped\n", s.socket);
    return stopping ? 0 : 1;
}

std::optional<int> score_on_server(const std::string &socket, const std::vector<std::string> &args,
                                   std::string &why)
{
    sockaddr_un addr;
    if (!socket_address(socket, addr, why)) return std::nullopt;
    // Not blocking while connecting: a server whose queue is full refuses
    // at once (EAGAIN) instead of keeping the client waiting.
    Descriptor s(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!s || ::connect(s.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        why = errno == EAGAIN ? "its queue is full" : std::strerror(errno);
        return std::nullopt;
    }
    ::fcntl(s.get(), F_SETFL, ::fcntl(s.get(), F_GETFL) & ~O_NONBLOCK);
    if (!send_request(s.get(), args, why)) return std::nullopt;
    if (!receive_taken(s.get())) {
        why = "it stopped before taking the run";
        return std::nullopt;
    }
    const std::optional<int> status = receive_status(s.get());
    if (!status) {
        fmt::print(stderr, "vmaf: the server at '{}' ended the request without an answer\n", socket);
        return 1;
    }
    return status;
}

} // namespace vmaf::tools
