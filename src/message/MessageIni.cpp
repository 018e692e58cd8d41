// milk_msg.ini reading. Two steps, as the Win32 calls MD2 uses see the file: first the file
// becomes sections of key=value pairs (the first occurrence of a section and of a key in it is the
// one GetPrivateProfileString finds), then ReadCustomMessages's reads run on them with MD2's
// defaults and parsing rules.
#include "message/MessageIni.hpp"
#include "core/IniText.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace phosphene::message {
namespace {

// The number at the start of `s`, as from_chars reads it. libc++ before 17 (Emscripten 3.1's)
// has no floating-point from_chars: there strtof reads a NUL-terminated copy (Emscripten's
// locale is always "C", so the decimal point is '.'), with ERANGE as from_chars' out of range.
std::errc parseFloatPrefix(std::string_view s, float& value) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  return std::from_chars(s.data(), s.data() + s.size(), value).ec;
#else
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s.front())) || s.front() == '.' ||
                     s.front() == '-'))
    return std::errc::invalid_argument;
  const std::string copy(s);
  char* end = nullptr;
  errno = 0;
  const float v = std::strtof(copy.c_str(), &end);
  if (end == copy.c_str()) return std::errc::invalid_argument;
  if (errno == ERANGE) return std::errc::result_out_of_range;
  value = v;
  return std::errc();
#endif
}

constexpr const char* kSection = "milk_msg.ini";

struct Value {
  std::string text;
  int line = 0;
};

struct Section {
  std::map<std::string, Value> keys;  // lower-case key → first occurrence
};

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// Which MD2 section a name is: "fontNN" (0..15) or "messageNN" (0..99), as swprintf "%02d" spells
// them; the profile calls compare names without regard to case.
struct SectionId {
  bool font = false;
  int index = -1;
};
std::optional<SectionId> sectionId(const std::string& name) {
  const auto twoDigits = [](std::string_view s) -> int {
    if (s.size() != 2 || !std::isdigit(static_cast<unsigned char>(s[0])) ||
        !std::isdigit(static_cast<unsigned char>(s[1])))
      return -1;
    return (s[0] - '0') * 10 + (s[1] - '0');
  };
  const std::string_view n(name);
  if (n.starts_with("font")) {
    const int i = twoDigits(n.substr(4));
    if (i >= 0 && i < kMaxFonts) return SectionId{true, i};
  } else if (n.starts_with("message")) {
    const int i = twoDigits(n.substr(7));
    if (i >= 0 && i < kMaxMessages) return SectionId{false, i};
  }
  return std::nullopt;
}

// Cuts UTF-8 text to `maxChars` code points (MD2's fixed wchar_t buffers).
bool cutToChars(std::string& s, std::size_t maxChars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0u) == 0x80u) continue;  // continuation byte
    if (chars == maxChars) {
      s.resize(i);
      return true;
    }
    ++chars;
  }
  return false;
}

class Reader {
 public:
  Reader(const Section* section, core::Diagnostics& diags) : section_(section), diags_(diags) {}

  const Value* find(const char* key) const {
    if (section_ == nullptr) return nullptr;
    const auto it = section_->keys.find(key);
    return it == section_->keys.end() ? nullptr : &it->second;
  }

  // GetPrivateProfileString: the value, or the default when the key is absent.
  std::string string(const char* key, std::string fallback, std::size_t maxChars) const {
    const Value* v = find(key);
    if (v == nullptr) return fallback;
    std::string s = v->text;
    if (cutToChars(s, maxChars))
      diags_.push_back(core::makeDiagnostic(
          core::DiagnosticId::MessageTooLong,
          std::string(key) + " is longer than " + std::to_string(maxChars) + " characters; cut",
          kSection, v->line));
    return s;
  }

