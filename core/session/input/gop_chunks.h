// Where an encoded input is cut so that several decoders decode it at once
// (--decoders): at keyframes of the demuxer's index, each chunk a run of
// whole GOPs long enough that opening a decoder at its keyframe costs
// little beside decoding it. The first chunk starts at the file's start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vmaf::session {

// The keyframes where the chunks after the first start, from the index's
// keyframe timestamps (the stream's ticks, ascending): each keyframe after
// the first that lies at least `min_ticks` after the last chunk's start.
// Empty: the input is one chunk.
std::vector<int64_t> chunk_starts(std::span<const int64_t> keyframes, int64_t min_ticks);

// The least length of a chunk, in ticks: a second, or, for an input of
// `seconds` too short to give each of `decoders` four chunks of a second,
// a quarter of its share (never under one tick). `seconds` <= 0: unknown.
int64_t chunk_min_ticks(double ticks_per_second, double seconds, unsigned decoders);

// The decoders one input gets when none were asked for: half the cores
// (the two inputs decode at once), 1 to 16.
unsigned default_decoders(unsigned cores);

// The frames a decoder holds of its own: up to 16 references and the one it
// decodes into.
inline constexpr size_t kDecoderFrames = 18;

// The decoders whose own frames, of `frame_bytes` each, half of `memory`
// holds (the other half is for frames waiting to be scored): 1 to 64.
unsigned decoders_in_memory(size_t memory, size_t frame_bytes);

} // namespace vmaf::session
