// phosphene lint: reads and compiles presets the way MilkDrop 2 would and gives each a verdict:
//   ok       nothing to report;
//   warning  it runs, but something in it was ignored or repaired (reader or equation warnings);
//   error    MilkDrop would not run part of it (an equation block that does not compile) or the
//            file cannot be read at all.
// Directories are walked recursively for *.milk. With --json, one JSON object per preset per line
// on stdout (the summary then goes to stderr). Exit status: 1 when any preset has errors, else 0.
// `--list-ids` prints the one list of diagnostic IDs (core/DiagnosticIds.def). `--frames N` also
// runs each preset N frames (no GL, synthetic audio) and warns (PRE003) when its warp mesh turns
// NaN or infinite.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "ArgParser.hpp"
#include "Commands.hpp"
#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "core/Diagnostic.hpp"
#include "eel/Eel.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Program.hpp"
#include "preset/Runtime.hpp"

namespace phosphene::cli {
namespace {

namespace fs = std::filesystem;

enum class Verdict { Ok, Warning, Error };

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::Ok:
      return "ok";
    case Verdict::Warning:
      return "warning";
    case Verdict::Error:
      return "error";
  }
  return "error";
}

struct Report {
  std::string path;
  Verdict verdict = Verdict::Ok;
  core::Diagnostics diagnostics;  // warnings and errors only
};

bool isPresetFile(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".milk";
}

// Files named on the command line are taken as given; directories contribute their *.milk files
// (recursively, sorted so the output is stable).
std::vector<std::string> collectPaths(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& arg : args) {
    std::error_code ec;
    if (!fs::is_directory(arg, ec)) {
      out.push_back(arg);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(
             arg, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::end(it); it.increment(ec)) {
      std::error_code fileEc;
      if (it->is_regular_file(fileEc) && isPresetFile(it->path()))
        found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

// A steady two-tone signal with band levels swinging around 1: enough to drive audio-reactive
// equations through their usual range.
void syntheticAudio(int frame, audio::FrameAudio& a) {
  for (int i = 0; i < audio::kWaveformSamples; ++i) {
    const float t = static_cast<float>(i + frame * audio::kWaveformSamples);
    a.waveform[0][static_cast<std::size_t>(i)] = 60.0f * std::sin(0.05f * t);
    a.waveform[1][static_cast<std::size_t>(i)] = 50.0f * std::sin(0.037f * t);
  }
  for (int i = 0; i < audio::kSpectrumBins; ++i) {
    const float v = 3.0f / (1.0f + 0.02f * static_cast<float>(i));
    a.spectrum[0][static_cast<std::size_t>(i)] = v;
    a.spectrum[1][static_cast<std::size_t>(i)] = v;
  }
  const float swing = 0.5f * std::sin(1.3f * static_cast<float>(frame));
  a.bass = a.bass_att = 1.0f + swing;
  a.mid = a.mid_att = 1.0f - 0.5f * swing;
  a.treb = a.treb_att = 1.0f + 0.25f * swing;
}

// Runs the compiled preset `frames` frames; a diagnostic for the first frame whose warp mesh is
// not finite.
void runFrames(preset::Program program, int frames, core::Diagnostics& out) {
  preset::Runtime runtime(std::move(program));
  clock::FrameClock clock(60.0);
  audio::FrameAudio audio;
  preset::StepInputs inputs;  // MD2's stock 48x36 mesh
  for (int f = 0; f < frames; ++f) {
    clock.advance(0.0);
    syntheticAudio(f, audio);
    const preset::FrameState& state = runtime.step(audio, clock, inputs);
    if (const std::size_t bad = preset::nonFiniteWarpVertices(state); bad > 0) {
      out.push_back(core::makeDiagnostic(
          core::DiagnosticId::PresetNonFiniteWarp,
          std::to_string(bad) + " of " + std::to_string(state.mesh.uv.size()) +
              " warp vertices are NaN or infinite at frame " + std::to_string(f),
          runtime.vertexMotion()[0].empty() ? "per_frame" : "per_pixel"));
      return;
    }
  }
}

Report lintOne(const std::string& path, int frames) {
  Report r;
  r.path = path;
  core::Diagnostics all;
  auto preset = milk::readPresetFile(path);
  all = preset.diagnostics();
  if (preset) {
    // A private Globals per preset: linting must not depend on the presets linted before.
    eel::Globals globals(eel::Memory::kBlockCells);
    preset::Program program = preset::Program::compile(*preset, globals);
    all.insert(all.end(), program.diagnostics().begin(), program.diagnostics().end());
    if (frames > 0) runFrames(std::move(program), frames, all);
  } else if (!core::hasErrors(all)) {
    all.push_back(
        core::makeDiagnostic(core::DiagnosticId::IoReadFailed, "cannot read the file", "file"));
  }
  for (core::Diagnostic& d : all) {
    if (d.severity == core::Severity::Info) continue;
    if (d.severity == core::Severity::Error) r.verdict = Verdict::Error;
    if (d.severity == core::Severity::Warning && r.verdict == Verdict::Ok)
      r.verdict = Verdict::Warning;
    r.diagnostics.push_back(std::move(d));
  }
  return r;
}

// JSON string with the text as UTF-8; bytes that are not valid UTF-8 (Latin-1 names in old
// presets) become U+FFFD so every line stays valid JSON.
void appendJsonString(std::string& out, std::string_view s) {
  out.push_back('"');
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
      ++i;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      ++i;
    } else if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
    } else {
      const std::size_t len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
      bool valid = len > 0 && len <= 4 && i + len <= s.size();
      for (std::size_t k = 1; valid && k < len; ++k)
        valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
      if (valid) {
        out.append(s.substr(i, len));
        i += len;
      } else {
        out += "\\ufffd";
        ++i;
      }
    }
  }
  out.push_back('"');
}

