#include "RenderLaunches.hpp"

#include "IniDiagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace phosphene::cli {
namespace {

void printDiagnostics(const phosphene_engine* engine, std::uint32_t count, DiagnosticReader read,
                      const std::string& file) {
  printIniDiagnostics("phosphene render", engine, count, read, file);
}

void byTime(std::vector<TimedLaunch>& launches) {
  std::stable_sort(
      launches.begin(), launches.end(),
      [](const TimedLaunch& a, const TimedLaunch& b) { return a.seconds < b.seconds; });
}

}  // namespace

std::optional<TimedLaunch> parseTimedLaunch(const std::string& text) {
  const auto at = text.find('@');
  if (at == std::string::npos || at == 0 || at + 1 >= text.size()) return std::nullopt;
  const std::string n = text.substr(0, at), t = text.substr(at + 1);
  if (n.size() > 2 || !std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  char* end = nullptr;
  const double seconds = std::strtod(t.c_str(), &end);
  if (end == t.c_str() || *end != '\0' || !std::isfinite(seconds) || seconds < 0)
    return std::nullopt;
  return TimedLaunch{std::atoi(n.c_str()), seconds};
}

bool RenderLaunches::load(phosphene_engine* engine) {
  byTime(plan_.sprites);
  byTime(plan_.messages);
  if (!plan_.spritesFile.empty()) {
    const phosphene_result r = phosphene_sprite_load_ini_file(engine, plan_.spritesFile.c_str());
    printDiagnostics(engine, phosphene_sprite_diagnostic_count(engine),
                     &phosphene_sprite_diagnostic, plan_.spritesFile);
    if (r != PHOSPHENE_OK) {
      std::fprintf(stderr, "phosphene render: --sprites %s: %s\n", plan_.spritesFile.c_str(),
                   phosphene_result_string(r));
      return false;
    }
  }
  if (!plan_.messagesFile.empty()) {
    const phosphene_result r =
        phosphene_engine_load_messages_file(engine, plan_.messagesFile.c_str());
    printDiagnostics(engine, phosphene_engine_message_diagnostic_count(engine),
                     &phosphene_engine_message_diagnostic, plan_.messagesFile);
    if (r != PHOSPHENE_OK) {
      std::fprintf(stderr, "phosphene render: --messages %s: %s\n", plan_.messagesFile.c_str(),
                   phosphene_result_string(r));
      return false;
    }
  }
  // A message the file lacks is found now, not minutes into a video.
  for (const TimedLaunch& m : plan_.messages)
    if (!phosphene_engine_has_message(engine, m.number)) {
      std::fprintf(stderr, "phosphene render: --message %02d@%g: %s has no message %02d\n",
                   m.number, m.seconds, plan_.messagesFile.c_str(), m.number);
      return false;
    }
  return true;
}

bool RenderLaunches::fire(phosphene_engine* engine, double seconds, std::string& error) {
  // A hair of slack so "1@2" lands on frame 120 at 60 fps despite rounding.
  const double now = seconds + 1e-9;
  for (; nextSprite_ < plan_.sprites.size() && plan_.sprites[nextSprite_].seconds <= now;
       ++nextSprite_) {
    const TimedLaunch& s = plan_.sprites[nextSprite_];
    if (const phosphene_result r = phosphene_sprite_launch(engine, s.number, nullptr);
        r != PHOSPHENE_OK) {
      printDiagnostics(engine, phosphene_sprite_diagnostic_count(engine),
                       &phosphene_sprite_diagnostic, plan_.spritesFile);
      char number[8];
      std::snprintf(number, sizeof number, "%02d", s.number);
      error = std::string("--sprite ") + number + ": " + phosphene_result_string(r) +
              (r == PHOSPHENE_ERROR_NOT_FOUND ? " (no [img" + std::string(number) + "] with img=)"
                                              : std::string());
      return false;
    }
  }
  for (; nextMessage_ < plan_.messages.size() && plan_.messages[nextMessage_].seconds <= now;
       ++nextMessage_)
    phosphene_engine_launch_message(engine, plan_.messages[nextMessage_].number);
  if (!titleShown_ && !plan_.title.empty() && plan_.titleAt <= now) {
    titleShown_ = true;
    phosphene_engine_show_song_title(engine, plan_.title.c_str());
  }
  return true;
}

}  // namespace phosphene::cli
