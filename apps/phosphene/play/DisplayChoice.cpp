#include "DisplayChoice.hpp"

#include <SDL.h>

#include <algorithm>
#include <cctype>

#include "VideoSubsystem.hpp"

namespace phosphene::play {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string known(const std::vector<std::string>& names) {
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i)
    list += (i ? ", " : "") + std::to_string(i) + " '" + names[i] + "'";
  return list.empty() ? "none" : list;
}

}  // namespace

DisplayChoice chooseDisplay(const std::vector<std::string>& names, const std::string& wantedName,
                            int wantedIndex) {
  DisplayChoice choice;
  const int count = static_cast<int>(names.size());
  choice.index = wantedIndex >= 0 && wantedIndex < count ? wantedIndex : 0;
  if (!wantedName.empty()) {
    const std::string want = lower(wantedName);
    for (int i = 0; i < count; ++i)
      if (lower(names[i]) == want) return {i, {}};
    int found = -1, matches = 0;
    for (int i = 0; i < count; ++i)
      if (lower(names[i]).find(want) != std::string::npos) {
        found = i;
        ++matches;
      }
    if (matches == 1) return {found, {}};
    choice.warning = (matches > 1 ? "several displays match '" : "no display named '") +
                     wantedName + "' (displays: " + known(names) + "); using " +
                     std::to_string(choice.index);
    return choice;
  }
  if (wantedIndex != choice.index)
    choice.warning = "no display " + std::to_string(wantedIndex) + " (displays: " + known(names) +
                     "); using " + std::to_string(choice.index);
  return choice;
}

std::vector<std::string> displayNames() {
  std::vector<std::string> names;
  const VideoSubsystem video;
  if (!video.started()) return names;
  for (int i = 0; i < SDL_GetNumVideoDisplays(); ++i) {
    const char* name = SDL_GetDisplayName(i);
    names.emplace_back(name ? name : "");
  }
  return names;
}

std::string listDisplays() {
  const VideoSubsystem video;
  if (!video.started()) return std::string("no display: ") + SDL_GetError() + "\n";
  std::string out = std::string("video driver: ") + SDL_GetCurrentVideoDriver() +
                    "\ndisplays (--display NAME or NUMBER):\n";
  for (int i = 0; i < SDL_GetNumVideoDisplays(); ++i) {
    SDL_Rect all{}, usable{};
    SDL_GetDisplayBounds(i, &all);
    SDL_GetDisplayUsableBounds(i, &usable);
    const char* name = SDL_GetDisplayName(i);
    out += "  " + std::to_string(i) + ": '" + (name ? name : "") + "' " + std::to_string(all.w) +
           "x" + std::to_string(all.h) + " at " + std::to_string(all.x) + "," +
           std::to_string(all.y) + ", usable " + std::to_string(usable.w) + "x" +
           std::to_string(usable.h) + "\n";
  }
  return out;
}

}  // namespace phosphene::play
