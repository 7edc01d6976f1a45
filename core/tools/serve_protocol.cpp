#include "serve_protocol.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <fmt/core.h>
#include <string_view>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vmaf::tools {

namespace {

constexpr char kRequestMagic[8] = {'V', 'M', 'A', 'F', 'R', 'Q', '0', '1'};
constexpr char kTaken[8] = {'V', 'M', 'A', 'F', 'T', 'K', '0', '1'};
constexpr char kStatusMagic[8] = {'V', 'M', 'A', 'F', 'S', 'T', '0', '1'};
constexpr uint32_t kMaxPayload = 1u << 20;
constexpr size_t kStandard = 4; // working folder, stdin, stdout, stderr
constexpr size_t kMaxNamed = 16;

void put_u32(std::string &out, uint32_t v)
{
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

bool get_u32(const std::string &in, size_t &at, uint32_t &v)
{
    if (in.size() - at < sizeof v) return false;
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return true;
}

// Reads exactly `n` bytes; false at the end of the stream, an error or the
// receive timeout.
bool read_exactly(int socket, char *dst, size_t n)
{
    while (n > 0) {
        const ssize_t got = ::recv(socket, dst, n, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        dst += got;
        n -= static_cast<size_t>(got);
    }
    return true;
}

bool write_all(int socket, const char *src, size_t n)
{
    while (n > 0) {
        const ssize_t put = ::send(socket, src, n, MSG_NOSIGNAL);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return false;
        src += put;
        n -= static_cast<size_t>(put);
    }
    return true;
}

} // namespace

int named_descriptor(const std::string &arg)
{
    for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
        if (!arg.starts_with(prefix) || arg.size() == prefix.size() ||
            arg.size() - prefix.size() > 6)
            continue;
        int fd = 0;
        for (size_t i = prefix.size(); i < arg.size(); i++) {
            if (arg[i] < '0' || arg[i] > '9') return -1;
            fd = fd * 10 + (arg[i] - '0');
        }
        return fd;
    }
    return -1;
}

bool send_request(int socket, const std::vector<std::string> &args, std::string &error)
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    std::string payload;
    put_u32(payload, static_cast<uint32_t>(mask));
    put_u32(payload, static_cast<uint32_t>(args.size()));
    std::vector<int> named;
    for (const std::string &a : args) {
        put_u32(payload, static_cast<uint32_t>(a.size()));
        payload += a;
        const int fd = named_descriptor(a);
        if (fd >= 0 && ::fcntl(fd, F_GETFD) >= 0 &&
            std::find(named.begin(), named.end(), fd) == named.end())
            named.push_back(fd);
    }
    if (named.size() > kMaxNamed) {
        error = fmt::format("a server request passes at most {} /dev/fd/N inputs", kMaxNamed);
        return false;
    }
    put_u32(payload, static_cast<uint32_t>(named.size()));
    for (int fd : named) put_u32(payload, static_cast<uint32_t>(fd));
    if (payload.size() > kMaxPayload) {
        error = "the arguments are too long for a server request";
        return false;
    }
    std::string message(kRequestMagic, sizeof kRequestMagic);
    put_u32(message, static_cast<uint32_t>(payload.size()));
    message += payload;

