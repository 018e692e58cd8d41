#include "PlayerConfig.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <utility>

#include <toml++/toml.h>

#include "ConfigFileIo.hpp"
#include "ConfigValueReader.hpp"
#include "TomlUnicodeGuard.hpp"
#include "core/Utf8.hpp"

namespace phosphene::play {
namespace {

using detail::ConfigValueReader;
using detail::formatTomlDouble;
using detail::formatTomlString;

// ---- choices (enums written as strings) ----

template <typename E>
struct Choice {
  std::string_view name;
  E value;
};

constexpr Choice<VsyncMode> kVsyncChoices[] = {
    {"off", VsyncMode::Off}, {"on", VsyncMode::On}, {"adaptive", VsyncMode::Adaptive}};
constexpr Choice<GlApi> kGlChoices[] = {
    {"auto", GlApi::Auto}, {"3.3", GlApi::Gl33}, {"es3", GlApi::Es3}};
constexpr Choice<HelpKeys> kHelpKeyChoices[] = {{"all", HelpKeys::All}, {"basic", HelpKeys::Basic}};

template <typename E>
std::string_view choiceName(std::span<const Choice<E>> choices, E value) {
  for (const auto& choice : choices)
    if (choice.value == value) return choice.name;
  return choices.front().name;
}

template <typename E>
std::string choiceList(std::span<const Choice<E>> choices) {
  std::string list;
  for (const auto& choice : choices) {
    if (!list.empty()) list += ", ";
    list += formatTomlString(choice.name);
  }
  return list;
}

template <typename E>
void readChoice(const toml::node& node, std::string_view name, std::span<const Choice<E>> choices,
                E& out, ConfigValueReader& reader) {
  std::string text;
  if (const auto* floating = node.as_floating_point();
      floating != nullptr && floating->get() == 3.3)
    text = "3.3";  // `gl = 3.3` unquoted: clearly meant as the string
  else if (const auto* string = node.as_string())
    text = string->get();
  for (const auto& choice : choices) {
    if (!text.empty() && choice.name == text) {
      out = choice.value;
      return;
    }
  }
  std::string message(name);
  message += " must be one of ";
  message += choiceList(choices);
  message += ", not ";
  message += node.is_string() ? formatTomlString(text) : std::string(detail::describeType(node));
  message += "; keeping ";
  message += formatTomlString(choiceName(choices, out));
  reader.report(IssueSeverity::Error, node.source(), std::move(message));
}

// ---- the settings table: one row per key drives reading, overrides and the written file ----

using ReadFn = void (*)(const toml::node& node, std::string_view name, PlayerSettings& settings,
                        ConfigValueReader& reader, const ConfigEnvironment& env);
/// The value as TOML text; nullopt for an optional setting that is unset (written commented out).
using WriteFn = std::optional<std::string> (*)(const PlayerSettings& settings);

struct Field {
  std::string_view table;
  std::string_view key;
  std::string comment;  // one line; the default is appended when the file is written
  ReadFn read;
  WriteFn write;
  std::string_view unsetExample = {};  // what the commented-out line of an unset setting shows
};

std::string num(std::int64_t value) {
  return std::to_string(value);
}
std::string num(double value) {
  return formatTomlDouble(value);
}
std::string boolText(bool value) {
  return value ? "true" : "false";
}

void readPathList(const toml::node& node, std::string_view name,
                  std::vector<std::filesystem::path>& out, ConfigValueReader& reader,
                  const ConfigEnvironment& env) {
  // A single string is taken as a list of one: an easy slip, with an obvious meaning.
  if (const auto* single = node.as_string()) {
    out = {expandHome(single->get(), env)};
    return;
  }
  const auto* array = node.as_array();
  if (array == nullptr) {
    reader.report(IssueSeverity::Error, node.source(),
                  std::string(name) + " must be a list of folder paths, not " +
                      std::string(detail::describeType(node)) + "; keeping the current list");
    return;
  }
  std::vector<std::filesystem::path> paths;
  for (const auto& element : *array) {
    if (const auto* path = element.as_string()) {
      paths.push_back(expandHome(path->get(), env));
    } else {
      reader.report(IssueSeverity::Error, element.source(),
                    std::string(name) + ": a folder must be a string, not " +
                        std::string(detail::describeType(element)) + "; entry skipped");
    }
  }
  out = std::move(paths);
}

std::string pathListText(const std::vector<std::filesystem::path>& paths) {
  std::string text = "[";
  for (const auto& path : paths) {
    if (text.size() > 1) text += ", ";
    text += formatTomlString(path.string());
  }
  return text + "]";
}

void readPath(const toml::node& node, std::string_view name, std::filesystem::path& out,
              ConfigValueReader& reader, const ConfigEnvironment& env) {
  std::string text = out.string();
  if (reader.readString(node, name, text)) out = expandHome(text, env);
}

void readMesh(const toml::node& node, std::string_view name, RenderSettings& render,
              ConfigValueReader& reader) {
  const auto* array = node.as_array();
  const bool pair = array != nullptr && array->size() == 2 && (*array)[0].is_integer() &&
                    (*array)[1].is_integer();
  if (!pair) {
    reader.report(IssueSeverity::Error, node.source(),
                  std::string(name) + " must be [columns, rows], two integers; keeping [" +
                      num(std::int64_t{render.meshX}) + ", " + num(std::int64_t{render.meshY}) +
                      "]");
    return;
  }
  int x = render.meshX;
  int y = render.meshY;
  const std::string columns = std::string(name) + " columns";
  const std::string rows = std::string(name) + " rows";
  if (!reader.readInt((*array)[0], columns, limits::kMinMeshX, limits::kMaxMeshX, x)) return;
  if (!reader.readInt((*array)[1], rows, limits::kMinMeshY, limits::kMaxMeshY, y)) return;
  render.meshX = x;
  render.meshY = y;
}

std::string range(std::int64_t min, std::int64_t max) {
  return num(min) + ".." + num(max);
}
std::string range(double min, double max) {
  return num(min) + ".." + num(max);
}
std::string range(int min, int max) {
  return range(std::int64_t{min}, std::int64_t{max});
}

std::vector<Field> makeFields() {
  namespace L = limits;
  using S = PlayerSettings;
  using N = const toml::node&;
  using R = ConfigValueReader&;
  using E = const ConfigEnvironment&;
  using V = std::string_view;
  std::vector<Field> f;

  // [window]
  f.push_back(
      {"window", "width",
       "Window width in pixels, " + range(L::kMinWindowSize, L::kMaxWindowSize) + ".",
       [](N n, V k, S& s, R r, E) {
         r.readInt(n, k, L::kMinWindowSize, L::kMaxWindowSize, s.window.width);
       },
       [](const S& s) -> std::optional<std::string> { return num(std::int64_t{s.window.width}); }});
  f.push_back({"window", "height",
               "Window height in pixels, " + range(L::kMinWindowSize, L::kMaxWindowSize) + ".",
               [](N n, V k, S& s, R r, E) {
                 r.readInt(n, k, L::kMinWindowSize, L::kMaxWindowSize, s.window.height);
               },
               [](const S& s) -> std::optional<std::string> {
                 return num(std::int64_t{s.window.height});
               }});
  f.push_back({"window", "x",
               "Left edge in desktop pixels; leave unset (commented out) to centre the window.",
               [](N n, V k, S& s, R r, E) {
                 r.readOptionalInt(n, k, -L::kMaxWindowPosition, L::kMaxWindowPosition, s.window.x);
               },
               [](const S& s) -> std::optional<std::string> {
                 if (!s.window.x) return std::nullopt;
                 return num(std::int64_t{*s.window.x});
               },
               "100"});
  f.push_back({"window", "y",
               "Top edge in desktop pixels; leave unset (commented out) to centre the window.",
               [](N n, V k, S& s, R r, E) {
                 r.readOptionalInt(n, k, -L::kMaxWindowPosition, L::kMaxWindowPosition, s.window.y);
               },
               [](const S& s) -> std::optional<std::string> {
                 if (!s.window.y) return std::nullopt;
                 return num(std::int64_t{*s.window.y});
               },
               "100"});
  f.push_back(
      {"window", "fullscreen", "Start in fullscreen (desktop resolution); the f key toggles it.",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.window.fullscreen); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.window.fullscreen); }});
  f.push_back(
      {"window", "borderless", "A window without title bar and frame.",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.window.borderless); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.window.borderless); }});
  f.push_back({"window", "display",
               "Display (monitor) number to open on, " +
                   range(std::int64_t{0}, std::int64_t{L::kMaxDisplay}) + "; 0 is the primary one.",
               [](N n, V k, S& s, R r, E) { r.readInt(n, k, 0, L::kMaxDisplay, s.window.display); },
               [](const S& s) -> std::optional<std::string> {
                 return num(std::int64_t{s.window.display});
               }});
  f.push_back({"window", "display_name",
               "Display (monitor) by name, as --list-displays shows it (found again when "
               "monitors are reordered); wins over display when found. Empty: by number.",
               [](N n, V k, S& s, R r, E) { r.readString(n, k, s.window.displayName); },
               [](const S& s) -> std::optional<std::string> {
                 return formatTomlString(s.window.displayName);
               }});
  f.push_back(
      {"window", "mirror",
       "A second window with the picture and no overlays (a projector): a display "
       "number or name, fullscreen there, or a window on the main window's own display. "
       "Empty: none (Ctrl+m opens one).",
       [](N n, V k, S& s, R r, E) { r.readString(n, k, s.window.mirror); },
       [](const S& s) -> std::optional<std::string> { return formatTomlString(s.window.mirror); }});
  f.push_back({"window", "vsync",
               "Sync to the display: " + choiceList<VsyncMode>(kVsyncChoices) +
                   " (adaptive falls back to on).",
               [](N n, V k, S& s, R r, E) {
                 readChoice<VsyncMode>(n, k, kVsyncChoices, s.window.vsync, r);
               },
               [](const S& s) -> std::optional<std::string> {
                 return formatTomlString(choiceName<VsyncMode>(kVsyncChoices, s.window.vsync));
               }});
  f.push_back(
      {"window", "gl",
       "OpenGL flavour: " + choiceList<GlApi>(kGlChoices) + " (auto tries 3.3 core, then ES 3).",
       [](N n, V k, S& s, R r, E) { readChoice<GlApi>(n, k, kGlChoices, s.window.gl, r); },
       [](const S& s) -> std::optional<std::string> {
         return formatTomlString(choiceName<GlApi>(kGlChoices, s.window.gl));
       }});

  // [audio]
  f.push_back(
      {"audio", "device",
       "Capture device name or number; \"\" = the default output's monitor, else the default "
       "input.",
       [](N n, V k, S& s, R r, E) { r.readString(n, k, s.audio.device); },
       [](const S& s) -> std::optional<std::string> { return formatTomlString(s.audio.device); }});
  f.push_back(
      {"audio", "beat_sensitivity",
       "How readily beats register, " + range(L::kMinBeatSensitivity, L::kMaxBeatSensitivity) +
           "; higher = more beats.",
       [](N n, V k, S& s, R r, E) {
         r.readDouble(n, k, L::kMinBeatSensitivity, L::kMaxBeatSensitivity,
                      s.audio.beatSensitivity);
       },
       [](const S& s) -> std::optional<std::string> { return num(s.audio.beatSensitivity); }});

  // [presets]
  f.push_back(
      {"presets", "folders",
       "Preset folders, searched recursively for .milk files, e.g. [\"~/presets\"].",
       [](N n, V k, S& s, R r, E e) { readPathList(n, k, s.presets.folders, r, e); },
       [](const S& s) -> std::optional<std::string> { return pathListText(s.presets.folders); }});
  f.push_back({"presets", "texture_folders", "Extra folders searched for the textures presets use.",
               [](N n, V k, S& s, R r, E e) { readPathList(n, k, s.presets.textureFolders, r, e); },
               [](const S& s) -> std::optional<std::string> {
                 return pathListText(s.presets.textureFolders);
               }});
  f.push_back(
      {"presets", "duration",
       "Seconds each preset plays before the next, " +
           range(L::kMinPresetSeconds, L::kMaxPresetSeconds) + ".",
       [](N n, V k, S& s, R r, E) {
         r.readDouble(n, k, L::kMinPresetSeconds, L::kMaxPresetSeconds, s.presets.durationSeconds);
       },
       [](const S& s) -> std::optional<std::string> { return num(s.presets.durationSeconds); }});
  f.push_back(
      {"presets", "transition",
       "Seconds of blending into the next preset, " + range(0.0, L::kMaxTransitionSeconds) +
           "; 0 = cut.",
       [](N n, V k, S& s, R r, E) {
         r.readDouble(n, k, 0.0, L::kMaxTransitionSeconds, s.presets.transitionSeconds);
       },
       [](const S& s) -> std::optional<std::string> { return num(s.presets.transitionSeconds); }});
  f.push_back(
      {"presets", "hard_cuts", "Cut to the next preset on strong beats (at most every 8 s).",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.presets.hardCuts); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.presets.hardCuts); }});
  f.push_back(
      {"presets", "shuffle", "Play presets in random order (true) or in name order (false).",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.presets.shuffle); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.presets.shuffle); }});
  f.push_back(
      {"presets", "retry_failed", "Offer presets that failed to load again later in the session.",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.presets.retryFailed); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.presets.retryFailed); }});
  f.push_back({"presets", "start_preset",
               "Preset to start with (file name or path); \"\" = the playlist's choice.",
               [](N n, V k, S& s, R r, E e) {
                 std::string text = s.presets.startPreset;
                 if (r.readString(n, k, text)) s.presets.startPreset = expandHome(text, e).string();
               },
               [](const S& s) -> std::optional<std::string> {
                 return formatTomlString(s.presets.startPreset);
               }});

  // [render]
  f.push_back({"render", "mesh",
               "Warp mesh [columns, rows]: columns " +
                   range(std::int64_t{L::kMinMeshX}, std::int64_t{L::kMaxMeshX}) + ", rows " +
                   range(std::int64_t{L::kMinMeshY}, std::int64_t{L::kMaxMeshY}) + ".",
               [](N n, V k, S& s, R r, E) { readMesh(n, k, s.render, r); },
               [](const S& s) -> std::optional<std::string> {
                 return "[" + num(std::int64_t{s.render.meshX}) + ", " +
                        num(std::int64_t{s.render.meshY}) + "]";
               }});
  f.push_back({"render", "fps_cap",
               "Frame rate limit, " +
                   range(std::int64_t{L::kMinFpsCap}, std::int64_t{L::kMaxFpsCap}) +
                   "; 0 = no limit besides vsync.",
               [](N n, V k, S& s, R r, E) {
                 if (const auto* i = n.as_integer(); i != nullptr && i->get() == 0)
                   s.render.fpsCap = 0;
                 else
                   r.readInt(n, k, L::kMinFpsCap, L::kMaxFpsCap, s.render.fpsCap);
               },
               [](const S& s) -> std::optional<std::string> {
                 return num(std::int64_t{s.render.fpsCap});
               }});

  // [overlay]
  f.push_back({"overlay", "show_preset_name", "Show the preset's name when it starts.",
               [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.overlay.showPresetName); },
               [](const S& s) -> std::optional<std::string> {
                 return boolText(s.overlay.showPresetName);
               }});
  f.push_back(
      {"overlay", "show_song_title",
       "Show the song title when it changes (where the audio source tells it).",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.overlay.showSongTitle); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.overlay.showSongTitle); }});
  f.push_back(
      {"overlay", "show_fps", "Show frames per second in a corner.",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.overlay.showFps); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.overlay.showFps); }});
  f.push_back({"overlay", "font",
               "Font file (.ttf, .otf) for all text; \"\" = the system's default sans font.",
               [](N n, V k, S& s, R r, E e) { readPath(n, k, s.overlay.font, r, e); },
               [](const S& s) -> std::optional<std::string> {
                 return formatTomlString(s.overlay.font.string());
               }});
  f.push_back({"overlay", "font_size",
               "Text size in pixels, " +
                   range(std::int64_t{L::kMinFontSize}, std::int64_t{L::kMaxFontSize}) + ".",
               [](N n, V k, S& s, R r, E) {
                 r.readInt(n, k, L::kMinFontSize, L::kMaxFontSize, s.overlay.fontSize);
               },
               [](const S& s) -> std::optional<std::string> {
                 return num(std::int64_t{s.overlay.fontSize});
               }});
  f.push_back(
      {"overlay", "toast_seconds",
       "Seconds a name or message stays on screen, " + range(0.0, L::kMaxToastSeconds) +
           "; 0 = never shown.",
       [](N n, V k, S& s, R r, E) {
         r.readDouble(n, k, 0.0, L::kMaxToastSeconds, s.overlay.toastSeconds);
       },
       [](const S& s) -> std::optional<std::string> { return num(s.overlay.toastSeconds); }});
  f.push_back(
      {"overlay", "help_on_start", "Show the key help when the player starts (F1 toggles it).",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.overlay.helpOnStart); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.overlay.helpOnStart); }});

  // [now_playing]
  f.push_back(
      {"now_playing", "mpris",
       "While capturing, show the title of what a media player plays (MPRIS, D-Bus) when the "
       "track changes.",
       [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.nowPlaying.mpris); },
       [](const S& s) -> std::optional<std::string> { return boolText(s.nowPlaying.mpris); }});
  f.push_back({"now_playing", "switch_preset",
               "Start the next preset when the media player's track changes.",
               [](N n, V k, S& s, R r, E) { r.readBool(n, k, s.nowPlaying.switchPreset); },
               [](const S& s) -> std::optional<std::string> {
                 return boolText(s.nowPlaying.switchPreset);
               }});

  // [keys]
  f.push_back(
      {"keys", "show_in_help",
       "Keys the help overlay lists: \"all\", or \"basic\" (the few a new user needs first).",
       [](N n, V k, S& s, R r, E) {
         readChoice<HelpKeys>(n, k, kHelpKeyChoices, s.keys.showInHelp, r);
       },
       [](const S& s) -> std::optional<std::string> {
         return formatTomlString(choiceName<HelpKeys>(kHelpKeyChoices, s.keys.showInHelp));
       }});
  return f;
}