std::string severityWord(core::Severity s) {
  return s == core::Severity::Error ? "error" : "warning";
}

std::string toJson(const Report& r) {
  std::string out = "{\"path\": ";
  appendJsonString(out, r.path);
  out += ", \"status\": \"";
  out += verdictName(r.verdict);
  out += "\", \"diagnostics\": [";
  for (std::size_t i = 0; i < r.diagnostics.size(); ++i) {
    const core::Diagnostic& d = r.diagnostics[i];
    if (i > 0) out += ", ";
    out += "{\"id\": ";
    appendJsonString(out, core::diagnosticCode(d.id));
    out += ", \"severity\": \"" + severityWord(d.severity) + "\", \"section\": ";
    appendJsonString(out, d.section);
    out += ", \"line\": " + std::to_string(d.line) + ", \"column\": " + std::to_string(d.column);
    out += ", \"message\": ";
    appendJsonString(out, d.message);
    out += "}";
  }
  out += "]}";
  return out;
}

void printText(const Report& r) {
  std::printf("%s: %s\n", r.path.c_str(), verdictName(r.verdict));
  for (const core::Diagnostic& d : r.diagnostics) std::printf("  %s\n", d.format().c_str());
}

int listIds() {
  for (core::DiagnosticId id : core::allDiagnosticIds())
    std::printf("%-8s %-7s %s\n", std::string(core::diagnosticCode(id)).c_str(),
                std::string(core::severityName(core::defaultSeverity(id))).c_str(),
                std::string(core::diagnosticSummary(id)).c_str());
  return 0;
}

}  // namespace

int runLint(const Args& args) {
  ArgParser parser("lint", "DIR|FILE... [--json] [--frames N]",
                   "Reads and compiles presets as MilkDrop 2 would and gives each a verdict: ok, "
                   "warning (it runs, but something was ignored or repaired) or error (part of it "
                   "would not run). Directories are searched recursively for .milk files. Exit "
                   "status 1 when any preset has errors.");
  parser.flag("json", "one JSON object per preset per line on stdout (summary on stderr)");
  parser.flag("list-ids", "print every diagnostic ID with its severity and meaning, then exit");
  parser.option("frames", "N",
                "also run each preset N frames (no GL) and warn when its warp turns NaN");
  parser.positionals("DIR|FILE", "presets, or directories of presets", 0, 1 << 20);
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  if (parser.has("list-ids")) return listIds();
  if (parser.positional().empty()) return parser.usageError("name at least one file or directory");

  long long frames = 0;
  if (auto v = parser.value("frames"); v && (!parseInt(*v, frames) || frames > 100000))
    return parser.usageError("--frames needs an integer from 0 to 100000");
  const bool json = parser.has("json");
  const std::vector<std::string> paths = collectPaths(parser.positional());
  int counts[3] = {0, 0, 0};
  for (const std::string& path : paths) {
    const Report r = lintOne(path, static_cast<int>(frames));
    ++counts[static_cast<int>(r.verdict)];
    if (json)
      std::printf("%s\n", toJson(r).c_str());
    else
      printText(r);
  }
  std::FILE* summaryOut = json ? stderr : stdout;
  std::fprintf(summaryOut, "%zu presets: %d ok, %d with warnings, %d with errors\n", paths.size(),
               counts[0], counts[1], counts[2]);
  return counts[2] > 0 ? 1 : 0;
}

}  // namespace phosphene::cli
