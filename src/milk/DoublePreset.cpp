#include "milk/DoublePreset.hpp"

#include <cstdlib>
#include <string>

#include "milk/PresetReader.hpp"

namespace phosphene::milk {
namespace {

using core::DiagnosticId;

constexpr std::string_view kMarkers[4] = {"[PRESET1_BEGIN]", "[PRESET1_END]", "[PRESET2_BEGIN]",
                                          "[PRESET2_END]"};

int lineAt(std::string_view text, std::size_t offset) {
  int line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// Structural problems have no ID of their own: they are reported as ignored lines raised to
// errors, since MilkDrop 3 ignores the whole file then (MDropDX12 ParseMilk2File returns false).
void structural(core::Diagnostics& out, std::string message, int line) {
  core::Diagnostic d = core::makeDiagnostic(DiagnosticId::MilkLineIgnored,
                                            ".milk2: " + std::move(message), "file", line);
  d.severity = core::Severity::Error;
  out.push_back(std::move(d));
}

// The value of `key=` on a header line (a line that starts with it), or nullopt.
std::optional<std::string_view> headerValue(std::string_view header, std::string_view key) {
  std::size_t pos = 0;
  while (pos < header.size()) {
    const std::size_t end = header.find_first_of("\r\n", pos);
    const std::string_view line =
        header.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == '=')
      return line.substr(key.size() + 1);
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  return std::nullopt;
}

float toFloat(std::string_view v) {
  return std::strtof(std::string(v).c_str(), nullptr);
}

// One half, from after its BEGIN line to its END marker, read as a preset; diagnostics move to
// the whole file's lines.
Preset readHalf(std::string_view bytes, std::size_t begin, std::size_t end, const char* section,
                core::Diagnostics& out) {
  const int firstLine = lineAt(bytes, begin);
  core::Diagnostics local;
  Preset p = parsePreset(bytes.substr(begin, end - begin), local);
  for (core::Diagnostic& d : local) {
    if (d.line > 0) d.line += firstLine - 1;
    const bool beyondSixteen =
        d.id == DiagnosticId::MilkUnknownKey && (d.message.find("code_16_") != std::string::npos ||
                                                 d.message.find("'wave_16_") != std::string::npos ||
                                                 d.message.find("'shape_16_") != std::string::npos);
    if (beyondSixteen) {
      d.severity = core::Severity::Warning;
      d.message += " (MilkDrop 3 has 16 custom waves and 16 custom shapes, 0..15)";
    }
    d.section = section;
    out.push_back(std::move(d));
  }
  return p;
}

}  // namespace

bool isDoublePresetText(std::string_view bytes) {
  return bytes.find(kMarkers[0]) != std::string_view::npos;
}

std::optional<DoublePreset> parseDoublePreset(std::string_view bytes, core::Diagnostics& out) {
  // Each marker exactly once, in order: BEGIN1 < END1 < BEGIN2 < END2.
  std::size_t at[4];
  bool ok = true;
  for (int m = 0; m < 4; ++m) {
    at[m] = bytes.find(kMarkers[m]);
    if (at[m] == std::string_view::npos) {
      structural(out,
                 std::string(kMarkers[m]) + " is missing" +
                     (m >= 2 ? ": the second preset is missing" : ": the first preset is missing"),
                 0);
      ok = false;
      continue;
    }
    const std::size_t again = bytes.find(kMarkers[m], at[m] + 1);
    if (again != std::string_view::npos) {
      structural(out, std::string(kMarkers[m]) + " appears again (nested or repeated halves)",
                 lineAt(bytes, again));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  for (int m = 1; m < 4; ++m) {
    if (at[m] < at[m - 1]) {
      structural(out,
                 std::string(kMarkers[m]) + " comes before " + std::string(kMarkers[m - 1]) +
                     " (halves must be [PRESET1_BEGIN] .. [PRESET1_END] [PRESET2_BEGIN] .. "
                     "[PRESET2_END])",
                 lineAt(bytes, at[m]));
      return std::nullopt;
    }
  }

  DoublePreset d;
  const std::string_view header = bytes.substr(0, at[0]);
  if (auto v = headerValue(header, "blending_pattern")) d.blendingPattern = std::string(*v);
  if (auto v = headerValue(header, "blending_progress")) d.blendingProgress = toFloat(*v);
  if (auto v = headerValue(header, "blending_direction"))
    d.blendingDirection = std::atoi(std::string(*v).c_str());
  for (int i = 0; i < 5; ++i) {
    if (auto v = headerValue(header, "random_" + std::to_string(i + 1))) {
      d.random[static_cast<std::size_t>(i)] = toFloat(*v);
      d.hasRandom = true;
    }
  }

  const auto halfStart = [&](int m) {
    std::size_t s = bytes.find_first_of("\r\n", at[m] + kMarkers[m].size());
    return s == std::string_view::npos ? bytes.size() : s;
  };
  const std::size_t b1 = halfStart(0), b2 = halfStart(2);
  const auto empty = [&](std::size_t b, std::size_t e) {
    return !hasKeyValueLine(bytes.substr(b, e > b ? e - b : 0));
  };
  bool halves = true;
  if (b1 >= at[1] || empty(b1, at[1])) {
    structural(out, "the first preset (between [PRESET1_BEGIN] and [PRESET1_END]) is empty",
               lineAt(bytes, at[0]));
    halves = false;
  }
  if (b2 >= at[3] || empty(b2, at[3])) {
    structural(out, "the second preset (between [PRESET2_BEGIN] and [PRESET2_END]) is empty",
               lineAt(bytes, at[2]));
    halves = false;
  }
  if (!halves) return std::nullopt;
  d.first = readHalf(bytes, b1, at[1], "preset1", out);
  d.second = readHalf(bytes, b2, at[3], "preset2", out);
  return d;
}

}  // namespace phosphene::milk
