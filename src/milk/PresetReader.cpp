#include "milk/PresetReader.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "milk/KeyIndex.hpp"
#include "milk/KeyTable.hpp"
#include "milk/NumberScan.hpp"

namespace phosphene::milk {
namespace {

using core::DiagnosticId;

constexpr std::string_view kMissingMarker = "~!@#$";  // ReadCode's GetFastString default
constexpr std::size_t kBigStringLen = 32768;          // MAX_BIGSTRING_LEN (state.h)

/// A value as it can be shown in a message: control and high bytes escaped, long text cut.
std::string printable(std::string_view s, std::size_t max = 40) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (s.size() > max) out += "...";
  return out;
}

std::string formatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

bool isCanonicalPositive(std::string_view digits) {
  if (digits.empty() || digits.size() > 9 || digits[0] == '0') return false;
  for (char c : digits)
    if (c < '0' || c > '9') return false;
  return true;
}

class Reader {
 public:
  Reader(std::string_view bytes, core::Diagnostics& diags) : index_(bytes), diags_(diags) {}

  Preset run() {
    Preset p;
    readVersions(p);
    for (const auto& f : generalAndWaveFields()) readPresetField(f, p);
    // Slots 0..3 are read as MD2 reads them; MilkDrop 3's slots 4..15 only when the file has a
    // key for them, so an MD2 file costs no extra lookups (absent keys leave defaults anyway).
    const SlotsInFile md3 = md3SlotsInFile();
    for (int k = 0; k < kMaxCustomWaves; ++k)
      if (k < kMd2CustomWaves || md3.waves[static_cast<std::size_t>(k)])
        readWave(k, p.waves[static_cast<std::size_t>(k)]);
    for (int k = 0; k < kMaxCustomShapes; ++k)
      if (k < kMd2CustomShapes || md3.shapes[static_cast<std::size_t>(k)])
        readShape(k, p.shapes[static_cast<std::size_t>(k)]);
    for (const auto& f : motionFields()) readPresetField(f, p);
    readCode("per_frame_init_", p.perFrameInit);
    readCode("per_frame_", p.perFrame);
    readCode("per_pixel_", p.perPixel);
    readCode("warp_", p.warpShader);
    readCode("comp_", p.compShader);
    reportFileLevel(p);
    return p;
  }

 private:
  struct SlotsInFile {
    std::array<bool, kMaxCustomWaves> waves{};
    std::array<bool, kMaxCustomShapes> shapes{};
  };

  // Which wave/shape slots above MD2's four some key of the file names (`wavecode_7_enabled`,
  // `wave_7_per_point3`, `shapecode_12_sides`, `shape_12_init1`, ...).
  SlotsInFile md3SlotsInFile() const {
    SlotsInFile found;
    const auto slotAfter = [](std::string_view key, std::string_view prefix) -> int {
      if (key.substr(0, prefix.size()) != prefix) return -1;
      key.remove_prefix(prefix.size());
      int n = 0;
      std::size_t digits = 0;
      while (digits < key.size() && digits < 2 && key[digits] >= '0' && key[digits] <= '9')
        n = n * 10 + (key[digits++] - '0');
      if (digits == 0 || digits == key.size() || key[digits] != '_') return -1;
      return n;
    };
    for (const KeyEntry& e : index_.entries()) {
      const std::string_view key = e.key;
      if (key.empty() || (key[0] != 'w' && key[0] != 's')) continue;
      for (const std::string_view prefix : {"wavecode_", "wave_"}) {
        const int k = slotAfter(key, prefix);
        if (k >= kMd2CustomWaves && k < kMaxCustomWaves)
          found.waves[static_cast<std::size_t>(k)] = true;
      }
      for (const std::string_view prefix : {"shapecode_", "shape_"}) {
        const int k = slotAfter(key, prefix);
        if (k >= kMd2CustomShapes && k < kMaxCustomShapes)
          found.shapes[static_cast<std::size_t>(k)] = true;
      }
    }
    return found;
  }

  void report(DiagnosticId id, int line, std::string message) {
    diags_.push_back(core::makeDiagnostic(id, std::move(message), "file", line));
  }

  std::optional<KeyValue> lookup(std::string_view key, std::size_t maxChars) {
    auto kv = index_.lookup(key, maxChars);
    if (!kv) {
      lookedUp_.emplace(std::string(key), 0);
      return kv;
    }
    const int line = kv->entry->line;
    lookedUp_[std::string(key)] = line;
    if (kv->entry->continuation)
      report(DiagnosticId::MilkKeyInLongLine, line,
             "'" + printable(key) +
                 "' starts inside a line longer than 251 bytes; MilkDrop reads it as a key");
    if (kv->hadNul)
      report(DiagnosticId::MilkNulByte, line,
             "NUL byte cuts the value of '" + printable(key) + "'");
    if (kv->endedAtFF)
      report(
          DiagnosticId::MilkStoppedAtFF, line,
          "the value of '" + printable(key) + "' ends at a 0xFF byte (MilkDrop reads it as EOF)");
    if (kv->truncated)
      report(DiagnosticId::MilkValueTruncated, line,
             "value of '" + printable(key) + "' is longer than the " + std::to_string(maxChars) +
                 " characters MilkDrop reads; the rest is dropped");
    return kv;
  }

