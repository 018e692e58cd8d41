#pragma once
// Where `phosphene render` puts its frames: a directory of PNGs (frame_000001.png, ...), raw
// RGBA on stdout (`--out -`, for piping into other tools), or a video through ffmpeg
// (VideoWriter.hpp). Frames are RGBA8 in either row order (RgbaImage::bottomUp: `render` hands
// over GL's bottom-up readback as it is) and leave top row first. FramePipeline.hpp drives a sink
// from worker threads: write() may run for several frames at once when concurrency() allows it, and
// publish() then makes each written frame visible, in frame order, one at a time.

#include <cstdint>
#include <memory>
#include <string>

#include "PngImage.hpp"

namespace phosphene::cli {

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  /// Writes frame number `index` (0-based). False with `error` set on failure.
  virtual bool write(const platform::RgbaImage& frame, std::int64_t index, std::string& error) = 0;
  /// How many write() calls may run at the same time (for different frames).
  virtual int concurrency() const { return 1; }
  /// Makes a written frame visible; called in frame order. False with `error` on failure.
  virtual bool publish(std::int64_t /*index*/, std::string& /*error*/) { return true; }
  /// Throws away a frame that was (partly) written but will never be published.
  virtual void discard(std::int64_t /*index*/) {}
  /// Flushes and closes; false with `error` when the output is incomplete.
  virtual bool finish(std::string& error) = 0;
  /// Where the frames went, for the summary line.
  virtual std::string where() const = 0;
};

/// Writes the frame's pixels to `fd` top row first, whatever its storage order (one writev over
/// the rows: no flipped copy), resuming after signals and short writes. False with errno set.
bool writeTopDown(int fd, const platform::RgbaImage& frame);

/// "frame_000001.png" for index 0: 1-based like video frame numbers, six digits.
std::string pngFrameName(std::int64_t index);

/// Creates `dir` (and parents) when missing. Null with `error` when it cannot.
std::unique_ptr<FrameSink> openPngDirectory(const std::string& dir, std::string& error);
/// Raw RGBA frames, width*height*4 bytes each, back to back on stdout.
std::unique_ptr<FrameSink> openRawStdout();

}  // namespace phosphene::cli
