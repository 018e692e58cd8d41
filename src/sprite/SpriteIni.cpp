// milk_img.ini as the Windows profile functions MD2 calls read it (plugin.cpp LaunchSprite:
// GetPrivateProfileString / GetPrivateProfileInt): section and key names are case-insensitive,
// blanks around names and values are dropped, a value in matching quotes loses them, the first
// occurrence of a section or key is the one read, `;` starts a comment line.
#include "sprite/SpriteIni.hpp"
#include "core/IniText.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>

namespace phosphene::sprite {
namespace {

constexpr std::string_view kSection = "milk_img.ini";

std::string_view trim(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

/// N of "init_N" / "code_N" (N >= 1, digits only); nothing for other keys.
std::optional<int> lineNumber(std::string_view key, std::string_view prefix) {
  if (key.size() <= prefix.size() || key.substr(0, prefix.size()) != prefix) return std::nullopt;
  const std::string_view digits = key.substr(prefix.size());
  int n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n < 1) return std::nullopt;
  return n;
}

/// The sprite number a section name stands for, when LaunchSprite's "img%02d" prints exactly it.
std::optional<int> sectionNumber(std::string_view name) {
  const std::string key = core::lowerAscii(name);
  if (key.size() < 5 || key.size() > 12 || key.compare(0, 3, "img") != 0) return std::nullopt;
  int n = 0;
  const char* first = key.data() + 3;
  const char* last = key.data() + key.size();
  const auto [end, ec] = std::from_chars(first, last, n);
  if (ec != std::errc() || end != last || n < 0) return std::nullopt;
  char printed[24];
  std::snprintf(printed, sizeof printed, "img%02d", n);
  if (key != printed) return std::nullopt;
  return n;
}

/// The keys of one section, first occurrence kept, with their ini lines.
struct Entry {
  std::string value;
  int line = 0;
};
using Section = std::map<std::string, Entry>;

/// init_1..N or code_1..N: MD2 reads them in order until one is missing, and stops once the text
/// (each line plus its separator) would reach its 8 KiB buffer (LaunchSprite, `len >=
/// 8191-char_pos-1`).
milk::CodeBlock codeBlock(const Section& section, std::string_view prefix,
                          core::Diagnostics& diagnostics) {
  milk::CodeBlock block;
  std::size_t charPos = 0;
  int n = 1;
  for (;; ++n) {
    const auto it = section.find(std::string(prefix) + std::to_string(n));
    if (it == section.end()) break;
    const std::size_t len = it->second.value.size();
    if (len + charPos + 1 >= 8191) break;
    block.lines.push_back({it->second.value, it->second.line});
    charPos += len + 1;
  }
  for (const auto& [key, entry] : section)
    if (const std::optional<int> k = lineNumber(key, prefix); k && *k > n)
      diagnostics.push_back(core::makeDiagnostic(
          core::DiagnosticId::SpriteCodeOrphaned,
          "'" + key + "' is not read: " + std::string(prefix) + std::to_string(n) + " is missing",
          std::string(kSection), entry.line));
  return block;
}

/// Lines of `text` as sections of keys; `bodyOnly`: the text is one section without a header.
std::vector<std::pair<std::pair<std::string, int>, Section>> readSections(
    std::string_view text, bool bodyOnly, core::Diagnostics& diagnostics) {
  std::vector<std::pair<std::pair<std::string, int>, Section>> sections;
  if (bodyOnly) sections.push_back({{"", 0}, {}});
  std::vector<std::string> seen;
  bool skipping = false;    // inside a repeated section: the first one is the one read
  bool unreadable = false;  // after a header without ']': its lines belong to no section read
  int lineNo = 0;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    const std::string_view raw = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    ++lineNo;
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == ';') continue;
    if (line.front() == '[' && !bodyOnly) {
      const std::size_t close = line.find(']');
      // As milk_msg.ini's reader: a header cut short names no section, and its keys are not
      // read, rather than guessing where the name ends (a sprite a VJ launches then reports
      // "not defined" instead of running another section's code).
      unreadable = close == line.npos;
      if (unreadable) {
        diagnostics.push_back(core::makeDiagnostic(
            core::DiagnosticId::SpriteLineIgnored,
            "section header without ']'; its keys are not read", std::string(kSection), lineNo));
        continue;
      }
      const std::string name = core::lowerAscii(trim(line.substr(1, close - 1)));
      skipping = std::find(seen.begin(), seen.end(), name) != seen.end();
      if (!skipping) {
        seen.push_back(name);
        sections.push_back({{name, lineNo}, {}});
      }
      continue;
    }
    if (unreadable) continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos || sections.empty()) {
      diagnostics.push_back(core::makeDiagnostic(
          core::DiagnosticId::SpriteLineIgnored,
          sections.empty() ? "line before any [section]" : "line has no key=value",
          std::string(kSection), lineNo));
      continue;
    }
    if (skipping) continue;
    const std::string key = core::lowerAscii(trim(line.substr(0, eq)));
    if (key.empty()) continue;
    sections.back().second.emplace(
        key, Entry{std::string(core::unquoteIniValue(trim(line.substr(eq + 1)))), lineNo});
  }
  return sections;
}