  int readInt(std::string_view key, int def) {
    auto kv = lookup(key, KeyIndex::kNumberChars);
    if (!kv) return def;
    const int line = kv->entry->line;
    const IntScan s = scanInt(kv->value);
    switch (s.status) {
      case ScanStatus::NotANumber:
        report(DiagnosticId::MilkBadNumber, line,
               std::string(key) + "=" + printable(kv->value) +
                   " is not an integer; MilkDrop keeps the default " + std::to_string(def));
        return def;
      case ScanStatus::OutOfRange:
        report(DiagnosticId::MilkNumberOutOfRange, line,
               std::string(key) + "=" + printable(kv->value) +
                   " does not fit an int; the default " + std::to_string(def) + " is kept");
        return def;
      case ScanStatus::TrailingText:
        reportIntTail(key, kv->value, s, line);
        return s.value;
      case ScanStatus::Ok:
        return s.value;
    }
    return def;
  }

  // "1.000" for an int key is normal in real presets (MD2 reads the 1); a real fraction is not.
  void reportIntTail(std::string_view key, std::string_view value, const IntScan& s, int line) {
    std::string_view rest = s.rest;
    if (!rest.empty() && rest[0] == '.') {
      const FloatScan f = scanFloat(value);
      if (f.status == ScanStatus::Ok || f.status == ScanStatus::TrailingText) {
        if (f.value != static_cast<float>(s.value))
          report(DiagnosticId::MilkFractionDropped, line,
                 std::string(key) + "=" + printable(value) + " is read as " +
                     std::to_string(s.value) + " (MilkDrop reads integers with %d)");
        else if (f.status == ScanStatus::TrailingText)
          report(DiagnosticId::MilkTrailingText, line,
                 std::string(key) + ": text '" + printable(f.rest) + "' after the number ignored");
        return;
      }
    }
    report(DiagnosticId::MilkTrailingText, line,
           std::string(key) + ": text '" + printable(rest) + "' after the number ignored");
  }

  float readFloat(std::string_view key, float def) {
    auto kv = lookup(key, KeyIndex::kNumberChars);
    if (!kv) return def;
    const int line = kv->entry->line;
    const FloatScan s = scanFloat(kv->value);
    switch (s.status) {
      case ScanStatus::NotANumber:
        report(DiagnosticId::MilkBadNumber, line,
               std::string(key) + "=" + printable(kv->value) +
                   " is not a number; MilkDrop keeps the default " + formatNumber(def));
        return def;
      case ScanStatus::OutOfRange:
        report(DiagnosticId::MilkNumberOutOfRange, line,
               std::string(key) + "=" + printable(kv->value) +
                   " is out of float range; the default " + formatNumber(def) + " is kept");
        return def;
      case ScanStatus::TrailingText:
        report(DiagnosticId::MilkTrailingText, line,
               std::string(key) + ": text '" + printable(s.rest) + "' after the number ignored");
        return s.value;
      case ScanStatus::Ok:
        return s.value;
    }
    return def;
  }

  template <typename Owner>
  void readField(const Field<Owner>& f, Owner& owner, std::string_view key) {
    switch (f.type) {
      case ValueType::Float:
        owner.*f.f = readFloat(key, owner.*f.f);
        break;
      case ValueType::Int:
        owner.*f.i = readInt(key, owner.*f.i);
        break;
      case ValueType::Bool:
        owner.*f.b = readInt(key, (owner.*f.b) ? 1 : 0) != 0;
        break;
    }
  }

  void readPresetField(const PresetField& f, Preset& p) {
    if (f.quirk == ReadQuirk::DefaultIsRot) {
      // state.cpp Import: GetFastFloat("wave_r", m_fRot.eval(-1), f) and likewise g, b, x, y.
      p.*f.f = readFloat(f.key, p.rot);
      return;
    }
    if (f.quirk == ReadQuirk::MotionVectorsOn)
      p.mvA = readInt("bMotionVectorsOn", 0) == 0 ? 0.0f : 1.0f;
    readField(f, p, f.key);
  }

