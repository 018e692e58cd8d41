#include "FrameScript.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

namespace phosphene::play {
namespace {

bool parseKey(std::string name, SDL_Keycode& key, Uint16& mods) {
  mods = KMOD_NONE;
  for (;;) {
    std::string low = name;
    for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (low.rfind("shift+", 0) == 0) {
      mods |= KMOD_LSHIFT;
      name.erase(0, 6);
    } else if (low.rfind("ctrl+", 0) == 0) {
      mods |= KMOD_LCTRL;
      name.erase(0, 5);
    } else {
      break;
    }
  }
  if (name.empty()) return false;
  key = SDL_GetKeyFromName(name.c_str());
  return key != SDLK_UNKNOWN;
}

}  // namespace

bool parseFrameScript(std::string_view text, std::string_view fileName,
                      std::vector<ScriptStep>& steps, std::string& error) {
  std::istringstream in{std::string(text)};
  std::string line;
  int lineNo = 0;
  auto fail = [&](const std::string& why) {
    error = std::string(fileName) + ":" + std::to_string(lineNo) + ": " + why;
    return false;
  };
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    std::istringstream fields(line);
    std::string frameText, action;
    fields >> frameText >> action;
    std::string argument;
    std::getline(fields, argument);
    argument.erase(0, std::min(argument.find_first_not_of(" \t"), argument.size()));
    if (frameText.empty() ||
        !std::all_of(frameText.begin(), frameText.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; }) ||
        frameText.size() > 12)
      return fail("expected a frame number first, got '" + frameText + "'");
    ScriptStep step;
    step.frame = std::stoull(frameText);
    if (action == "key") {
      step.kind = ScriptStep::Kind::Key;
      if (!parseKey(argument, step.key, step.mods))
        return fail("unknown key '" + argument + "' (SDL key names, e.g. n, F1, shift+n)");
    } else if (action == "text") {
      step.kind = ScriptStep::Kind::Text;
      if (argument.empty()) return fail("text needs the text to type");
      if (argument.size() >= sizeof(SDL_TextInputEvent::text))
        return fail("text is longer than SDL's text event (31 bytes); split it");
      step.text = argument;
    } else if (action == "screenshot" || action == "mirror-screenshot" || action == "drop") {
      step.kind = action == "drop"         ? ScriptStep::Kind::Drop
                  : action == "screenshot" ? ScriptStep::Kind::Screenshot
                                           : ScriptStep::Kind::MirrorScreenshot;
      if (argument.empty()) return fail(action + " needs a path");
      step.text = argument;
    } else if (action == "wheel") {
      step.kind = ScriptStep::Kind::Wheel;
      if (argument != "up" && argument != "down") return fail("wheel takes up or down");
      step.wheel = argument == "up" ? 1 : -1;
    } else if (action == "double-click") {
      step.kind = ScriptStep::Kind::DoubleClick;
    } else if (action == "close-window") {
      step.kind = ScriptStep::Kind::CloseWindow;
      if (argument != "main" && argument != "mirror")
        return fail("close-window takes main or mirror");
      step.text = argument;
    } else if (action == "audio") {
      step.kind = ScriptStep::Kind::Audio;
    } else if (action == "quit") {
      step.kind = ScriptStep::Kind::Quit;
    } else {
      return fail("unknown action '" + action +
                  "' (key, text, screenshot, mirror-screenshot, drop, wheel, double-click, audio, "
                  "close-window, quit)");
    }
    steps.push_back(std::move(step));
  }
  std::stable_sort(steps.begin(), steps.end(),
                   [](const ScriptStep& a, const ScriptStep& b) { return a.frame < b.frame; });
  return true;
}

bool pushScriptEvent(const ScriptStep& step, std::uint32_t windowId) {
  SDL_Event e;
  std::memset(&e, 0, sizeof e);
  switch (step.kind) {
    case ScriptStep::Kind::Key: {
      e.type = SDL_KEYDOWN;
      e.key.windowID = windowId;
      e.key.state = SDL_PRESSED;
      e.key.keysym.sym = step.key;
      e.key.keysym.scancode = SDL_GetScancodeFromKey(step.key);
      e.key.keysym.mod = step.mods;
      if (SDL_PushEvent(&e) < 0) return false;
      e.type = SDL_KEYUP;
      e.key.state = SDL_RELEASED;
      return SDL_PushEvent(&e) >= 0;
    }
    case ScriptStep::Kind::Text:
      e.type = SDL_TEXTINPUT;
      e.text.windowID = windowId;
      std::strncpy(e.text.text, step.text.c_str(), sizeof(e.text.text) - 1);
      return SDL_PushEvent(&e) >= 0;
    case ScriptStep::Kind::Drop:
      e.type = SDL_DROPFILE;
      e.drop.windowID = windowId;
      e.drop.file = SDL_strdup(step.text.c_str());  // the handler SDL_free()s it, as SDL's own
      return SDL_PushEvent(&e) >= 0;
    case ScriptStep::Kind::Wheel:
      e.type = SDL_MOUSEWHEEL;
      e.wheel.windowID = windowId;
      e.wheel.y = step.wheel;
      e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
      return SDL_PushEvent(&e) >= 0;
    case ScriptStep::Kind::DoubleClick:
      e.type = SDL_MOUSEBUTTONDOWN;
      e.button.windowID = windowId;
      e.button.button = SDL_BUTTON_LEFT;
      e.button.state = SDL_PRESSED;
      e.button.clicks = 2;
      return SDL_PushEvent(&e) >= 0;
    case ScriptStep::Kind::CloseWindow:
      // What SDL makes of the window manager's WM_DELETE_WINDOW.
      e.type = SDL_WINDOWEVENT;
      e.window.event = SDL_WINDOWEVENT_CLOSE;
      e.window.windowID = windowId;
      return SDL_PushEvent(&e) >= 0;
    case ScriptStep::Kind::Screenshot:
    case ScriptStep::Kind::MirrorScreenshot:
    case ScriptStep::Kind::Audio:
    case ScriptStep::Kind::Quit:
      return true;
  }
  return true;
}

}  // namespace phosphene::play
