#pragma once
// The frame loop both modes of `phosphene render` share. A mode draws each frame into the run's
// offscreen framebuffer; the loop reads it back into a buffer of the output pipeline, whose
// workers encode and write it, times the frame, and ends the run: frames rendered before a
// failure or Ctrl+C are still written, and a summary line says what was rendered where, how fast.

#include <functional>
#include <string>

#include "AudioFeed.hpp"
#include "RenderGl.hpp"
#include "RenderOptions.hpp"

namespace phosphene::cli {

struct FrameLoopRun {
  const RenderOptions& options;
  const AudioFeed& audio;  // its demo track goes into a video's sound
  RenderGl& gl;
  long long frames = 0;
  std::string what;  // what the summary says was rendered: "preset X", "diagnostic view"
};

/// With --verbose: the run's size, rate, frames, seed and audio, on stderr.
void printRunDetails(const RenderOptions& o, const AudioFeed& audio, long long frames);

/// Draws frame `index` (0-based, in order) into the run's framebuffer; false with `error`.
using DrawFrame = std::function<bool(long long index, std::string& error)>;

/// Renders and writes the run's frames; returns the process exit status (0, 1 on a failure,
/// 128 + signal when interrupted), having printed what went wrong.
int renderFrames(const FrameLoopRun& run, const DrawFrame& draw);

}  // namespace phosphene::cli