SpriteDefinition definitionOf(const Section& section, int number, int line,
                              core::Diagnostics& diagnostics) {
  SpriteDefinition d;
  d.number = number;
  d.line = line;
  if (const auto it = section.find("img"); it != section.end()) d.image = it->second.value;
  // MD2 reads colorkey_lo first (for backwards compatibility), then colorkey with that as its
  // default; a key missing keeps the default, 0 (black).
  if (const auto it = section.find("colorkey_lo"); it != section.end())
    d.colorKey = parseIniInt(it->second.value);
  if (const auto it = section.find("colorkey"); it != section.end())
    d.colorKey = parseIniInt(it->second.value);
  d.init = codeBlock(section, "init_", diagnostics);
  d.code = codeBlock(section, "code_", diagnostics);
  return d;
}

}  // namespace

std::uint32_t parseIniInt(std::string_view value) {
  std::string_view v = trim(value);
  bool negative = false;
  if (!v.empty() && (v.front() == '-' || v.front() == '+')) {
    negative = v.front() == '-';
    v.remove_prefix(1);
  }
  int base = 10;
  if (v.size() >= 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
    base = 16;
    v.remove_prefix(2);
  }
  std::uint32_t n = 0;
  for (const char c : v) {
    int digit = -1;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    if (digit < 0) break;
    n = n * static_cast<std::uint32_t>(base) + static_cast<std::uint32_t>(digit);
  }
  return negative ? 0u - n : n;
}

const SpriteDefinition* SpriteIni::find(int number) const {
  const auto it = sprites.find(number);
  return it == sprites.end() ? nullptr : &it->second;
}

SpriteIni parseSpriteIni(std::string_view text) {
  SpriteIni ini;
  for (const auto& [header, section] : readSections(text, false, ini.diagnostics)) {
    const std::optional<int> number = sectionNumber(header.first);
    if (!number) {
      ini.diagnostics.push_back(core::makeDiagnostic(core::DiagnosticId::SpriteSectionIgnored,
                                                     "[" + header.first + "] is not a sprite",
                                                     std::string(kSection), header.second));
      continue;
    }
    ini.sprites.emplace(*number, definitionOf(section, *number, header.second, ini.diagnostics));
  }
  return ini;
}

core::Expected<SpriteDefinition> parseSpriteBody(std::string_view text) {
  core::Diagnostics diagnostics;
  auto sections = readSections(text, true, diagnostics);
  SpriteDefinition d = definitionOf(sections.front().second, -1, 0, diagnostics);
  if (d.image.empty()) {
    diagnostics.push_back(core::makeDiagnostic(core::DiagnosticId::SpriteNotDefined,
                                               "sprite code has no img= value", "sprite"));
    return diagnostics;
  }
  core::Expected<SpriteDefinition> out(std::move(d));
  out.diagnostics() = std::move(diagnostics);
  return out;
}

}  // namespace phosphene::sprite