  void readVersions(Preset& p) {
    p.version = readInt("MILKDROP_PRESET_VERSION", 100);
    if (p.version < 200) {
      p.warpPsVersion = p.compPsVersion = kPsNone;
    } else if (p.version == 200) {
      p.warpPsVersion = p.compPsVersion = readInt("PSVERSION", 2);
      checkPsVersion("PSVERSION", p.warpPsVersion);
    } else {
      p.warpPsVersion = readInt("PSVERSION_WARP", 2);
      p.compPsVersion = readInt("PSVERSION_COMP", 2);
      checkPsVersion("PSVERSION_WARP", p.warpPsVersion);
      checkPsVersion("PSVERSION_COMP", p.compPsVersion);
    }
  }

  void checkPsVersion(const std::string& key, int v) {
    if (v == kPsNone || v == kPs2_0 || v == kPs2_x || v == kPs3_0) return;
    report(DiagnosticId::MilkBadPsVersion, lookedUp_[key],
           key + "=" + std::to_string(v) +
               " is not a pixel shader model MilkDrop 2 runs (0, 2, 3 or 4)");
  }

  void readWave(int k, CustomWave& w) {
    const std::string base = "wavecode_" + std::to_string(k) + "_";
    for (const auto& f : waveFields()) readField(f, w, base + std::string(f.key));
    const std::string code = "wave_" + std::to_string(k) + "_";
    readCode(code + "init", w.init);
    readCode(code + "per_frame", w.perFrame);
    readCode(code + "per_point", w.perPoint);
  }

  void readShape(int k, CustomShape& s) {
    const std::string base = "shapecode_" + std::to_string(k) + "_";
    for (const auto& f : shapeFields()) readField(f, s, base + std::string(f.key));
    const std::string code = "shape_" + std::to_string(k) + "_";
    readCode(code + "init", s.init);
    readCode(code + "per_frame", s.perFrame);
  }

  void readCode(const std::string& prefix, CodeBlock& block) {
    std::size_t charPos = 0;
    bool cut = false;
    for (int n = 1;; ++n) {
      const std::string name = prefix + std::to_string(n);
      auto kv = lookup(name, KeyIndex::kCodeLineChars);
      if (!kv) break;
      const int line = kv->entry->line;
      if (kv->value == kMissingMarker) {
        report(DiagnosticId::MilkCodeLineOrphaned, line,
               name + "=" + std::string(kMissingMarker) +
                   " is MilkDrop's marker for a missing line; the block ends before it");
        cut = true;
        break;
      }
      const std::size_t len = kv->value.size();
      // ReadCode: stop when len >= MAX_BIGSTRING_LEN - 1 - char_pos - 1 (len counts the backtick).
      if (len + charPos + 2 >= kBigStringLen) {
        report(DiagnosticId::MilkCodeTruncated, line,
               prefix + ": line " + std::to_string(n) + " does not fit MilkDrop's " +
                   std::to_string(kBigStringLen) +
                   "-byte block; it and the lines after it are dropped");
        cut = true;
        break;
      }
      const std::size_t tick = kv->value.starts_with('`') ? 1 : 0;
      charPos += len - tick + 1;
      block.lines.push_back({kv->value.substr(tick), line});
    }
    blocks_.push_back({prefix, block.lines.size(), cut});
  }

  struct BlockRead {
    std::string prefix;
    std::size_t count;
    bool cut;  // ended by the size limit or the marker, not by a missing number
  };

  // Which block a key like "per_frame_12" numbers a line of, if any.
  const BlockRead* blockOfCodeKey(std::string_view key) const {
    if (key.empty() || key.back() < '0' || key.back() > '9') return nullptr;
    for (const auto& b : blocks_) {
      const auto& prefix = b.prefix;
      if (key.size() <= prefix.size() || key.substr(0, prefix.size()) != prefix) continue;
      const std::string_view digits = key.substr(prefix.size());
      if (isCanonicalPositive(digits)) return &b;
    }
    return nullptr;
  }