const std::vector<Field>& fields() {
  static const std::vector<Field> kFields = makeFields();
  return kFields;
}

const Field* findField(std::string_view table, std::string_view key) {
  for (const auto& field : fields())
    if (field.table == table && field.key == key) return &field;
  return nullptr;
}

bool isKnownTable(std::string_view table) {
  return std::any_of(fields().begin(), fields().end(),
                     [&](const Field& field) { return field.table == table; });
}

std::string dotted(std::string_view table, std::string_view key) {
  return std::string(table) + "." + std::string(key);
}

// ---- syntax errors: skip the offending line and parse again ----

/// A file with more syntax errors than this is not worth rescuing line by line.
constexpr int kMaxSyntaxErrors = 100;

struct LineSpan {
  std::size_t begin = 0;
  std::size_t end = 0;  // excluding the '\n'
};

std::vector<LineSpan> splitLines(std::string_view text) {
  std::vector<LineSpan> lines;
  std::size_t begin = 0;
  while (true) {
    const std::size_t newline = text.find('\n', begin);
    if (newline == std::string_view::npos) {
      lines.push_back({begin, text.size()});
      return lines;
    }
    lines.push_back({begin, newline});
    begin = newline + 1;
  }
}

bool isBlank(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

/// Empties line `line` (1-based), or when that one is already blank or past the end (an
/// unterminated string or array reported where the text ran out), the nearest non-blank line
/// before it. Line numbers of the other lines stay as they were. False when nothing is left.
bool skipLine(std::string& text, std::size_t line) {
  const auto lines = splitLines(text);
  for (std::size_t l = std::min(std::max<std::size_t>(line, 1), lines.size()); l >= 1; --l) {
    const LineSpan span = lines[l - 1];
    if (!isBlank(std::string_view(text).substr(span.begin, span.end - span.begin))) {
      text.erase(span.begin, span.end - span.begin);
      return true;
    }
  }
  return false;
}

std::optional<toml::table> parseSkippingBadLines(std::string_view original, const std::string& file,
                                                 ConfigValueReader& reader) {
  std::string text(original);
  for (int attempt = 0; attempt <= kMaxSyntaxErrors; ++attempt) {
    if (const auto unsafe = detail::findUnsafeCharacter(text)) {
      if (attempt == kMaxSyntaxErrors) break;
      toml::source_region where;
      where.begin = {static_cast<toml::source_index>(unsafe->line),
                     static_cast<toml::source_index>(unsafe->column)};
      reader.report(IssueSeverity::Error, where,
                    "syntax error: unexpected " + unsafe->description +
                        " outside a string or comment; line skipped");
      if (!skipLine(text, static_cast<std::size_t>(unsafe->line))) return toml::table{};
      continue;
    }
    try {
      return toml::parse(text, file);
    } catch (const toml::parse_error& error) {
      if (attempt == kMaxSyntaxErrors) break;
      const auto& where = error.source();
      reader.report(IssueSeverity::Error, where,
                    "syntax error: " + std::string(error.description()) + "; line skipped");
      if (!skipLine(text, where.begin.line)) return toml::table{};
    }
  }
  reader.report(IssueSeverity::Error, toml::source_region{},
                "more than " + std::to_string(kMaxSyntaxErrors) +
                    " syntax errors; the whole file is ignored");
  return std::nullopt;
}

void applyTable(const toml::table& root, PlayerSettings& settings, ConfigValueReader& reader,
                const ConfigEnvironment& env) {
  for (const auto& [tableKey, tableNode] : root) {
    const std::string_view tableName = tableKey.str();
    const auto* table = tableNode.as_table();
    if (!isKnownTable(tableName)) {
      reader.report(IssueSeverity::Warning, tableKey.source(),
                    table != nullptr ? "unknown table [" + std::string(tableName) + "] ignored"
                                     : "unknown setting '" + std::string(tableName) +
                                           "' ignored (settings belong in a table such as "
                                           "[window])");
      continue;
    }
    if (table == nullptr) {
      reader.report(IssueSeverity::Error, tableKey.source(),
                    "'" + std::string(tableName) + "' must be a table ([" + std::string(tableName) +
                        "]), not " + std::string(detail::describeType(tableNode)) + "; ignored");
      continue;
    }
    for (const auto& [key, node] : *table) {
      const Field* field = findField(tableName, key.str());
      if (field == nullptr) {
        reader.report(IssueSeverity::Warning, key.source(),
                      "unknown setting '" + dotted(tableName, key.str()) + "' ignored");
        continue;
      }
      field->read(node, dotted(tableName, key.str()), settings, reader, env);
    }
  }
}

}  // namespace