    // The folder by an O_PATH descriptor: it needs no read permission.
    Descriptor cwd(::open(".", O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (!cwd) {
        error = std::string("cannot open the working folder: ") + std::strerror(errno);
        return false;
    }
    std::vector<int> fds{cwd.get(), 0, 1, 2};
    fds.insert(fds.end(), named.begin(), named.end());
    const size_t fd_bytes = fds.size() * sizeof(int);
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * (kStandard + kMaxNamed))] = {};
    iovec iov{message.data(), message.size()};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = CMSG_SPACE(fd_bytes);
    cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(fd_bytes);
    std::memcpy(CMSG_DATA(c), fds.data(), fd_bytes);
    ssize_t sent;
    do {
        sent = ::sendmsg(socket, &msg, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    if (sent < 0) {
        error = std::string("cannot send the request: ") + std::strerror(errno);
        return false;
    }
    // The descriptors went with the first byte; the rest is plain data.
    if (!write_all(socket, message.data() + sent, message.size() - static_cast<size_t>(sent))) {
        error = std::string("cannot send the request: ") + std::strerror(errno);
        return false;
    }
    return true;
}

bool receive_request(int socket, ServeRequest &request, std::string &error)
{
    char header[sizeof kRequestMagic + sizeof(uint32_t)];
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * (kStandard + kMaxNamed))] = {};
    iovec iov{header, sizeof header};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    ssize_t got;
    do {
        got = ::recvmsg(socket, &msg, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got <= 0) {
        // Nothing at all: a client checking that the server answers.
        error = got == 0 ? ""
                         : (errno == EAGAIN ? "the client sent no request in time"
                                            : std::string("recvmsg: ") + std::strerror(errno));
        return false;
    }
    // Every descriptor that came is owned before anything is checked.
    std::vector<Descriptor> passed;
    for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        const size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < n; i++) {
            int fd;
            std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
            passed.emplace_back(fd);
        }
    }
    if ((msg.msg_flags & MSG_CTRUNC) || passed.size() < kStandard) {
        error = "the request did not pass its folder and standard streams";
        return false;
    }
    if (!read_exactly(socket, header + got, sizeof header - static_cast<size_t>(got)) ||
        std::memcmp(header, kRequestMagic, sizeof kRequestMagic) != 0) {
        error = "not a vmaf request";
        return false;
    }
    uint32_t length;
    std::memcpy(&length, header + sizeof kRequestMagic, sizeof length);
    if (length > kMaxPayload) {
        error = "the request is too large";
        return false;
    }
    std::string payload(length, '\0');
    if (!read_exactly(socket, payload.data(), length)) {
        error = "the request did not come whole in time";
        return false;
    }
    size_t at = 0;
    uint32_t mask, count;
    if (!get_u32(payload, at, mask) || !get_u32(payload, at, count) || count > length) {
        error = "a malformed request";
        return false;
    }
    request.args.clear();
    for (uint32_t i = 0; i < count; i++) {
        uint32_t size;
        if (!get_u32(payload, at, size) || payload.size() - at < size) {
            error = "a malformed request";
            return false;
        }
        request.args.emplace_back(payload, at, size);
        at += size;
    }
    // The numbers the client's arguments name, in the order passed.
    uint32_t n_named;
    if (!get_u32(payload, at, n_named) || n_named != passed.size() - kStandard) {
        error = "a malformed request";
        return false;
    }
    std::vector<uint32_t> numbers(n_named);
    for (uint32_t &n : numbers)
        if (!get_u32(payload, at, n)) {
            error = "a malformed request";
            return false;
        }
    if (at != payload.size()) {
        error = "a malformed request";
        return false;
    }
    // Never one of the server's own descriptors.
    for (std::string &a : request.args) {
        const int fd = named_descriptor(a);
        if (fd < 0) continue;
        const auto it = std::find(numbers.begin(), numbers.end(), static_cast<uint32_t>(fd));
        if (it == numbers.end()) {
            error = fmt::format("{} names no descriptor the client has open", a);
            return false;
        }
        a = "/dev/fd/" + std::to_string(passed[kStandard + (it - numbers.begin())].get());
    }
    struct stat st;
    if (::fstat(passed[0].get(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        error = "the request's working folder is not a folder";
        return false;
    }
    request.umask = static_cast<mode_t>(mask & 0777);
    request.cwd = std::move(passed[0]);
    request.in = std::move(passed[1]);
    request.out = std::move(passed[2]);
    request.err = std::move(passed[3]);
    request.named.clear();
    for (size_t i = kStandard; i < passed.size(); i++) request.named.push_back(std::move(passed[i]));
    return true;
}

bool send_taken(int socket) { return write_all(socket, kTaken, sizeof kTaken); }

bool receive_taken(int socket)
{
    char message[sizeof kTaken];
    return read_exactly(socket, message, sizeof message) &&
           std::memcmp(message, kTaken, sizeof kTaken) == 0;
}

bool send_status(int socket, int status)
{
    char message[sizeof kStatusMagic + sizeof(int32_t)];
    std::memcpy(message, kStatusMagic, sizeof kStatusMagic);
    const int32_t s = status;
    std::memcpy(message + sizeof kStatusMagic, &s, sizeof s);
    return write_all(socket, message, sizeof message);
}

std::optional<int> receive_status(int socket)
{
    char message[sizeof kStatusMagic + sizeof(int32_t)];
    if (!read_exactly(socket, message, sizeof message) ||
        std::memcmp(message, kStatusMagic, sizeof kStatusMagic) != 0)
        return std::nullopt;
    int32_t s;
    std::memcpy(&s, message + sizeof kStatusMagic, sizeof s);
    return s;
}

} // namespace vmaf::tools