  void reportFileLevel(const Preset& p) {
    if (index_.stoppedAtLine() > 0)
      report(DiagnosticId::MilkStoppedAtFF, index_.stoppedAtLine(),
             "byte 0xFF where a key should start: MilkDrop stops reading the file here");
    for (int line : index_.nulKeyLines())
      report(DiagnosticId::MilkNulByte, line, "NUL byte cuts a key short");

    bool header = false;
    for (const auto& bare : index_.bareLines()) {
      if (!bare.text.empty() && bare.text[0] == '[') {
        header = header || bare.text.substr(0, 7) == "[preset";
        continue;
      }
      bool blank = true;
      for (char c : bare.text) blank = blank && (c == ' ' || c == '\t' || c == '\f' || c == '\v');
      if (!blank)
        report(DiagnosticId::MilkLineIgnored, bare.line,
               "'" + printable(bare.text) + "' has no '=' or space; MilkDrop ignores the line");
    }

    std::set<std::string> orphanReported;
    for (const auto& e : index_.entries()) {
      if (!e.key.empty() && e.key.compare(0, 7, "[preset") == 0) header = true;
      if (e.used || e.continuation) continue;
      const std::string& key = e.key;
      if (key.empty()) {
        report(DiagnosticId::MilkLineIgnored, e.line,
               "line starts with '=' or a space: MilkDrop reads an empty key and ignores it");
        continue;
      }
      if (key[0] == '[') continue;  // "[preset00] " with a trailing space
      if (const auto it = lookedUp_.find(key); it != lookedUp_.end()) {
        report(DiagnosticId::MilkDuplicateKey, e.line,
               "duplicate key '" + printable(key) + "': MilkDrop reads the one on line " +
                   std::to_string(it->second));
        continue;
      }
      if (const auto* block = blockOfCodeKey(key)) {
        if (!block->cut && orphanReported.insert(block->prefix).second)
          report(DiagnosticId::MilkCodeLineOrphaned, e.line,
                 printable(key) + " is not read: " + block->prefix +
                     std::to_string(block->count + 1) +
                     " is missing and MilkDrop stops the block there");
        continue;
      }
      if (key == "PSVERSION" || key == "PSVERSION_WARP" || key == "PSVERSION_COMP") {
        if (!(key == "PSVERSION" && p.version > 200))
          report(DiagnosticId::MilkKeyNotForVersion, e.line,
                 key + " is not read when MILKDROP_PRESET_VERSION is " + std::to_string(p.version));
        continue;
      }
      if (isIgnoredLegacyKey(key)) {
        report(DiagnosticId::MilkLegacyKey, e.line,
               key + " is a MilkDrop 1 key; MilkDrop 2 ignores it");
        continue;
      }
      const std::string_view fileKey = fileKeyForVariable(key);
      report(DiagnosticId::MilkUnknownKey, e.line,
             "unknown key '" + printable(key) + "' ignored" +
                 (fileKey.empty()
                      ? std::string()
                      : " (an equation variable; the file key is " + std::string(fileKey) + ")"));
    }
    if (!header)
      report(DiagnosticId::MilkNoHeader, 0, "no [preset00] header (MilkDrop 2 does not need one)");
  }

  KeyIndex index_;
  core::Diagnostics& diags_;
  std::unordered_map<std::string, int> lookedUp_;  // key -> line read (0: absent)
  std::vector<BlockRead> blocks_;
};

}  // namespace

Preset parsePreset(std::string_view bytes, core::Diagnostics& diagnostics) {
  core::Diagnostics found;
  Preset p = Reader(bytes, found).run();
  // Lookup order is MD2's, not the file's; people read reports top to bottom.
  std::stable_sort(
      found.begin(), found.end(),
      [](const core::Diagnostic& a, const core::Diagnostic& b) { return a.line < b.line; });
  diagnostics.insert(diagnostics.end(), std::make_move_iterator(found.begin()),
                     std::make_move_iterator(found.end()));
  return p;
}

bool hasKeyValueLine(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    const std::size_t eq = line.find('=');
    if (eq != std::string_view::npos && eq > 0 && line.find_first_not_of(" \t") < eq) return true;
    start = end + 1;
  }
  return false;
}

core::Expected<std::string> readPresetBytes(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return core::makeDiagnostic(core::DiagnosticId::IoOpenFailed,
                                "cannot open '" + path.string() + "'", "file");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return core::makeDiagnostic(core::DiagnosticId::IoOpenFailed,
                                "cannot open '" + path.string() + "'", "file");
  std::string bytes;
  std::array<char, 65536> buffer;
  while (in.read(buffer.data(), buffer.size()) || in.gcount() > 0) {
    bytes.append(buffer.data(), static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > kMaxPresetFileBytes)
      return core::makeDiagnostic(
          core::DiagnosticId::MilkFileTooLarge,
          "'" + path.string() + "' is larger than " + std::to_string(kMaxPresetFileBytes) +
              " bytes; presets are limited to " + std::to_string(kMaxPresetFileBytes),
          "file");
  }
  if (in.bad())
    return core::makeDiagnostic(core::DiagnosticId::IoReadFailed,
                                "cannot read '" + path.string() + "'", "file");
  return bytes;
}

core::Expected<Preset> parsePresetText(std::string_view text, std::string_view name) {
  if (!hasKeyValueLine(text))
    return core::makeDiagnostic(core::DiagnosticId::PresetNotAPreset,
                                std::string(name) + ": no key=value line", "file");
  core::Diagnostics diags;
  core::Expected<Preset> out(parsePreset(text, diags));
  out.diagnostics() = std::move(diags);
  return out;
}

core::Expected<Preset> readPresetFile(const std::filesystem::path& path) {
  core::Expected<std::string> bytes = readPresetBytes(path);
  if (!bytes) return std::move(bytes.diagnostics());
  return parsePresetText(*bytes, path.filename().string());
}

}  // namespace phosphene::milk
