#include "base/replace_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/descriptor.h"

namespace vmaf {

namespace {

namespace fs = std::filesystem;

int write_all(int fd, const std::string &text)
{
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : EIO;
        done += static_cast<size_t>(n);
    }
    return 0;
}

int write_failed(int err, std::string &reason)
{
    reason = std::strerror(err);
    return -err;
}

// The mode a new file gets from open(0666): the process umask, read
// without changing it (umask() would race with other threads).
mode_t new_file_mode()
{
    mode_t mask = 022;
    if (std::FILE *f = std::fopen("/proc/self/status", "re")) {
        char line[256];
        while (std::fgets(line, sizeof line, f)) {
            unsigned m;
            if (std::sscanf(line, "Umask: %o", &m) == 1) mask = static_cast<mode_t>(m);
        }
        std::fclose(f);
    }
    return 0666 & ~mask;
}

int write_through(const std::string &path, const std::string &text, int flags,
                  std::string &reason)
{
    Descriptor fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0666));
    if (fd.get() < 0) return write_failed(errno, reason);
    if (int err = write_all(fd.get(), text)) return write_failed(err, reason);
    if (fd.close() != 0) return write_failed(errno, reason);
    return 0;
}

// A file in a folder that takes no new file, rewritten where it is: should
// the write fail part way (a full disk), what the file held is put back,
// so that no half report stays under its name.
int rewrite_in_place(const std::string &path, const std::string &text, std::string &reason)
{
    std::string old;
    {
        Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
        if (fd.get() < 0) return write_failed(errno, reason);
        char buf[1 << 16];
        for (;;) {
            const ssize_t n = ::read(fd.get(), buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return write_failed(errno, reason);
            if (n == 0) break;
            old.append(buf, static_cast<size_t>(n));
        }
    }
    const int err = write_through(path, text, O_TRUNC | O_NOFOLLOW, reason);
    if (err == 0) return 0;
    std::string ignored;
    if (write_through(path, old, O_TRUNC | O_NOFOLLOW, ignored) != 0)
        reason += "; what the file held before could not be put back";
    return err;
}

} // namespace

int replace_file(const std::string &path, const std::string &text, std::string &reason)
{
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        reason = fmt::format("folder '{}' does not exist", dir.string());
        return -ENOENT;
    }
    struct stat st;
    const bool exists = ::lstat(path.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        reason = "it is a folder";
        return -EISDIR;
    }
    if (exists && !S_ISREG(st.st_mode)) return write_through(path, text, O_TRUNC, reason);

    std::string tmp = (dir / fmt::format(".{}.XXXXXX", target.filename().string())).string();
    Descriptor fd(::mkostemp(tmp.data(), O_CLOEXEC));
    if (fd.get() < 0) {
        const int err = errno;
        // A read-only folder cannot take the temporary file; a file in it
        // that may be written is rewritten in place.
        if (exists && ::access(path.c_str(), W_OK) == 0) return rewrite_in_place(path, text, reason);
        return write_failed(err, reason);
    }
    // The file gets the mode an existing file has, or a new file would.
    ::fchmod(fd.get(), exists ? (st.st_mode & 07777) : new_file_mode());
    int err = write_all(fd.get(), text);
    if (!err && fd.close() != 0) err = errno;
    if (!err && ::rename(tmp.c_str(), path.c_str()) != 0) err = errno;
    if (err) {
        ::unlink(tmp.c_str());
        return write_failed(err, reason);
    }
    return 0;
}

bool is_replace_temporary(const std::string &name, const std::string &target)
{
    // mkostemp's six characters after ".TARGET.".
    return name.size() == target.size() + 8 && name.starts_with('.') &&
           name.compare(1, target.size(), target) == 0 && name[target.size() + 1] == '.';
}

} // namespace vmaf
