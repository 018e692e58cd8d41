// The player's configuration from arbitrary bytes: phosphene.toml text, `--set key=value`
// overrides, and the window state file. Never crashes or hangs; whatever is accepted is within the
// documented limits; the settings that come out write back to text that reads to the same settings
// with no issues (the round trip the program relies on when it creates the default file).
//
// Input layout: the first byte picks the part; the rest is the config file, "key\nvalue" for an
// override, or the window state file.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "play/PlayerConfig.hpp"
#include "play/WindowState.hpp"

namespace {

using namespace phosphene::play;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_config: %s\n", what);
  std::abort();
}

ConfigEnvironment fuzzEnvironment() {
  ConfigEnvironment env;
  env.home = "/home/fuzz";
  return env;
}

template <typename T>
void within(T value, T min, T max, const char* what) {
  if (!(value >= min && value <= max)) fail(what);
}

void checkLimits(const PlayerSettings& s) {
  namespace L = limits;
  within(s.window.width, L::kMinWindowSize, L::kMaxWindowSize, "window.width out of range");
  within(s.window.height, L::kMinWindowSize, L::kMaxWindowSize, "window.height out of range");
  if (s.window.x) within(*s.window.x, -L::kMaxWindowPosition, L::kMaxWindowPosition, "window.x");
  if (s.window.y) within(*s.window.y, -L::kMaxWindowPosition, L::kMaxWindowPosition, "window.y");
  within(s.window.display, 0, L::kMaxDisplay, "window.display out of range");
  within(s.audio.beatSensitivity, L::kMinBeatSensitivity, L::kMaxBeatSensitivity, "beat");
  within(s.presets.durationSeconds, L::kMinPresetSeconds, L::kMaxPresetSeconds, "duration");
  within(s.presets.transitionSeconds, 0.0, L::kMaxTransitionSeconds, "transition");
  within(s.render.meshX, L::kMinMeshX, L::kMaxMeshX, "mesh columns out of range");
  within(s.render.meshY, L::kMinMeshY, L::kMaxMeshY, "mesh rows out of range");
  if (s.render.fpsCap != 0) within(s.render.fpsCap, L::kMinFpsCap, L::kMaxFpsCap, "fps_cap");
  within(s.overlay.fontSize, L::kMinFontSize, L::kMaxFontSize, "font_size out of range");
  within(s.overlay.toastSeconds, 0.0, L::kMaxToastSeconds, "toast_seconds out of range");
}

void checkIssues(const std::vector<ConfigIssue>& issues) {
  for (const auto& issue : issues) {
    if (issue.message.empty()) fail("issue without a message");
    if (issue.line < 0 || issue.column < 0) fail("negative issue position");
    if (issue.format().empty()) fail("issue formats to nothing");
  }
}

void checkRoundTrip(const PlayerSettings& settings) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings again =
      parseConfig(formatConfig(settings), "written.toml", issues, fuzzEnvironment());
  if (!issues.empty()) fail("the written config has issues");
  if (!(again == settings)) fail("settings changed in a write/read round trip");
}

void configFile(std::string_view text) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parseConfig(text, "fuzz.toml", issues, fuzzEnvironment());
  checkIssues(issues);
  for (std::size_t i = 1; i < issues.size(); ++i)
    if (issues[i].line < issues[i - 1].line) fail("issues out of line order");
  checkLimits(settings);
  checkRoundTrip(settings);
}

void override(std::string_view bytes) {
  const std::size_t newline = bytes.find('\n');
  const std::string_view key = bytes.substr(0, newline);
  const std::string_view value =
      newline == std::string_view::npos ? std::string_view() : bytes.substr(newline + 1);
  PlayerSettings settings;
  std::vector<ConfigIssue> issues;
  const bool applied = applyOverride(settings, key, value, issues, fuzzEnvironment());
  checkIssues(issues);
  if (applied != issues.empty()) fail("override result disagrees with its issues");
  if (!applied && !(settings == PlayerSettings{})) fail("a rejected override changed settings");
  checkLimits(settings);
  checkRoundTrip(settings);
}

void windowState(std::string_view text) {
  std::vector<ConfigIssue> issues;
  const auto state = parseWindowState(text, "window.toml", issues);
  checkIssues(issues);
  if (!state) return;
  std::vector<ConfigIssue> again;
  const auto reread = parseWindowState(formatWindowState(*state), "window.toml", again);
  if (!again.empty() || !reread || !(*reread == *state)) fail("window state round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0:
      configFile(rest);
      break;
    case 1:
      override(rest);
      break;
    default:
      windowState(rest);
      break;
  }
  return 0;
}