std::string ConfigIssue::format() const {
  std::string text = file.empty() ? std::string("phosphene.toml") : file;
  if (line > 0) {
    text += ":" + std::to_string(line);
    if (column > 0) text += ":" + std::to_string(column);
  }
  text += severity == IssueSeverity::Warning ? ": warning: " : ": error: ";
  text += message;
  return text;
}

ConfigEnvironment ConfigEnvironment::fromProcess() {
  const auto get = [](const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr ? std::string(value) : std::string();
  };
  return {get("HOME"), get("XDG_CONFIG_HOME"), get("XDG_STATE_HOME")};
}

std::filesystem::path defaultConfigPath(const ConfigEnvironment& env) {
  const std::filesystem::path xdg(env.xdgConfigHome);
  if (!env.xdgConfigHome.empty() && xdg.is_absolute()) return xdg / "phosphene" / "phosphene.toml";
  if (!env.home.empty())
    return std::filesystem::path(env.home) / ".config/phosphene/phosphene.toml";
  return {};
}

std::filesystem::path expandHome(std::string_view path, const ConfigEnvironment& env) {
  if (env.home.empty() || path.empty() || path[0] != '~') return std::filesystem::path(path);
  if (path.size() == 1) return std::filesystem::path(env.home);
  if (path[1] != '/') return std::filesystem::path(path);  // ~user: not ours to resolve
  return std::filesystem::path(env.home) / path.substr(2);
}