  // GetPrivateProfileInt: the default for an absent or empty value, else the leading decimal
  // integer (0 when there is none).
  int integer(const char* key, int fallback) const {
    const Value* v = find(key);
    if (v == nullptr || v->text.empty()) return fallback;
    std::string_view s = v->text;
    bool negative = false;
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
      negative = s.front() == '-';
      s.remove_prefix(1);
    }
    std::int64_t value = 0;
    std::size_t digits = 0;
    while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits]))) {
      value = std::min<std::int64_t>(value * 10 + (s[digits] - '0'), 0x7fffffff);
      ++digits;
    }
    if (digits == 0) {
      diags_.push_back(core::makeDiagnostic(
          core::DiagnosticId::MessageBadNumber,
          std::string(key) + " = '" + v->text + "' is not a whole number; MilkDrop reads 0",
          kSection, v->line));
      return 0;
    }
    return static_cast<int>(negative ? -value : value);
  }

  bool boolean(const char* key, bool fallback) const { return integer(key, fallback ? 1 : 0) != 0; }

  // MD2's GetPrivateProfileFloatW: swscanf "%f" of the value; the default when the value is
  // empty or does not start with a number. Phosphene also keeps the default for inf / nan, which
  // no message can be drawn with.
  float decimal(const char* key, float fallback) const {
    const Value* v = find(key);
    if (v == nullptr || v->text.empty()) return fallback;
    std::string_view s = v->text;
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    float value = 0.0f;
    if (parseFloatPrefix(s, value) != std::errc() || !std::isfinite(value)) {
      diags_.push_back(core::makeDiagnostic(
          core::DiagnosticId::MessageBadNumber,
          std::string(key) + " = '" + v->text + "' is not a number; the default is kept", kSection,
          v->line));
      return fallback;
    }
    return value;
  }

 private:
  const Section* section_;
  core::Diagnostics& diags_;
};

// The keys ReadCustomMessages reads, to flag the others.
bool knownKey(bool font, const std::string& key) {
  static constexpr const char* kFontKeys[] = {"face", "bold", "ital", "r", "g", "b"};
  static constexpr const char* kMessageKeys[] = {
      "text", "font", "size", "x",     "y",     "randx", "randy", "growth", "time", "fade",
      "r",    "g",    "b",    "randr", "randg", "randb", "face",  "bold",   "ital"};
  if (font)
    return std::find(std::begin(kFontKeys), std::end(kFontKeys), key) != std::end(kFontKeys);
  return std::find(std::begin(kMessageKeys), std::end(kMessageKeys), key) != std::end(kMessageKeys);
}

}  // namespace

int MessageSet::count() const {
  return static_cast<int>(std::count_if(messages.begin(), messages.end(),
                                        [](const CustomMessage& m) { return !m.text.empty(); }));
}

