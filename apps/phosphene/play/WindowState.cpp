#include "WindowState.hpp"

#include <toml++/toml.h>

#include "ConfigFileIo.hpp"
#include "ConfigValueReader.hpp"
#include "TomlUnicodeGuard.hpp"

namespace phosphene::play {

std::filesystem::path defaultWindowStatePath(const ConfigEnvironment& env) {
  const std::filesystem::path xdg(env.xdgStateHome);
  if (!env.xdgStateHome.empty() && xdg.is_absolute()) return xdg / "phosphene" / "window.toml";
  if (!env.home.empty())
    return std::filesystem::path(env.home) / ".local/state/phosphene/window.toml";
  return {};
}

std::optional<WindowState> parseWindowState(std::string_view text, std::string_view fileName,
                                            std::vector<ConfigIssue>& issues) {
  detail::ConfigValueReader reader(issues, std::string(fileName), true);
  if (const auto unsafe = detail::findUnsafeCharacter(text)) {
    toml::source_region where;
    where.begin = {static_cast<toml::source_index>(unsafe->line),
                   static_cast<toml::source_index>(unsafe->column)};
    reader.report(IssueSeverity::Error, where,
                  "syntax error: unexpected " + unsafe->description +
                      "; the remembered window position is not used");
    return std::nullopt;
  }
  toml::table root;
  try {
    root = toml::parse(text, fileName);
  } catch (const toml::parse_error& error) {
    // The program writes this file; a broken one is not worth rescuing line by line.
    reader.report(IssueSeverity::Error, error.source(),
                  "syntax error: " + std::string(error.description()) +
                      "; the remembered window position is not used");
    return std::nullopt;
  }
  namespace L = limits;
  WindowState state;
  for (const auto& [key, node] : root) {
    const std::string_view name = key.str();
    if (name == "x") {
      reader.readOptionalInt(node, name, -L::kMaxWindowPosition, L::kMaxWindowPosition, state.x);
    } else if (name == "y") {
      reader.readOptionalInt(node, name, -L::kMaxWindowPosition, L::kMaxWindowPosition, state.y);
    } else if (name == "width") {
      reader.readInt(node, name, L::kMinWindowSize, L::kMaxWindowSize, state.width);
    } else if (name == "height") {
      reader.readInt(node, name, L::kMinWindowSize, L::kMaxWindowSize, state.height);
    } else if (name == "fullscreen") {
      reader.readBool(node, name, state.fullscreen);
    } else if (name == "display") {
      reader.readInt(node, name, 0, L::kMaxDisplay, state.display);
    } else if (name == "display_name") {
      reader.readString(node, name, state.displayName);
    } else {
      reader.report(IssueSeverity::Warning, key.source(),
                    "unknown setting '" + std::string(name) + "' ignored");
    }
  }
  return state;
}

std::string formatWindowState(const WindowState& state) {
  std::string out =
      "# The phosphene player's window when it last closed; rewritten at every exit.\n"
      "# Settings belong in phosphene.toml, not here.\n";
  if (state.x) out += "x = " + std::to_string(*state.x) + "\n";
  if (state.y) out += "y = " + std::to_string(*state.y) + "\n";
  out += "width = " + std::to_string(state.width) + "\n";
  out += "height = " + std::to_string(state.height) + "\n";
  out += std::string("fullscreen = ") + (state.fullscreen ? "true" : "false") + "\n";
  out += "display = " + std::to_string(state.display) + "\n";
  if (!state.displayName.empty())
    out += "display_name = " + detail::formatTomlString(state.displayName) + "\n";
  return out;
}

std::optional<WindowState> loadWindowState(const std::filesystem::path& path,
                                           std::vector<ConfigIssue>& issues) {
  if (path.empty() || detail::examineFile(path, issues) != detail::FileState::Present)
    return std::nullopt;
  const auto text = detail::readTextFile(path, issues);
  if (!text) return std::nullopt;
  return parseWindowState(*text, path.string(), issues);
}

bool saveWindowState(const std::filesystem::path& path, const WindowState& state,
                     std::vector<ConfigIssue>& issues) {
  if (path.empty()) {
    issues.push_back(detail::fileIssue(
        "window.toml", "no place to remember the window: neither XDG_STATE_HOME nor HOME is set"));
    return false;
  }
  return detail::writeTextFileAtomically(path, formatWindowState(state), issues);
}

void applyWindowState(WindowSettings& window, const WindowState& state) {
  if (state.x) window.x = state.x;
  if (state.y) window.y = state.y;
  window.width = state.width;
  window.height = state.height;
  window.fullscreen = state.fullscreen;
  window.display = state.display;
  window.displayName = state.displayName;
}

}  // namespace phosphene::play