PlayerSettings parseConfig(std::string_view text, std::string_view fileNameForMessages,
                           std::vector<ConfigIssue>& issues, const ConfigEnvironment& env) {
  PlayerSettings settings;
  const std::size_t first = issues.size();
  const std::string file(fileNameForMessages);
  ConfigValueReader reader(issues, file, true);
  if (const auto root = parseSkippingBadLines(text, file, reader))
    applyTable(*root, settings, reader, env);
  std::stable_sort(issues.begin() + static_cast<std::ptrdiff_t>(first), issues.end(),
                   [](const ConfigIssue& a, const ConfigIssue& b) {
                     return std::pair(a.line, a.column) < std::pair(b.line, b.column);
                   });
  return settings;
}

bool applyOverride(PlayerSettings& settings, std::string_view dottedKey, std::string_view value,
                   std::vector<ConfigIssue>& issues, const ConfigEnvironment& env) {
  const std::size_t before = issues.size();
  ConfigValueReader reader(issues, "--set", false);
  const std::size_t dot = dottedKey.find('.');
  const Field* field = dot == std::string_view::npos
                           ? nullptr
                           : findField(dottedKey.substr(0, dot), dottedKey.substr(dot + 1));
  if (field == nullptr) {
    reader.report(IssueSeverity::Error, {},
                  "unknown setting '" + std::string(dottedKey) +
                      "' (expected table.key as in phosphene.toml, e.g. window.width)");
    return false;
  }
  // The value on its own line of a scratch document; anything that does not come out as exactly
  // that one value (not TOML, or text that smuggles in more keys) is the plain string instead.
  // (Bare non-ASCII text is never a TOML value, and must not reach toml++: TomlUnicodeGuard.hpp.)
  toml::table scratch;
  const std::string document = "v = " + std::string(value);
  if (!detail::findUnsafeCharacter(document)) {
    try {
      scratch = toml::parse(std::string_view(document), std::string_view("--set"));
      if (scratch.size() != 1 || !scratch.contains("v")) scratch = toml::table{};
    } catch (const toml::parse_error&) {
      scratch = toml::table{};
    }
  }
  if (scratch.empty()) {
    if (const std::size_t bad = core::findInvalidUtf8(value); bad != std::string_view::npos) {
      reader.report(IssueSeverity::Error, {},
                    std::string(dottedKey) + ": the value is not valid UTF-8 (byte " +
                        std::to_string(bad + 1) + "); ignored");
      return false;
    }
    scratch.insert("v", std::string(value));
  }
  PlayerSettings candidate = settings;
  field->read(*scratch.get("v"), dotted(field->table, field->key), candidate, reader, env);
  if (issues.size() != before) return false;
  settings = std::move(candidate);
  return true;
}

