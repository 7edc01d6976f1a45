#include "session/input/libav.h"

#include <array>
#include <cstdlib>
#include <dlfcn.h>
#include <fmt/format.h>
#include <mutex>

namespace vmaf::session {

namespace {

#define VMAF_STRINGIFY_VALUE(x) #x
#define VMAF_STRINGIFY(x) VMAF_STRINGIFY_VALUE(x)

// The libraries in the order they depend on each other, each the major
// version the headers describe: its soname is NAME.so.MAJOR, its Debian
// package NAMEMAJOR.
enum LibavLibrary { avutil, swscale, avcodec, avformat, kLibraries };
struct LibraryName {
    const char *name, *major;
};
constexpr std::array<LibraryName, kLibraries> kLibraryNames = {{
    {"libavutil", VMAF_STRINGIFY(LIBAVUTIL_VERSION_MAJOR)},
    {"libswscale", VMAF_STRINGIFY(LIBSWSCALE_VERSION_MAJOR)},
    {"libavcodec", VMAF_STRINGIFY(LIBAVCODEC_VERSION_MAJOR)},
    {"libavformat", VMAF_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR)},
}};

std::string soname(int library)
{
    return fmt::format("{}.so.{}", kLibraryNames[library].name, kLibraryNames[library].major);
}

struct Loaded {
    Libav functions;
    std::string error;
};

// The libraries stay loaded for the life of the process: decoders' threads
// and the log callback may outlive any one input.
Loaded load()
{
    Loaded loaded;
    // A folder of another FFmpeg build of the same major versions (one with
    // hardware decoders, say): loaded by path, each library's own needs are
    // then met by those loaded before it, which carry the same sonames.
    const char *dir = std::getenv("VMAF_LIBAV_DIR");
    std::array<void *, kLibraries> handles{};
    for (int i = 0; i < kLibraries; i++) {
        const std::string file = dir && *dir ? fmt::format("{}/{}", dir, soname(i)) : soname(i);
        handles[i] = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            loaded.error = fmt::format("container input and scaling need FFmpeg's {}, which could "
                                       "not be loaded ({}; Debian's package is {}{}, and "
                                       "VMAF_LIBAV_DIR names a folder of another build)",
                                       soname(i), ::dlerror(), kLibraryNames[i].name,
                                       kLibraryNames[i].major);
            return loaded;
        }
    }
#define VMAF_LIBAV_RESOLVE(library, function)                                                      \
    loaded.functions.function =                                                                    \
        reinterpret_cast<decltype(&::function)>(::dlsym(handles[library], #function));            \
    if (!loaded.functions.function) {                                                              \
        loaded.error = fmt::format("FFmpeg's {} has no {}: not the version this vmaf was built "  \
                                   "for",                                                          \
                                   soname(library), #function);                                  \
        return loaded;                                                                             \
    }
    VMAF_LIBAV_FUNCTIONS(VMAF_LIBAV_RESOLVE)
#undef VMAF_LIBAV_RESOLVE
    return loaded;
}

const Loaded &loaded()
{
    static const Loaded once = load();
    return once;
}

} // namespace

const Libav *load_libav(std::string &error)
{
    const Loaded &l = loaded();
    if (!l.error.empty()) {
        error = l.error;
        return nullptr;
    }
    return &l.functions;
}

const Libav &libav() { return loaded().functions; }

} // namespace vmaf::session
