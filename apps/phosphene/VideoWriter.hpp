#pragma once
// Video output through the `ffmpeg` program, found on PATH at run time (no link-time
// dependency): raw RGBA frames go down a pipe to ffmpeg, which encodes with the container's
// default codecs (H.264/AAC for .mp4 and .mkv, VP9/Opus for .webm) and muxes the audio track
// when one is given.

#include <memory>
#include <optional>
#include <string>

#include "FrameSink.hpp"

namespace phosphene::cli {

/// False in a build without video output (PHOSPHENE_WITH_VIDEO=OFF): openVideo always fails.
bool videoOutputBuilt();

/// True for the file names `--out` treats as video: .mp4 .mkv .webm .mov (case-insensitive).
bool isVideoPath(const std::string& path);

/// Full path of `program` on PATH, or nothing.
std::optional<std::string> findOnPath(const std::string& program);

struct VideoOptions {
  std::string path;
  int width = 0, height = 0;
  double fps = 60;
  std::string audioPath;  // muxed when non-empty; the video's length wins (-shortest)
  std::string ffmpeg;     // from findOnPath("ffmpeg")
};

/// Starts ffmpeg. Null with `error` when it cannot be started.
std::unique_ptr<FrameSink> openVideo(const VideoOptions& options, std::string& error);

}  // namespace phosphene::cli