ParsedMessages parseMessageIni(std::string_view text) {
  ParsedMessages out;
  core::Diagnostics& diags = out.diagnostics;
  const auto report = [&](core::DiagnosticId id, std::string message, int line) {
    diags.push_back(core::makeDiagnostic(id, std::move(message), kSection, line));
  };

  // 1. Sections and keys. Index = fontNN → 0..15, messageNN → 16..115.
  std::array<std::optional<Section>, kMaxFonts + kMaxMessages> sections;
  Section* current = nullptr;  // null: before any section, or in one MD2 never reads
  bool inSection = false;
  int lineNo = 0;
  std::size_t pos = 0;
  if (text.starts_with("\xEF\xBB\xBF")) pos = 3;  // a UTF-8 byte order mark
  while (pos < text.size()) {
    std::size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(pos, end - pos);
    pos = end;
    if (pos < text.size() && text[pos] == '\r') ++pos;
    if (pos < text.size() && text[pos] == '\n') ++pos;
    ++lineNo;
    const std::string_view line = trim(raw);
    // Empty lines; ';' comments (Win32 profile files); '//' lines, which MD2's documentation and
    // its shipped milk_msg.ini use as comments.
    if (line.empty() || line.front() == ';' || line.starts_with("//")) continue;
    if (line.front() == '[') {
      const std::size_t close = line.find(']');
      if (close == std::string_view::npos) {
        report(core::DiagnosticId::MessageLineIgnored, "section header without ']'", lineNo);
        current = nullptr;
        inSection = true;
        continue;
      }
      const std::string name = core::lowerAscii(trim(line.substr(1, close - 1)));
      inSection = true;
      current = nullptr;
      const std::optional<SectionId> id = sectionId(name);
      if (!id) {
        report(core::DiagnosticId::MessageUnknownKey, "section [" + name + "] is not read", lineNo);
        continue;
      }
      auto& slot = sections[static_cast<std::size_t>(id->font ? id->index : kMaxFonts + id->index)];
      if (slot) {
        report(core::DiagnosticId::MessageDuplicate,
               "section [" + name + "] again; MilkDrop reads the first one", lineNo);
        continue;
      }
      slot.emplace();
      current = &*slot;
      continue;
    }
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      report(core::DiagnosticId::MessageLineIgnored, "line has no '=' and is ignored", lineNo);
      continue;
    }
    if (!inSection) {
      report(core::DiagnosticId::MessageLineIgnored, "key before any [section] is ignored", lineNo);
      continue;
    }
    if (current == nullptr) continue;  // a section already reported
    const std::string key = core::lowerAscii(trim(line.substr(0, eq)));
    const std::string value(core::unquoteIniValue(trim(line.substr(eq + 1))));
    if (!current->keys.emplace(key, Value{value, lineNo}).second)
      report(core::DiagnosticId::MessageDuplicate,
             "key '" + key + "' again; MilkDrop reads the first one", lineNo);
  }

  // 2. ReadCustomMessages's reads, with its defaults.
  for (int n = 0; n < kMaxFonts; ++n) {
    const auto& section = sections[static_cast<std::size_t>(n)];
    const Reader read(section ? &*section : nullptr, diags);
    MessageFont& f = out.set.fonts[static_cast<std::size_t>(n)];
    f.face = read.string("face", "arial", kMaxFaceChars);
    f.bold = read.boolean("bold", f.bold);
    f.italic = read.boolean("ital", f.italic);
    f.r = read.integer("r", f.r);
    f.g = read.integer("g", f.g);
    f.b = read.integer("b", f.b);
    if (section)
      for (const auto& [key, value] : section->keys)
        if (!knownKey(true, key))
          report(core::DiagnosticId::MessageUnknownKey, "key '" + key + "' is not read",
                 value.line);
  }
  for (int n = 0; n < kMaxMessages; ++n) {
    const auto& section = sections[static_cast<std::size_t>(kMaxFonts + n)];
    if (!section) continue;
    const Reader read(&*section, diags);
    CustomMessage& m = out.set.messages[static_cast<std::size_t>(n)];
    m.text = read.string("text", "", kMaxTextChars);
    for (const auto& [key, value] : section->keys)
      if (!knownKey(false, key))
        report(core::DiagnosticId::MessageUnknownKey, "key '" + key + "' is not read", value.line);
    if (m.text.empty()) continue;  // MD2 reads nothing else of a message without text
    m.font = read.integer("font", m.font);
    if (m.font < 0 || m.font >= kMaxFonts) {
      // MD2 would index past its font array; Phosphene uses font 0.
      report(core::DiagnosticId::MessageBadFont,
             "font " + std::to_string(m.font) + " is outside 0..15; font 0 is used",
             read.find("font")->line);
      m.font = 0;
    }
    m.size = read.decimal("size", m.size);
    m.x = read.decimal("x", m.x);
    m.y = read.decimal("y", m.y);
    m.randx = read.decimal("randx", m.randx);
    m.randy = read.decimal("randy", m.randy);
    m.growth = read.decimal("growth", m.growth);
    m.time = read.decimal("time", m.time);
    m.fade = read.decimal("fade", m.fade);
    m.randR = read.integer("randr", m.randR);
    m.randG = read.integer("randg", m.randG);
    m.randB = read.integer("randb", m.randB);
    // Overrides: MD2 reads r/g/b/bold/ital again with a default of -1, and a value of -1 (absent
    // or written) means "use the font's"; a non-empty face overrides the font's.
    const std::string face = read.string("face", "", kMaxFaceChars);
    if (!face.empty()) m.face = face;
    const auto overrideInt = [&](const char* key, std::optional<int>& slot) {
      const int v = read.integer(key, -1);
      if (v != -1) slot = v;
    };
    overrideInt("r", m.r);
    overrideInt("g", m.g);
    overrideInt("b", m.b);
    std::optional<int> bold, italic;
    overrideInt("bold", bold);
    overrideInt("ital", italic);
    if (bold) m.bold = *bold != 0;
    if (italic) m.italic = *italic != 0;
  }
  return out;
}

}  // namespace phosphene::message
