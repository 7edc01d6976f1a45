#include "session/input/container_input.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <set>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unistd.h>
#include <vector>

#ifdef VMAF_HAVE_HIP
#include "libvmaf/libvmaf_hip.h"
#endif
#include "session/input/decoder_hints.h"
#include "session/input/gop_chunks.h"
#include "session/input/libav.h"
#include "session/input/plane_unpack.h"
#include "session/options/option_names.h"


namespace vmaf::session {

namespace {

constexpr int kIoBufferBytes = 64 * 1024;
// The head of a file raw YUV's geometry came with, looked at for a
// container's signature.
constexpr size_t kProbeBytes = 4096;

// The inputs alive, which libav's log callback may hand messages to: it
// is called for every context of the process, from libav's threads too.
std::mutex registry_mutex;
std::set<ContainerInput *> registry;

void log_sink(void *avcl, int level, const char *format, va_list args)
{
    if (level > AV_LOG_ERROR || !avcl) return;
    const AVClass *cls = *static_cast<const AVClass *const *>(avcl);
    void *owner = nullptr;
    if (cls == libav().avformat_get_class()) owner = static_cast<AVFormatContext *>(avcl)->opaque;
    else if (cls == libav().avcodec_get_class())
        owner = static_cast<AVCodecContext *>(avcl)->opaque;
    if (!owner) return;
    char line[512];
    std::vsnprintf(line, sizeof(line), format, args);
    std::lock_guard lock(registry_mutex);
    const auto it = registry.find(static_cast<ContainerInput *>(owner));
    if (it != registry.end()) (*it)->note(line);
}

std::string av_error_text(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    libav().av_strerror(code, text, sizeof(text));
    return text;
}

// The stream's pixel format as VMAF's: planar YUV or gray (an alpha plane
// is passed over), native-endian samples of 8 to 16 bits.
bool vmaf_format_of(AVPixelFormat av_format, VideoFormat &format, std::string &why)
{
    const AVPixFmtDescriptor *d = libav().av_pix_fmt_desc_get(av_format);
    const std::string name = d ? d->name : "unknown";
    why = fmt::format("its pixel format {} is not one VMAF scores (planar YUV or gray, 4:2:0, "
                      "4:2:2 or 4:4:4, 8 to 16 bits)",
                      name);
    if (!d) return false;
    constexpr uint64_t kNotYuv = AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL |
                                 AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_BAYER |
                                 AV_PIX_FMT_FLAG_FLOAT | AV_PIX_FMT_FLAG_BITSTREAM;
    if (d->flags & kNotYuv) return false;
    const int colour = d->nb_components - ((d->flags & AV_PIX_FMT_FLAG_ALPHA) ? 1 : 0);
    const int depth = d->comp[0].depth;
    if ((colour != 1 && colour != 3) || depth < 8 || depth > 16) return false;
    const bool big_endian = (d->flags & AV_PIX_FMT_FLAG_BE) != 0;
    if (depth > 8 && big_endian != (std::endian::native == std::endian::big)) return false;
    const int bytes = depth > 8 ? 2 : 1;
    for (int i = 0; i < colour; i++) {
        const AVComponentDescriptor &c = d->comp[i];
        if (c.plane != i || c.step != bytes || c.shift != 0 || c.offset != 0 || c.depth != depth)
            return false;
    }
    if (colour == 1) format.pix_fmt = VMAF_PIX_FMT_YUV400P;
    else if (d->log2_chroma_w == 1 && d->log2_chroma_h == 1) format.pix_fmt = VMAF_PIX_FMT_YUV420P;
    else if (d->log2_chroma_w == 1 && d->log2_chroma_h == 0) format.pix_fmt = VMAF_PIX_FMT_YUV422P;
    else if (d->log2_chroma_w == 0 && d->log2_chroma_h == 0) format.pix_fmt = VMAF_PIX_FMT_YUV444P;
    else return false;
    format.bpc = static_cast<unsigned>(depth);
    return true;
}

// The video stream to score: libavformat's best, unless that is cover
// art (an attached picture, or a still image) or in a pixel format VMAF
// does not score while another stream is neither; then the first such.
// Only cover art: -1. Else a stream VMAF cannot score is still returned, for
// its format to be named in the error.
int scored_stream(const AVFormatContext *ctx)
{
    auto is_video = [&](int i) {
        const AVStream *s = ctx->streams[i];
        return s->codecpar->codec_type == AVMEDIA_TYPE_VIDEO &&
               !(s->disposition & (AV_DISPOSITION_ATTACHED_PIC | AV_DISPOSITION_STILL_IMAGE));
    };
    auto scoreable = [&](int i) {
        VideoFormat format;
        std::string why;
        return is_video(i) &&
               vmaf_format_of(static_cast<AVPixelFormat>(ctx->streams[i]->codecpar->format), format,
                              why);
    };
    const int best = libav().av_find_best_stream(const_cast<AVFormatContext *>(ctx),
                                                 AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (best >= 0 && scoreable(best)) return best;
    const int n = static_cast<int>(ctx->nb_streams);
    for (int i = 0; i < n; i++)
        if (scoreable(i)) return i;
    if (best >= 0 && is_video(best)) return best;
    for (int i = 0; i < n; i++)
        if (is_video(i)) return i;
    return -1;
}

bool ends_with_yuv(const std::string &path)
{
    if (path.size() < 4) return false;
    std::string tail = path.substr(path.size() - 4);
    std::transform(tail.begin(), tail.end(), tail.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return tail == ".yuv";
}

// libavcodec's get_format hands the formats the decoder can give; the input
// chooses.
AVPixelFormat pick_format(AVCodecContext *c, const AVPixelFormat *formats)
{
    std::vector<int> offered;
    for (const AVPixelFormat *f = formats; *f != AV_PIX_FMT_NONE; f++) offered.push_back(*f);
    auto *input = static_cast<ContainerInput *>(c->opaque);
    return static_cast<AVPixelFormat>(input->choose_format(offered));
}

// An enum field libavformat copied from the file unchecked (a Matroska
// track's MatrixCoefficients, an MP4 'colr' box): it may hold a number that
// is none of the enum's values, which read as the enum would be undefined.
template <typename Enum> int stored_number(const Enum &field)
{
    std::underlying_type_t<Enum> n;
    std::memcpy(&n, &field, sizeof n);
    return static_cast<int>(n);
}

// The stream's colour space and range in ssimulacra2's words; nothing for
// "unspecified" or a space that option has no name for.
ColourTags colour_tags(const AVCodecParameters &p)
{
    ColourTags tags;
    switch (stored_number(p.color_space)) {
    case AVCOL_SPC_BT709: tags.matrix = "bt709"; break;
    case AVCOL_SPC_BT470BG:
    case AVCOL_SPC_SMPTE170M: tags.matrix = "bt601"; break;
    case AVCOL_SPC_BT2020_NCL: tags.matrix = "bt2020"; break;
    default: break;
    }
    const int range = stored_number(p.color_range);
    if (range == AVCOL_RANGE_MPEG) tags.range = "limited";
    else if (range == AVCOL_RANGE_JPEG) tags.range = "full";
    return tags;
}

const char *device_name(AVHWDeviceType kind)
{
    return kind == AV_HWDEVICE_TYPE_CUDA ? "cuda" : "vaapi";
}

} // namespace

bool take_libav_log(std::string &error)
{
    const Libav *av = load_libav(error);
    if (!av) return false;
    static std::once_flag once;
    std::call_once(once, [av] {
        av->av_log_set_level(AV_LOG_ERROR);
        av->av_log_set_callback(log_sink);
    });
    return true;
}

void ContainerInput::FormatCloser::operator()(AVFormatContext *f) const
{
    libav().avformat_close_input(&f);
}

void ContainerInput::IoFree::operator()(AVIOContext *io) const
{
    libav().av_freep(&io->buffer);
    libav().avio_context_free(&io);
}

void ContainerInput::CodecFree::operator()(AVCodecContext *c) const
{
    libav().avcodec_free_context(&c);
}
void ContainerInput::PacketFree::operator()(AVPacket *p) const { libav().av_packet_free(&p); }
void ContainerInput::FrameFree::operator()(AVFrame *f) const { libav().av_frame_free(&f); }
void ContainerInput::BufferUnref::operator()(AVBufferRef *b) const { libav().av_buffer_unref(&b); }

ContainerInput::ContainerInput(std::unique_ptr<ByteSource> source, std::string path)
    : VideoInput(std::move(path)), source_(std::move(source))
{
    std::lock_guard lock(registry_mutex);
    registry.insert(this);
}

ContainerInput::~ContainerInput()
{
    {
        std::lock_guard lock(registry_mutex);
        registry.erase(this);
    }
    // Members go in reverse: the decoder joins its threads, the demuxer
    // closes, then its I/O context and the file.
}

void ContainerInput::note(const char *line)
{
    std::string text(line);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    if (text.empty()) return;
    std::lock_guard lock(log_mutex_);
    last_log_ = std::move(text);
}

std::string ContainerInput::av_failure(const std::string &what, int code)
{
    std::string logged;
    {
        std::lock_guard lock(log_mutex_);
        logged.swap(last_log_);
    }
    std::string reason = av_error_text(code);
    if (!logged.empty() && logged != reason) reason += fmt::format(" ({})", logged);
    last_reason_ = reason;
    return fmt::format("{}: {}: {}", path_, what, reason);
}

bool ContainerInput::recognised(ByteSource &source, const std::string &path)
{
    std::string unloaded;
    if (ends_with_yuv(path) || !take_libav_log(unloaded)) return false;
    const std::string_view head = source.peek(kProbeBytes);
    std::vector<uint8_t> padded(head.size() + AVPROBE_PADDING_SIZE, 0);
    std::copy(head.begin(), head.end(), padded.begin());
    AVProbeData probe{};
    probe.filename = "";
    probe.buf = padded.data();
    probe.buf_size = static_cast<int>(head.size());
    int score = 0;
    // More than a name's worth of certainty, from the content alone.
    return libav().av_probe_input_format3(&probe, 1, &score) && score > AVPROBE_SCORE_EXTENSION;
}

int ContainerInput::read_packet(void *opaque, uint8_t *buf, int size)
{
    auto *self = static_cast<ContainerInput *>(opaque);
    const size_t got = self->source_->read(buf, static_cast<size_t>(size));
    return got > 0 ? static_cast<int>(got) : AVERROR_EOF;
}

int64_t ContainerInput::seek(void *opaque, int64_t offset, int whence)
{
    auto *self = static_cast<ContainerInput *>(opaque);
    const auto size = self->source_->size();
    if (!size) return AVERROR(ESPIPE);
    if (whence & AVSEEK_SIZE) return static_cast<int64_t>(*size);
    long long base = 0;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: break;
    case SEEK_CUR: base = static_cast<long long>(self->source_->position().value_or(0)); break;
    case SEEK_END: base = static_cast<long long>(*size); break;
    default: return AVERROR(EINVAL);
    }
    const long long target = base + offset;
    if (target < 0 || !self->source_->seek(static_cast<unsigned long long>(target)))
        return AVERROR(EINVAL);
    return target;
}

int ContainerInput::interrupted(void *opaque)
{
    return static_cast<ContainerInput *>(opaque)->cancelled_.load() ? 1 : 0;
}

void ContainerInput::cancel()
{
    cancelled_ = true;
    source_->cancel();
    if (chunks_) chunks_->cancel();
}

std::unique_ptr<VideoInput> ContainerInput::open(std::unique_ptr<ByteSource> source,
                                                 const std::string &path,
                                                 const Decoding &decoding, std::string &error)
{
    std::string unloaded;
    if (!take_libav_log(unloaded)) {
        error = fmt::format("{}: not a Y4M file (no YUV4MPEG2 signature); to read it as raw YUV "
                            "give {}. To read it as a container: {}",
                            path, raw_yuv_options(), unloaded);
        return nullptr;
    }
    std::unique_ptr<ContainerInput> input(new ContainerInput(std::move(source), path));
    if (!input->open_stream(decoding, error)) return nullptr;
    return input;
}

bool ContainerInput::open_stream(const Decoding &decoding, std::string &error)
{
    auto *buffer = static_cast<uint8_t *>(libav().av_malloc(kIoBufferBytes));
    const bool seekable = source_->size().has_value();
    AVIOContext *io = buffer
                          ? libav().avio_alloc_context(buffer, kIoBufferBytes, 0, this, read_packet,
                                                       nullptr, seekable ? seek : nullptr)
                          : nullptr;
    if (!io) {
        libav().av_free(buffer);
        error = fmt::format("{}: out of memory", path_);
        return false;
    }
    io_.reset(io);
    io->seekable = seekable ? AVIO_SEEKABLE_NORMAL : 0;

    const char *url = path_ == "-" ? "" : path_.c_str();
    const AVInputFormat *container = nullptr;
    if (int r = libav().av_probe_input_buffer2(io, &container, url, nullptr, 0, 0); r < 0) {
        error = fmt::format("{}: not a Y4M file (no YUV4MPEG2 signature), nor a container "
                            "libavformat recognises ({}); to read it as raw YUV give {}",
                            path_, av_error_text(r), raw_yuv_options());
        return false;
    }
    // libavformat takes a ".yuv" name for its raw demuxer, which cannot
    // open without the size it was not given.
    if (std::string_view(container->name) == "rawvideo") {
        error = fmt::format("{}: raw YUV (not Y4M, nor a container): give its {}", path_,
                            raw_yuv_options());
        return false;
    }
    AVFormatContext *ctx = libav().avformat_alloc_context();
    if (!ctx) {
        error = fmt::format("{}: out of memory", path_);
        return false;
    }
    ctx->pb = io;
    ctx->flags |= AVFMT_FLAG_CUSTOM_IO;
    ctx->opaque = this;
    ctx->interrupt_callback = AVIOInterruptCB{interrupted, this};
    // On failure avformat_open_input frees the context itself.
    if (int r = libav().avformat_open_input(&ctx, url, container, nullptr); r < 0) {
        error = av_failure(fmt::format("cannot read its {} container", container->name), r);
        return false;
    }
    format_ctx_.reset(ctx);
    if (int r = libav().avformat_find_stream_info(ctx, nullptr); r < 0) {
        error = av_failure("cannot read its streams", r);
        return false;
    }
    stream_ = scored_stream(ctx);
    if (stream_ < 0) {
        bool cover_art = false;
        for (unsigned i = 0; i < ctx->nb_streams; i++)
            cover_art |= ctx->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO;
        error = fmt::format("{}: its {} container has no video stream{}", path_, container->name,
                            cover_art ? ", only cover art (a still picture)" : "");
        return false;
    }
    for (unsigned i = 0; i < ctx->nb_streams; i++)
        if (static_cast<int>(i) != stream_) ctx->streams[i]->discard = AVDISCARD_ALL;
    const AVStream *stream = ctx->streams[stream_];
    const AVCodec *decoder = libav().avcodec_find_decoder(stream->codecpar->codec_id);
    if (!decoder) {
        error = fmt::format("{}: this libavcodec has no decoder for its video codec '{}'", path_,
                            libav().avcodec_get_name(stream->codecpar->codec_id));
        return false;
    }
    software_decoder_ = decoder;
    if (!choose_hardware(decoder, decoding, error)) return false;
    if (!hw_device_) {
        if (const std::string why = cpu_decoder_missing(*decoder); !why.empty()) {
            error = fmt::format("{}: {}", path_, why);
            return false;
        }
    }
    packet_.reset(libav().av_packet_alloc());
    frame_.reset(libav().av_frame_alloc());
    if (!packet_ || !frame_) {
        error = fmt::format("{}: out of memory", path_);
        return false;
    }
    if (!open_decoder(decoder, error)) return false;
    const AVCodecContext *c = codec_.get();
    if (c->width <= 0 || c->height <= 0 || c->width > kMaxDimension || c->height > kMaxDimension) {
        error = fmt::format("{}: its video size {}x{} is out of range (1 to {})", path_, c->width,
                            c->height, kMaxDimension);
        return false;
    }
    if (c->pix_fmt == AV_PIX_FMT_NONE) {
        // Nothing of the stream decoded while its streams were read.
        error = av_failure(fmt::format("not one frame of its {} stream decodes, so its pixel "
                                       "format is unknown (a truncated or damaged file?)",
                                       decoder->name),
                           AVERROR_INVALIDDATA);
        return false;
    }
    std::string why;
    if (!vmaf_format_of(c->pix_fmt, format_, why)) {
        error = fmt::format("{}: {}", path_, why);
        return false;
    }
    av_format_ = c->pix_fmt;
    format_.w = static_cast<unsigned>(c->width);
    format_.h = static_cast<unsigned>(c->height);

    colour_ = colour_tags(*stream->codecpar);
    AVRational rate = stream->avg_frame_rate;
    if (rate.num <= 0 || rate.den <= 0) rate = stream->r_frame_rate;
    if (rate.num > 0 && rate.den > 0) frame_rate_ = FrameRate{rate.num, rate.den};
    if (stream->nb_frames > 0) {
        frames_total_ = static_cast<unsigned long long>(stream->nb_frames);
    } else if (frame_rate_) {
        double seconds = -1;
        if (stream->duration != AV_NOPTS_VALUE)
            seconds = static_cast<double>(stream->duration) * av_q2d(stream->time_base);
        else if (ctx->duration != AV_NOPTS_VALUE)
            seconds = static_cast<double>(ctx->duration) / AV_TIME_BASE;
        if (seconds >= 0)
            frames_total_ = static_cast<unsigned long long>(std::llround(seconds * av_q2d(rate)));
    }
    if (hw_device_ && !prime(error)) return false;
    plan_chunks(decoding);
    return true;
}

bool ContainerInput::open_decoder(const AVCodec *decoder, std::string &error)
{
    const AVStream *stream = format_ctx_->streams[stream_];
    codec_.reset(libav().avcodec_alloc_context3(decoder));
    if (!codec_) {
        error = fmt::format("{}: out of memory", path_);
        return false;
    }
    AVCodecContext *c = codec_.get();
    if (int r = libav().avcodec_parameters_to_context(c, stream->codecpar); r < 0) {
        error = av_failure("cannot set up its decoder", r);
        return false;
    }
    c->opaque = this;
    c->pkt_timebase = stream->time_base;
    // Decoding runs on libavcodec's own threads besides this reader's.
    c->thread_count = decoder_threads_;
    c->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    // MPEG-4 Part 2's decoder gives a damaged frame and an error together
    // under AV_EF_EXPLODE; libavcodec 5.1's frame threads then let the frame
    // go and still say it came, and an assertion aborts the process
    // (`ffmpeg -err_detect explode` does the same; found by
    // fuzz_container_input). It has no slice threads: one thread.
    if (decoder->id == AV_CODEC_ID_MPEG4) c->thread_type = FF_THREAD_SLICE;
    // A damaged frame is an error, not concealed: scoring the decoder's
    // guess would give a plausible but wrong result.
    c->err_recognition |= AV_EF_EXPLODE;
    if (hw_device_) {
        c->hw_device_ctx = libav().av_buffer_ref(hw_device_.get());
        host_frame_.reset(libav().av_frame_alloc());
        if (!c->hw_device_ctx || !host_frame_) {
            error = fmt::format("{}: out of memory", path_);
            return false;
        }
        c->get_format = pick_format;
        // The hardware decodes; the host's threads would only parse.
        c->thread_count = 1;
        // Room for the frames read ahead (read_ahead) or held downstream
        // (keep_on_device).
        c->extra_hw_frames = static_cast<int>(std::max<size_t>(kFramesAhead, kDeviceFrames));
    }
    if (int r = libav().avcodec_open2(c, decoder, nullptr); r < 0) {
        error = av_failure(fmt::format("cannot open its {} decoder", decoder->name), r);
        return false;
    }
    return true;
}

namespace {

// The hardware's frame format of `decoder` with devices of `kind`, or
// AV_PIX_FMT_NONE where it has no such acceleration.
int hardware_format(const AVCodec &decoder, AVHWDeviceType kind)
{
    for (int i = 0;; i++) {
        const AVCodecHWConfig *config = libav().avcodec_get_hw_config(&decoder, i);
        if (!config) return AV_PIX_FMT_NONE;
        if ((config->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX) &&
            config->device_type == kind)
            return config->pix_fmt;
    }
}

} // namespace

bool ContainerInput::choose_hardware(const AVCodec *&decoder, const Decoding &decoding,
                                     std::string &error)
{
    hw_asked_ = decoding.hw;
    if (decoding.hw == HwDecode::None) return true;
    std::vector<AVHWDeviceType> kinds;
    if (decoding.hw != HwDecode::Vaapi) kinds.push_back(AV_HWDEVICE_TYPE_CUDA);
    if (decoding.hw != HwDecode::Cuda) kinds.push_back(AV_HWDEVICE_TYPE_VAAPI);
    std::string why;
    auto add_reason = [&](const std::string &reason) { why += (why.empty() ? "" : "; ") + reason; };
    for (const AVHWDeviceType kind : kinds) {
        // The codec's first decoder, else another of the same codec with
        // this acceleration (AV1's first is libdav1d, which has none).
        const AVCodec *accelerated = decoder;
        int format = hardware_format(*decoder, kind);
        void *it = nullptr;
        while (format == AV_PIX_FMT_NONE) {
            const AVCodec *other = libav().av_codec_iterate(&it);
            if (!other) break;
            if (other->id != decoder->id || !libav().av_codec_is_decoder(other)) continue;
            format = hardware_format(*other, kind);
            accelerated = other;
        }
        if (format == AV_PIX_FMT_NONE) {
            add_reason(fmt::format("this libavcodec has no {} acceleration of {}",
                                   device_name(kind), decoder->name));
            continue;
        }
        // CUDA's device is the GPU's index, on its primary context: the one
        // the HIP runtime uses, so no second context is made. VA-API's is
        // the default render node.
        const std::string gpu = std::to_string(decoding.gpu);
        AVDictionary *options = nullptr;
        AVBufferRef *device = nullptr;
        int r = kind == AV_HWDEVICE_TYPE_CUDA
                    ? libav().av_dict_set(&options, "primary_ctx", "1", 0)
                    : 0;
        if (r >= 0)
            r = libav().av_hwdevice_ctx_create(
                &device, kind, kind == AV_HWDEVICE_TYPE_CUDA ? gpu.c_str() : nullptr, options, 0);
        libav().av_dict_free(&options);
        if (r < 0) {
            add_reason(fmt::format("no {} device{} could be opened ({})", device_name(kind),
                                   kind == AV_HWDEVICE_TYPE_CUDA ? " " + gpu : "",
                                   av_error_text(r)));
            continue;
        }
        hw_device_.reset(device);
        hw_format_ = format;
        hw_gpu_ = decoding.gpu;
        decoder = accelerated;
        decoder_note_ = fmt::format("{}: decoding {} on the GPU ({})", path_, decoder->name,
                                    device_name(kind));
        return true;
    }
    if (decoding.hw != HwDecode::Auto) {
        error = fmt::format("{}: {}: {}", path_, option(Option::Hwdec, hw_decode_name(decoding.hw)), why);
        return false;
    }
    note_cpu_decoding(*decoder, why);
    return true;
}

void ContainerInput::note_cpu_decoding(const AVCodec &decoder, const std::string &why)
{
    decoder_note_ = fmt::format("{}: decoding {} on the CPU: {}", path_, decoder.name, why);
}

int ContainerInput::choose_format(const std::vector<int> &offered)
{
    for (const int f : offered)
        if (f == hw_format_) return f;
    // libavcodec offers the hardware's format only where it takes the
    // stream: it drops it when the hwaccel's set-up fails, and says why.
    std::string logged;
    {
        std::lock_guard lock(log_mutex_);
        logged.swap(last_log_);
    }
    hw_refusal_ = "the hardware does not decode this stream (its profile, depth or chroma format)" +
                  (logged.empty() ? std::string() : fmt::format("; libavcodec: {}", logged));
    // Named hardware fails. With Auto, while the input opens, the stream's
    // own decoder takes over with its threads (prime()); later (the
    // hardware refusing a change of the stream), this decoder goes on in
    // software, unless it decodes only through hardware (AV1's `av1`).
    if (hw_asked_ != HwDecode::Auto || priming_ || codec_->codec != software_decoder_)
        return AV_PIX_FMT_NONE;
    for (const int f : offered) {
        const AVPixFmtDescriptor *d = libav().av_pix_fmt_desc_get(static_cast<AVPixelFormat>(f));
        if (d && !(d->flags & AV_PIX_FMT_FLAG_HWACCEL)) {
            note_cpu_decoding(*codec_->codec, hw_refusal_);
            return f;
        }
    }
    return AV_PIX_FMT_NONE;
}

bool ContainerInput::prime(std::string &error)
{
    priming_ = true;
    ReadStatus status = receive();
    priming_ = false;
    if (status == ReadStatus::Error && hw_asked_ == HwDecode::Auto && !hw_refusal_.empty()) {
        // The hardware refused the stream: the stream's own decoder takes it
        // on the CPU, with its threads, from the packets already read.
        note_cpu_decoding(*software_decoder_, hw_refusal_);
        hw_device_.reset();
        hw_format_ = AV_PIX_FMT_NONE;
        if (!open_decoder(software_decoder_, error)) return false;
        replay_ = std::move(kept_);
        draining_ = false;
        status = receive();
    }
    kept_.clear();
    if (status == ReadStatus::Error) {
        // The hardware's refusal says more than libav's failure after it.
        error = hw_asked_ != HwDecode::Auto && !hw_refusal_.empty()
                    ? fmt::format("{}: {}: {}", path_, option(Option::Hwdec, hw_decode_name(hw_asked_)),
                                  hw_refusal_)
                    : error_;
        return false;
    }
    primed_ = status == ReadStatus::Frame;
    return true;
}

std::optional<unsigned long long> ContainerInput::frames_left() const
{
    if (!frames_total_) return std::nullopt;
    return *frames_total_ > frames_ ? *frames_total_ - frames_ : 0;
}

ReadStatus ContainerInput::read_frame(VmafPicture &pic)
{
#ifdef VMAF_HAVE_HIP
    if (device_state_) return read_device(pic);
#endif
    if (hw_device_) return read_ahead(pic);
    if (chunks_) return read_chunked(pic);
    const ReadStatus status = primed_ ? ReadStatus::Frame : receive();
    primed_ = false;
    if (status != ReadStatus::Frame) return status;
    return deliver(*frame_, pic);
}

std::unique_ptr<ContainerInput> ContainerInput::open_worker(const std::string &path,
                                                            int threads, std::string &error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = fmt::format("another decoder cannot open the file: {}", std::strerror(errno));
        return nullptr;
    }
    std::unique_ptr<ContainerInput> input(
        new ContainerInput(std::make_unique<ByteSource>(fd, 1u), path));
    input->decoder_threads_ = threads;
    std::string why;
    if (!input->open_stream(Decoding{HwDecode::None, 0, 1}, why)) {
        error = fmt::format("another decoder cannot open the file: {}", why);
        return nullptr;
    }
    return input;
}

void ContainerInput::plan_chunks(const Decoding &decoding)
{
    const unsigned decoders = decoding.decoders
                                  ? decoding.decoders
                                  : default_decoders(std::thread::hardware_concurrency());
    if (decoders <= 1) return;
    // After what the note says of where the input is decoded, if it says that.
    const auto one_decoder = [&](const std::string &why) {
        if (decoding.decoders <= 1) return;
        const std::string one = fmt::format("one decoder ({} {}): {}",
                                            cli_flag(Option::Decoders), decoding.decoders, why);
        decoder_note_ = decoder_note_.empty() ? fmt::format("{}: {}", path_, one)
                                              : fmt::format("{}, {}", decoder_note_, one);
    };
    // Auto's choice made: where the CPU decodes, the input is cut. NVDEC
    // sessions decoding chunks were measured slower than one session read
    // in place (ADR 0055), so a GPU decoder keeps the input whole.
    if (hw_device_)
        return one_decoder("it is decoded on the GPU, where one decoder read in place is faster "
                           "than chunks on several (docs/containers.md)");
    if (path_ == "-" || !source_->size()) return one_decoder("it is read from a pipe");
    AVStream *stream = format_ctx_->streams[stream_];
    std::vector<int64_t> keyframes = index_keyframes();
    if (keyframes.size() < 2) {
        // Some demuxers (Matroska's) read their index at the first seek:
        // made on a demuxer of its own, this one's packets stay as read.
        std::string ignored;
        if (std::unique_ptr<ContainerInput> probe = open_worker(path_, 1, ignored);
            probe && probe->seek_keyframe(keyframes.empty() ? 0 : keyframes.front(), ignored))
            keyframes = probe->index_keyframes();
    }
    if (keyframes.size() < 2)
        return one_decoder(keyframes.empty()
                               ? "its container has no index of keyframes"
                               : "its index lists one keyframe (a single GOP, or a container "
                                 "without an index, as MPEG-TS)");
    const double tick = av_q2d(stream->time_base);
    const std::optional<double> fps = frames_per_second();
    const double seconds = frames_total_ && fps ? static_cast<double>(*frames_total_) / *fps : 0;
    const std::vector<int64_t> starts =
        chunk_starts(keyframes, chunk_min_ticks(tick > 0 ? 1.0 / tick : 1.0, seconds, decoders));
    if (starts.empty()) return one_decoder("its keyframes are too close together to cut it");
    // The decoders' own frames count against the memory budget; what they
    // leave is for frames waiting (unless the caller set that).
    const auto frame_size = static_cast<size_t>(frame_bytes(format_));
    const size_t memory = GopDecoding::default_budget();
    const unsigned workers = std::min({decoders, decoders_in_memory(memory, frame_size),
                                       static_cast<unsigned>(starts.size())});
    const size_t budget =
        decoding.budget ? decoding.budget : memory - workers * kDecoderFrames * frame_size;
    // The cores shared by both inputs' decoders: fewer chunks than decoders
    // asked for leave each worker more threads.
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const int threads = static_cast<int>(std::max(1u, cores / (2 * workers)));
    chunks_ = std::make_unique<GopDecoding>(path_, starts, workers, threads, frame_size,
                                            budget, tick);
    first_chunk_ = std::make_unique<ChunkWatch>();
    first_chunk_->next_ts = starts.front();
    watch_ = first_chunk_.get();
    // The first chunk's decoder, this input's own, is not counted: it
    // stops where the others start.
    // After what the note says of where the input is decoded, if it says
    // that (Auto's decoder on the CPU).
    const std::string chunks = fmt::format("in {} chunks on {} decoder{}", starts.size() + 1,
                                           workers, workers == 1 ? "" : "s");
    decoder_note_ = decoder_note_.empty()
                        ? fmt::format("{}: decoding {} {}", path_, codec_->codec->name, chunks)
                        : fmt::format("{}, {}", decoder_note_, chunks);
}

std::vector<int64_t> ContainerInput::index_keyframes() const
{
    AVStream *stream = format_ctx_->streams[stream_];
    std::vector<int64_t> keyframes;
    const int entries = libav().avformat_index_get_entries_count(stream);
    for (int i = 0; i < entries; i++) {
        const AVIndexEntry *e = libav().avformat_index_get_entry(stream, i);
        if (e && (e->flags & AVINDEX_KEYFRAME) &&
            (keyframes.empty() || e->timestamp > keyframes.back()))
            keyframes.push_back(e->timestamp);
    }
    return keyframes;
}

bool ContainerInput::seek_keyframe(int64_t ts, std::string &error)
{
    if (int r = libav().av_seek_frame(format_ctx_.get(), stream_, ts, AVSEEK_FLAG_BACKWARD);
        r < 0) {
        av_failure("cannot seek", r);
        error = fmt::format("cannot seek to it: {}", last_reason_);
        return false;
    }
    libav().avcodec_flush_buffers(codec_.get());
    draining_ = false;
    return true;
}

ReadStatus ContainerInput::read_chunked(VmafPicture &pic)
{
    if (first_chunk_) {
        // The first frame may have been decoded while the input opened: the
        // GPU refused the stream and Auto's CPU decoder took over (prime()).
        const ReadStatus status = primed_ ? ReadStatus::Frame : receive();
        primed_ = false;
        // The file ended before the second chunk's keyframe: this decoder
        // gave every frame.
        if (status == ReadStatus::End) chunks_.reset();
        if (status != ReadStatus::Frame) return status;
        const int64_t pts = frame_->pts;
        if (pts == AV_NOPTS_VALUE) {
            // Frames without times cannot be matched with the chunks': this
            // decoder goes on alone.
            chunks_.reset();
            first_chunk_.reset();
            watch_ = nullptr;
            return deliver(*frame_, pic);
        }
        if (!first_chunk_->next_pts || pts < *first_chunk_->next_pts)
            return deliver(*frame_, pic);
        libav().av_frame_unref(frame_.get());
        first_chunk_.reset();
        watch_ = nullptr;
    }
    if (!chunks_) return ReadStatus::End;
    GopDecoding::Frame frame;
    std::string error;
    switch (chunks_->next(frame, error)) {
    case ReadStatus::Frame: return deliver(*frame, pic);
    case ReadStatus::End: return ReadStatus::End;
    case ReadStatus::Error: break;
    }
    return fail(fmt::format("cannot decode frame {}: {}", frames_, error));
}

ReadStatus ContainerInput::read_ahead(VmafPicture &pic)
{
    auto take_frame = [&]() -> bool {
        std::unique_ptr<AVFrame, FrameFree> f(libav().av_frame_alloc());
        if (!f) return false;
        libav().av_frame_move_ref(f.get(), frame_.get());
        ahead_.push_back(std::move(f));
        return true;
    };
    if (primed_ && !take_frame()) return fail("out of memory");
    primed_ = false;
    while (ahead_.size() < kFramesAhead && ahead_status_ == ReadStatus::Frame) {
        ahead_status_ = receive();
        if (ahead_status_ == ReadStatus::Frame && !take_frame())
            return fail("out of memory");
    }
    // The end, or an error after the frames before it.
    if (ahead_.empty()) return ahead_status_;
    const std::unique_ptr<AVFrame, FrameFree> f = std::move(ahead_.front());
    ahead_.pop_front();
    return f->format == hw_format_ ? deliver_hardware(*f, pic) : deliver(*f, pic);
}

ReadStatus ContainerInput::receive()
{
    AVCodecContext *c = codec_.get();
    for (;;) {
        int r = libav().avcodec_receive_frame(c, frame_.get());
        if (r == 0) return ReadStatus::Frame;
        if (r == AVERROR_EOF) return ReadStatus::End;
        if (r != AVERROR(EAGAIN)) {
            error_ = av_failure(fmt::format("cannot decode frame {}", next_decoded()), r);
            return ReadStatus::Error;
        }
        // The decoder wants more: the packets a refused hardware decoder was
        // given, the next packet of our stream, or, at the end of the file,
        // the signal to give what it still holds.
        if (!replay_.empty()) {
            r = libav().avcodec_send_packet(c, replay_.front().get());
            replay_.pop_front();
            if (r < 0) {
                error_ = av_failure(fmt::format("cannot decode frame {}", next_decoded()), r);
                return ReadStatus::Error;
            }
            continue;
        }
        r = libav().av_read_frame(format_ctx_.get(), packet_.get());
        if (r == AVERROR_EOF) {
            if (draining_) return ReadStatus::End;
            draining_ = true;
            r = libav().avcodec_send_packet(c, nullptr);
        } else if (r < 0) {
            error_ = av_failure(
                fmt::format("cannot read the container after frame {}", next_decoded()), r);
            return ReadStatus::Error;
        } else if (packet_->stream_index != stream_) {
            libav().av_packet_unref(packet_.get());
            continue;
        } else {
            if (watch_) {
                watch_->saw(*packet_);
                if (watch_->before_start()) {
                    libav().av_packet_unref(packet_.get());
                    continue;
                }
            }
            if (priming_) {
                AVPacket *copy = libav().av_packet_clone(packet_.get());
                if (!copy) {
                    libav().av_packet_unref(packet_.get());
                    error_ = fmt::format("{}: out of memory", path_);
                    return ReadStatus::Error;
                }
                kept_.emplace_back(copy);
            }
            r = libav().avcodec_send_packet(c, packet_.get());
            libav().av_packet_unref(packet_.get());
        }
        if (r < 0 && r != AVERROR_EOF) {
            error_ = av_failure(fmt::format("cannot decode frame {}", next_decoded()), r);
            return ReadStatus::Error;
        }
    }
}

unsigned ContainerInput::planes_filled() const
{
    return format_.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : std::min(planes_, 3u);
}

bool ContainerInput::frame_fits(const AVFrame &f, int format)
{
    if (f.width != static_cast<int>(format_.w) || f.height != static_cast<int>(format_.h) ||
        format != av_format_) {
        const char *name = libav().av_get_pix_fmt_name(static_cast<AVPixelFormat>(format));
        fail(fmt::format("frame {} is {}x{} {} but the video began as {}x{} {}; VMAF "
                         "scores one size and format throughout",
                         frames_, f.width, f.height, name ? name : "unknown", format_.w, format_.h,
                         libav().av_get_pix_fmt_name(static_cast<AVPixelFormat>(av_format_))));
        return false;
    }
    if ((f.flags & AV_FRAME_FLAG_CORRUPT) || f.decode_error_flags) {
        fail(fmt::format("frame {} is damaged (the decoder could only conceal it)", frames_));
        return false;
    }
    return true;
}

namespace {
struct FrameUnref {
    AVFrame *f;
    ~FrameUnref() { libav().av_frame_unref(f); }
};
} // namespace

void ContainerInput::note_time(const AVFrame &frame)
{
    const int64_t ts = frame.best_effort_timestamp;
    frame_time_ = ts == AV_NOPTS_VALUE
                      ? std::nullopt
                      : std::optional(static_cast<double>(ts) *
                                      av_q2d(format_ctx_->streams[stream_]->time_base));
}

ReadStatus ContainerInput::deliver(AVFrame &frame, VmafPicture &pic)
{
    const FrameUnref unref{&frame};
    const AVFrame &f = frame;
    note_time(f);
    if (!frame_fits(f, f.format)) return ReadStatus::Error;
    const int bytes = format_.bpc > 8 ? 2 : 1;
    const unsigned planes = planes_filled();
    for (unsigned p = 0; p < planes; p++)
        libav().av_image_copy_plane(static_cast<uint8_t *>(pic.data[p]),
                                    static_cast<int>(pic.stride[p]), f.data[p], f.linesize[p],
                                    static_cast<int>(pic.w[p]) * bytes, static_cast<int>(pic.h[p]));
    frames_++;
    return ReadStatus::Frame;
}

ReadStatus ContainerInput::deliver_hardware(AVFrame &frame, VmafPicture &pic)
{
    const FrameUnref unref{&frame}, unref_host{host_frame_.get()};
    note_time(frame);
    // The hardware frame stands for the stream's own format.
    if (!frame_fits(frame, av_format_)) return ReadStatus::Error;
    if (int r = libav().av_hwframe_transfer_data(host_frame_.get(), &frame, 0); r < 0) {
        error_ = av_failure(fmt::format("cannot copy frame {} from the GPU", frames_), r);
        return ReadStatus::Error;
    }
    const AVFrame &f = *host_frame_;
    const AVPixFmtDescriptor *d =
        libav().av_pix_fmt_desc_get(static_cast<AVPixelFormat>(f.format));
    const unsigned planes = planes_filled();
    const bool wide = format_.bpc > 8;
    for (unsigned p = 0; p < planes; p++) {
        // NV12's chroma interleaved, P010's samples in the high bits:
        // component p, wherever the hardware's layout keeps it.
        const AVComponentDescriptor *c = d && p < d->nb_components ? &d->comp[p] : nullptr;
        if (!c || c->depth < static_cast<int>(format_.bpc) ||
            (p > 0 && (d->log2_chroma_w != (pic.w[p] < pic.w[0]) ||
                       d->log2_chroma_h != (pic.h[p] < pic.h[0]))))
            return fail(fmt::format("frame {} came from the GPU as {}, which does not hold the "
                                    "stream's {}",
                                    frames_, d ? d->name : "unknown",
                                    libav().av_get_pix_fmt_name(
                                        static_cast<AVPixelFormat>(av_format_))));
        const PackedComponent src{f.data[c->plane] + c->offset, f.linesize[c->plane],
                                  {static_cast<unsigned>(c->step),
                                   c->depth + c->shift > 8 ? 2u : 1u,
                                   static_cast<unsigned>(c->shift + c->depth) - format_.bpc}};
        unpack_component(src, pic.w[p], pic.h[p], static_cast<uint8_t *>(pic.data[p]),
                         pic.stride[p], wide);
    }
    frames_++;
    return ReadStatus::Frame;
}

#ifdef VMAF_HAVE_HIP

bool ContainerInput::keep_on_device(VmafHipState *state, unsigned gpu, unsigned held)
{
    if (!state || hw_format_ != AV_PIX_FMT_CUDA || gpu != hw_gpu_ || frames_ > 0 ||
        !ahead_.empty())
        return false;
    if (held > kDeviceFrames) {
        decoder_note_ += fmt::format(", its frames copied to host memory: the scoring holds up "
                                     "to {} of them, the decoder has room for {}",
                                     held, kDeviceFrames);
        return false;
    }
    device_state_ = state;
    decoder_note_ += ", its frames read in place";
    return true;
}

ReadStatus ContainerInput::read_device(VmafPicture &pic)
{
    const ReadStatus status = primed_ ? ReadStatus::Frame : receive();
    primed_ = false;
    if (status != ReadStatus::Frame) return status;
    if (frame_->format == hw_format_) return wrap_device(*frame_, pic);
    if (vmaf_picture_alloc(&pic, format_.pix_fmt, format_.bpc, format_.w, format_.h)) {
        libav().av_frame_unref(frame_.get());
        return fail(fmt::format("out of memory for frame {}", frames_));
    }
    return deliver(*frame_, pic);
}

namespace {
void free_frame(void *frame)
{
    auto *f = static_cast<AVFrame *>(frame);
    libav().av_frame_free(&f);
}
} // namespace

ReadStatus ContainerInput::wrap_device(AVFrame &frame, VmafPicture &pic)
{
    const FrameUnref unref{&frame};
    if (!frame_fits(frame, av_format_)) return ReadStatus::Error;
    const auto *frames_ctx = frame.hw_frames_ctx
                                 ? reinterpret_cast<const AVHWFramesContext *>(frame.hw_frames_ctx->data)
                                 : nullptr;
    const AVPixFmtDescriptor *d = frames_ctx ? libav().av_pix_fmt_desc_get(frames_ctx->sw_format)
                                             : nullptr;
    VmafHipDevicePicture desc{};
    desc.pix_fmt = format_.pix_fmt;
    desc.bpc = format_.bpc;
    desc.w = format_.w;
    desc.h = format_.h;
    const unsigned planes = format_.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    for (unsigned p = 0; p < planes; p++) {
        // NV12's chroma interleaved, P010's samples in the high bits:
        // component p, wherever the hardware's layout keeps it.
        const AVComponentDescriptor *c = d && p < d->nb_components ? &d->comp[p] : nullptr;
        if (!c || c->depth < static_cast<int>(format_.bpc))
            return fail(fmt::format("frame {} came from the GPU as {}, which does not hold the "
                                    "stream's {}",
                                    frames_, d ? d->name : "unknown",
                                    libav().av_get_pix_fmt_name(
                                        static_cast<AVPixelFormat>(av_format_))));
        desc.plane[p] = {frame.data[c->plane] + c->offset, frame.linesize[c->plane],
                         static_cast<unsigned>(c->step), c->depth + c->shift > 8 ? 2u : 1u,
                         static_cast<unsigned>(c->shift + c->depth) - format_.bpc};
    }
    AVFrame *held = libav().av_frame_alloc();
    if (!held) return fail(fmt::format("out of memory for frame {}", frames_));
    libav().av_frame_move_ref(held, &frame);
    desc.release = free_frame;
    desc.cookie = held;
    // The picture owns the frame from here, failing or not.
    if (vmaf_hip_picture_wrap(device_state_, &desc, &pic))
        return fail(fmt::format("frame {} cannot be read in place on the GPU (see the message "
                                "above)",
                                frames_));
    frames_++;
    return ReadStatus::Frame;
}

#endif

} // namespace vmaf::session
