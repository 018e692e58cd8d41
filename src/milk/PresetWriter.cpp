#include "milk/PresetWriter.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "milk/KeyTable.hpp"

namespace phosphene::milk {
namespace {

// The shortest text that reads back as the same float. libc++ before 17 (Emscripten 3.1's) has
// no floating-point to_chars: there the fewest %g digits (1..9) that round-trip.
std::string shortestFloat(float v) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, static_cast<std::size_t>(r.ptr - buf));
#else
  char buf[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v) break;
  }
  return buf;
#endif
}

class Writer {
 public:
  Writer(const WriteOptions& options, core::Diagnostics* diags)
      : eol_(options.crlf ? "\r\n" : "\n"), diags_(diags) {}

  std::string run(const Preset& p) {
    writeVersions(p);
    line("[preset00]");
    for (const auto& f : generalAndWaveFields()) field(f.key, f, p);
    for (const auto& f : motionFields()) field(f.key, f, p);
    // MD2's four slots always (MD2's own layout); MilkDrop 3's further slots up to the last one
    // in use, so an MD2 preset is written exactly as before.
    for (int k = 0; k < usedWaveSlots(p); ++k) {
      const auto& w = p.waves[static_cast<std::size_t>(k)];
      const std::string base = "wavecode_" + std::to_string(k) + "_";
      for (const auto& f : waveFields()) field(base + std::string(f.key), f, w);
    }
    for (int k = 0; k < usedShapeSlots(p); ++k) {
      const auto& s = p.shapes[static_cast<std::size_t>(k)];
      const std::string base = "shapecode_" + std::to_string(k) + "_";
      for (const auto& f : shapeFields()) field(base + std::string(f.key), f, s);
    }
    for (const auto& b : codeBlockKeys(p)) code(b.prefix, *b.block, b.shader);
    return std::move(out_);
  }

 private:
  void line(std::string_view text) {
    out_ += text;
    out_ += eol_;
  }

  void keyValue(std::string_view key, std::string_view value) {
    out_ += key;
    out_ += '=';
    out_ += value;
    out_ += eol_;
  }

  void writeVersions(const Preset& p) {
    keyValue("MILKDROP_PRESET_VERSION", std::to_string(p.version));
    if (p.version < 200) return;  // MD2 reads no shader versions then
    if (p.version == 200) {
      keyValue("PSVERSION", std::to_string(p.warpPsVersion));
      return;
    }
    // PSVERSION is not read for 201 presets but MD2 writes it (the max), so older readers work.
    keyValue("PSVERSION", std::to_string(std::max(p.warpPsVersion, p.compPsVersion)));
    keyValue("PSVERSION_WARP", std::to_string(p.warpPsVersion));
    keyValue("PSVERSION_COMP", std::to_string(p.compPsVersion));
  }

  template <typename Owner>
  void field(std::string_view key, const Field<Owner>& f, const Owner& owner) {
    switch (f.type) {
      case ValueType::Float: {
        keyValue(key, shortestFloat(owner.*f.f));
        break;
      }
      case ValueType::Int:
        keyValue(key, std::to_string(owner.*f.i));
        break;
      case ValueType::Bool:
        keyValue(key, (owner.*f.b) ? "1" : "0");
        break;
    }
  }

  void code(const std::string& prefix, const CodeBlock& block, bool shader) {
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
      std::string text = block.lines[i].text;
      for (char& c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\r' || c == '\n' || c == '\0' || u == 0xFF) {
          if (diags_)
            diags_->push_back(core::makeDiagnostic(
                core::DiagnosticId::MilkLineIgnored,
                prefix + std::to_string(i + 1) +
                    ": a character a .milk line cannot hold was written as a space",
                "file"));
          c = ' ';
        }
      }
      // The reader strips one leading backtick, and a value equal to MD2's missing-line marker
      // would end the block; a backtick in front keeps both intact. Shader lines always get one
      // (MD2's convention, which protects leading white space in INI editors).
      const bool tick = shader || (!text.empty() && text[0] == '`') || text == "~!@#$";
      out_ += prefix;
      out_ += std::to_string(i + 1);
      out_ += '=';
      if (tick) out_ += '`';
      out_ += text;
      out_ += eol_;
    }
  }

  std::string out_;
  std::string_view eol_;
  core::Diagnostics* diags_;
};

}  // namespace

std::string writePreset(const Preset& preset, const WriteOptions& options,
                        core::Diagnostics* diagnostics) {
  return Writer(options, diagnostics).run(preset);
}

core::Diagnostics writePresetFile(const Preset& preset, const std::filesystem::path& path,
                                  const WriteOptions& options) {
  core::Diagnostics diags;
  const std::string text = writePreset(preset, options, &diags);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out)
    diags.push_back(core::makeDiagnostic(core::DiagnosticId::IoWriteFailed,
                                         "cannot write '" + path.string() + "'", "file"));
  return diags;
}

}  // namespace phosphene::milk