std::string formatConfig(const PlayerSettings& settings) {
  static const PlayerSettings kDefaults;
  std::string out =
      "# phosphene play settings (TOML: https://toml.io).\n"
      "# Written once with every setting at its default; the player never rewrites this file\n"
      "# (the window's last size and position go to $XDG_STATE_HOME/phosphene/window.toml).\n"
      "# Delete a line to get its default back. A mistake is reported with its line, and the\n"
      "# rest of the file still applies. `phosphene play --set table.key=value` overrides any.\n";
  std::string_view table;
  for (const auto& field : fields()) {
    if (field.table != table) {
      table = field.table;
      out += "\n[";
      out += table;
      out += "]\n";
    }
    const auto defaultText = field.write(kDefaults);
    out += "# ";
    out += field.comment;
    out += " Default: ";
    out += defaultText ? *defaultText : std::string("unset");
    out += '\n';
    if (const auto valueText = field.write(settings)) {
      out += field.key;
      out += " = ";
      out += *valueText;
    } else {
      out += "# ";
      out += field.key;
      out += " = ";
      out += field.unsetExample;
    }
    out += '\n';
  }
  return out;
}

std::string writeDefaultConfig() {
  return formatConfig(PlayerSettings{});
}

ConfigLoad loadOrCreateConfig(const std::filesystem::path& path, const ConfigEnvironment& env) {
  ConfigLoad load;
  load.path = path;
  if (path.empty()) {
    load.issues.push_back(
        detail::fileIssue("phosphene.toml",
                          "no place for the configuration: neither XDG_CONFIG_HOME nor HOME is "
                          "set; using the defaults"));
    return load;
  }
  switch (detail::examineFile(path, load.issues)) {
    case detail::FileState::Missing:
      load.created = detail::writeTextFileAtomically(path, writeDefaultConfig(), load.issues);
      break;
    case detail::FileState::Unusable:
      break;
    case detail::FileState::Present:
      if (const auto text = detail::readTextFile(path, load.issues))
        load.settings = parseConfig(*text, path.string(), load.issues, env);
      break;
  }
  return load;
}

}  // namespace phosphene::play
