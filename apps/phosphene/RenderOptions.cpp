#include "RenderOptions.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <system_error>
#include <tuple>
#include <utility>

#include "ArgParser.hpp"
#include "DemoTrack.hpp"
#include "EmbeddedPresets.hpp"
#include "PresetFiles.hpp"

namespace phosphene::cli {
namespace {

// Fisher-Yates with mt19937_64, whose output the standard fixes: the same seed gives the same
// order everywhere (std::shuffle's algorithm is the library's choice).
void shuffleSeeded(std::vector<std::string>& items, std::uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x5eed5eed5eed5eedULL);
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng() % i);
    std::swap(items[i - 1], items[j]);
  }
}

ArgParser makeParser(RenderOptions& o) {
  ArgParser p("render", "[OPTIONS]",
              "Renders audio to PNG frames, raw RGBA or a video, headless (EGL; no GPU needed).\n"
              "Deterministic: the same options give the same bytes. With no options it renders\n"
              "the built-in demo (a generated " +
                  std::to_string(static_cast<int>(DemoTrack::kSeconds)) +
                  " s track: kick, bass line, hi-hats, chords) into ./demo-out/.\n"
                  "Without --preset it renders the embedded preset " +
                  std::string(kEmbeddedPresets[0].name) +
                  ". --diagnostic draws the diagnostic view\n"
                  "instead: spectrum, waveforms, bass/mid/treb meters and a beat lamp.");
  p.texts("preset", "FILE.milk",
          "MilkDrop preset to render (default: the embedded one); several play in turn", o.presets);
  p.texts("presets", "DIR",
          "every .milk and .milk2 file under DIR (recursively, sorted by path) joins the sequence",
          o.presetFolders);
  p.number("preset-duration", "SEC",
           "seconds each preset plays when there are several (default 16, MilkDrop's); presets "
           "switch exactly every SEC seconds, the first switch at SEC",
           o.presetDuration, {0, 86400, true});
  p.number("transition", "SEC",
           "MilkDrop transition between presets, in seconds (default 2.7; 0 = hard cuts)",
           o.transition, {0, 3600});
  p.flag("shuffle", "play the presets in a random order (from --seed)", o.shuffle);
  p.flag("hard-cuts", "MilkDrop's loudness hard cuts to the next preset (off by default)",
         o.hardCuts);
  p.flag("async-loads",
         "never let a frame wait for the next preset's loading (as a live player does; the output "
         "then depends on the loader's speed and is no longer deterministic)",
         o.asyncLoads);
  p.flag("random-duration", "add MilkDrop's random extra time (0..10 s) to each preset's duration",
         o.randomDuration);
  p.text("audio", "FILE", "audio file (WAV, FLAC, OGG, MP3); default: the built-in demo track",
         o.audio);
  addSizeOption(p, o.size);
  p.number("fps", "N", "video frames per second (default 60)", o.fps, {1, 1000});
  p.whole("frames", "N", "number of frames (default: the whole audio)", o.frames,
          {1, RenderOptions::kMaxFrames});
  // At 1 fps, the least --fps allows; the frame count it makes is checked once --fps is known.
  p.number("duration", "SEC", "seconds to render instead of --frames", o.duration,
           {0, static_cast<double>(RenderOptions::kMaxFrames), true});
  p.excludes("frames", "duration");
  p.text("out", "DIR|FILE.mp4|-",
         "a directory (frame_000001.png, ...), a .mp4/.mkv/.webm/.mov video (needs the ffmpeg "
         "program; audio is muxed in), or - for raw RGBA frames on stdout (default demo-out)",
         o.out);
  addMeshOption(p, o.mesh);
  addHeadlessOptions(p, o.seed, o.gl, o.textureDirs);
  p.text("sprites", "FILE", "MilkDrop's milk_img.ini: the sprites --sprite launches",
         o.launches.spritesFile);
  p.texts("sprite", "N@T", "launch sprite [imgN] of --sprites at T seconds (e.g. 0@1.5)",
          o.spriteSpecs);
  p.text("messages", "FILE", "MilkDrop's milk_msg.ini: the custom messages --message shows",
         o.launches.messagesFile);
  p.texts("message", "N@T", "show custom message N of --messages at T seconds", o.messageSpecs);
  p.text("title", "TEXT", "MilkDrop's song title animation with TEXT (at --title-at)",
         o.launches.title);
  p.number("title-at", "SEC", "when the --title animation starts (default 0)", o.launches.titleAt,
           {0, 86400});
  p.flag("diagnostic", "draw the diagnostic view of the audio analysis instead of a preset",
         o.diagnostic);
  p.excludes("preset", "diagnostic");
  p.flag("verbose", "print the GL context's capability report and per-run details to stderr",
         o.verbose);
  return p;
}

// What the parser cannot check alone: folders, a limit that depends on two options, and the
// terminal. Returns the usage error's message.
std::optional<std::string> checkRun(RenderOptions& o) {
  for (const std::string& dir : o.presetFolders) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
      return "--presets wants a folder (got '" + dir + "')";
    const std::vector<std::string> found = milkFilesUnder(dir);
    if (found.empty()) return "--presets: no .milk or .milk2 file under '" + dir + "'";
    o.presets.insert(o.presets.end(), found.begin(), found.end());
  }
  if (o.duration && *o.duration * o.fps > RenderOptions::kMaxFrames)
    return "--duration wants at most " + numberText(RenderOptions::kMaxFrames / o.fps) +
           " seconds at " + numberText(o.fps) + " fps (got '" + numberText(*o.duration) + "')";
  if (o.diagnostic && !o.presets.empty()) return "give --preset or --diagnostic, not both";
  for (const auto& [specs, list, name] :
       {std::tuple{&o.spriteSpecs, &o.launches.sprites, "--sprite"},
        std::tuple{&o.messageSpecs, &o.launches.messages, "--message"}})
    for (const std::string& spec : *specs) {
      const auto launch = parseTimedLaunch(spec);
      if (!launch)
        return std::string(name) +
               " wants N@T: a number 0..99 and a time in seconds, e.g. 3@1.5 (got '" + spec + "')";
      list->push_back(*launch);
    }
  if (!o.launches.sprites.empty() && o.launches.spritesFile.empty())
    return "--sprite needs --sprites FILE (a milk_img.ini)";
  if (!o.launches.messages.empty() && o.launches.messagesFile.empty())
    return "--message needs --messages FILE (a milk_msg.ini)";
  if (o.diagnostic &&
      (!o.launches.empty() || !o.launches.spritesFile.empty() || !o.launches.messagesFile.empty()))
    return "--diagnostic draws no sprites, messages or titles";
  if (o.out == "-" && isatty(STDOUT_FILENO))
    return "--out - writes raw RGBA frames; redirect stdout to a file or pipe";
  if (o.shuffle) shuffleSeeded(o.presets, o.seed);
  if (!o.presets.empty()) o.preset = o.presets.front();
  return std::nullopt;
}

}  // namespace

std::string RenderOptions::presetName() const {
  return preset.empty() ? std::string(kEmbeddedPresets[0].name)
                        : std::filesystem::path(preset).filename().string();
}

long long RenderOptions::frameCount(double audioSeconds) const {
  if (frames) return *frames;
  return std::max(
      1LL, static_cast<long long>(std::ceil((duration ? *duration : audioSeconds) * fps - 1e-9)));
}

std::optional<int> parseRenderOptions(const Args& args, RenderOptions& o) {
  ArgParser parser = makeParser(o);
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  if (auto problem = checkRun(o)) return parser.usageError(*problem);
  return std::nullopt;
}

}  // namespace phosphene::cli
