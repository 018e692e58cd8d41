// phosphene lint: reads and compiles presets the way MilkDrop 2 would and gives each a verdict:
//   ok       nothing to report;
//   warning  it runs, but something in it was ignored or repaired (reader or equation warnings);
//   error    MilkDrop would not run part of it (an equation block that does not compile) or the
//            file cannot be read at all.
// Directories are walked recursively for *.milk. With --json, one JSON object per preset per line
// on stdout (the summary then goes to stderr). Exit status: 1 when any preset has errors, else 0.
// `--list-ids` prints the one list of diagnostic IDs (core/DiagnosticIds.def). `--frames N` also
// runs each preset N frames (no GL, synthetic audio) and warns (PRE003) when its warp mesh turns
// NaN or infinite. Shader text is translated to GLSL (no GL) and a stage that does not translate
// is a warning (SHD010: the render draws that stage with the built-in shader);
// `--compile-shaders` also compiles and links each translated shader on headless GL 3.3 core and
// GLES 3.0 contexts (LintShaderCheck) and adds "shaders" to the JSON lines. A preset that needs
// MilkDrop 3 (more than 4 custom waves or shapes, q33..q64, wave modes above 8, shapes with more
// than 100 sides: milk::Milkdrop3Usage) gets a "milkdrop3" list of those features in its JSON
// line and a "needs MilkDrop 3" line in the text; MilkDrop 2 presets print as before.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "ArgParser.hpp"
#include "Commands.hpp"
#include "JsonText.hpp"
#include "LintShaderCheck.hpp"
#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "core/Diagnostic.hpp"
#include "eel/Eel.hpp"
#include "engine/PresetShaderTranslation.hpp"
#include "milk/DoublePreset.hpp"
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
  core::Diagnostics diagnostics;             // warnings and errors only
  std::optional<ShaderCheckResult> shaders;  // with --compile-shaders
  std::vector<std::string> milkdrop3;        // MilkDrop 3 features used; empty for MD2
};

struct LintOptions {
  int frames = 0;
  LintShaderCheck* compile = nullptr;      // --compile-shaders
  shader::TranslationCache* translations;  // without it
};

bool isPresetFile(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".milk" || ext == ".milk2";  // .milk2: MilkDrop 3 double presets
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

fs::path presetFolder(const std::string& path) {
  const fs::path p(path);
  return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

// One preset's compile, shader and frame checks, its diagnostics into `all`; the MD3 features
// it uses into `md3` (without repeats).
void lintPreset(const milk::Preset& preset, const std::string& path, const LintOptions& options,
                Report& r, core::Diagnostics& all, std::vector<std::string>& md3) {
  // A private Globals per preset: linting must not depend on the presets linted before.
  eel::Globals globals(eel::Memory::kBlockCells);
  preset::Program program = preset::Program::compile(preset, globals);
  all.insert(all.end(), program.diagnostics().begin(), program.diagnostics().end());
  for (std::string& name : program.milkdrop3().names())
    if (std::find(md3.begin(), md3.end(), name) == md3.end()) md3.push_back(std::move(name));
  if (options.compile)
    r.shaders = options.compile->check(preset, presetFolder(path), all);
  else
    engine::translatePresetShaders(preset, shader::Dialect::Glsl330, *options.translations, &all);
  if (options.frames > 0) runFrames(std::move(program), options.frames, all);
}

Report lintOne(const std::string& path, const LintOptions& options) {
  Report r;
  r.path = path;
  core::Diagnostics all;
  core::Expected<std::string> bytes = milk::readPresetBytes(path);
  if (bytes && milk::isDoublePresetText(*bytes)) {
    // A MilkDrop 3 double preset: the reader's problems, then each half linted as a preset, its
    // diagnostics marked with the half (section "preset1:per_frame", ...).
    std::optional<milk::DoublePreset> dp = milk::parseDoublePreset(*bytes, all);
    if (dp) {
      r.milkdrop3.emplace_back("milk2");
      for (int half = 1; half <= 2; ++half) {
        core::Diagnostics own;
        lintPreset(half == 1 ? dp->first : dp->second, path, options, r, own, r.milkdrop3);
        for (core::Diagnostic& d : own) {
          d.section = "preset" + std::to_string(half) + (d.section.empty() ? "" : ":") + d.section;
          all.push_back(std::move(d));
        }
      }
    }
  } else {
    auto preset = bytes ? milk::parsePresetText(*bytes, fs::path(path).filename().string())
                        : core::Expected<milk::Preset>(std::move(bytes.diagnostics()));
    all = preset.diagnostics();
    if (preset) {
      lintPreset(*preset, path, options, r, all, r.milkdrop3);
    } else if (!core::hasErrors(all)) {
      all.push_back(
          core::makeDiagnostic(core::DiagnosticId::IoReadFailed, "cannot read the file", "file"));
    }
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
  out += "]";
  if (r.shaders) {
    const auto stage = [](const StageStatus& s) {
      return std::string("{\"glsl330\": \"") + shaderStatusName(s.glsl330) +
             "\", \"glsl300es\": \"" + shaderStatusName(s.glsl300es) + "\"}";
    };
    out += ", \"shaders\": {\"warp\": " + stage(r.shaders->warp) +
           ", \"comp\": " + stage(r.shaders->comp) + "}";
  }
  if (!r.milkdrop3.empty()) {
    out += ", \"milkdrop3\": [";
    for (std::size_t i = 0; i < r.milkdrop3.size(); ++i) {
      if (i > 0) out += ", ";
      appendJsonString(out, r.milkdrop3[i]);
    }
    out += "]";
  }
  out += "}";
  return out;
}

void printText(const Report& r) {
  std::printf("%s: %s\n", r.path.c_str(), verdictName(r.verdict));
  if (r.shaders && (r.shaders->warp.glsl330 != ShaderStatus::None ||
                    r.shaders->comp.glsl330 != ShaderStatus::None)) {
    std::printf(
        "  shaders: warp %s/%s, comp %s/%s (GLSL 330 / GLSL ES 300)\n",
        shaderStatusName(r.shaders->warp.glsl330), shaderStatusName(r.shaders->warp.glsl300es),
        shaderStatusName(r.shaders->comp.glsl330), shaderStatusName(r.shaders->comp.glsl300es));
  }
  if (!r.milkdrop3.empty()) {
    std::string list;
    for (const std::string& f : r.milkdrop3) list += (list.empty() ? "" : ", ") + f;
    std::printf("  needs MilkDrop 3: %s\n", list.c_str());
  }
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
  ArgParser parser(
      "lint", "DIR|FILE... [--json] [--frames N] [--compile-shaders]",
      "Reads and compiles presets as MilkDrop 2 would and gives each a verdict: ok, "
      "warning (it runs, but something was ignored or repaired) or error (part of it "
      "would not run). Directories are searched recursively for .milk and .milk2 files. Exit "
      "status 1 when any preset has errors.");
  bool json = false, listIdsWanted = false, compileShaders = false;
  long long frames = 0;
  parser.flag("json", "one JSON object per preset per line on stdout (summary on stderr)", json);
  parser.flag("list-ids", "print every diagnostic ID with its severity and meaning, then exit",
              listIdsWanted);
  parser.whole("frames", "N",
               "also run each preset N frames (no GL) and warn when its warp turns NaN", frames,
               {0, 100000});
  parser.flag("compile-shaders",
              "also compile and link each translated warp/comp shader on headless OpenGL 3.3 "
              "core and OpenGL ES 3.0 contexts (needs EGL; llvmpipe is enough); adds "
              "\"shaders\" to the JSON lines",
              compileShaders);
  parser.positionals("DIR|FILE", "presets, or directories of presets", 0, 1 << 20);
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  if (listIdsWanted) return listIds();
  if (parser.positional().empty()) return parser.usageError("name at least one file or directory");

  shader::TranslationCache translations;
  LintOptions options{static_cast<int>(frames), nullptr, &translations};
  std::optional<LintShaderCheck> compile;
  if (compileShaders) {
    auto check = LintShaderCheck::create();
    if (!check) {
      std::fprintf(stderr, "phosphene lint: --compile-shaders needs headless GL contexts: %s\n",
                   check.diagnostics().empty() ? "unavailable"
                                               : check.diagnostics().front().format().c_str());
      return 2;
    }
    compile.emplace(std::move(*check));
    options.compile = &*compile;
  }
  const std::vector<std::string> paths = collectPaths(parser.positional());
  int counts[3] = {0, 0, 0};
  // [stage][dialect][ok, failed]
  int shaderCounts[2][2][2] = {};
  const auto countShader = [&](int stage, int dialect, ShaderStatus s) {
    if (s != ShaderStatus::None) ++shaderCounts[stage][dialect][s == ShaderStatus::Ok ? 0 : 1];
  };
  for (const std::string& path : paths) {
    const Report r = lintOne(path, options);
    ++counts[static_cast<int>(r.verdict)];
    if (r.shaders) {
      countShader(0, 0, r.shaders->warp.glsl330);
      countShader(0, 1, r.shaders->warp.glsl300es);
      countShader(1, 0, r.shaders->comp.glsl330);
      countShader(1, 1, r.shaders->comp.glsl300es);
    }
    if (json)
      std::printf("%s\n", toJson(r).c_str());
    else
      printText(r);
  }
  std::FILE* summaryOut = json ? stderr : stdout;
  std::fprintf(summaryOut, "%zu presets: %d ok, %d with warnings, %d with errors\n", paths.size(),
               counts[0], counts[1], counts[2]);
  if (compile) {
    const char* stages[2] = {"warp", "comp"};
    for (int st = 0; st < 2; ++st)
      std::fprintf(summaryOut,
                   "%s shaders: GLSL 330 %d ok, %d failed; GLSL ES 300 %d ok, %d failed\n",
                   stages[st], shaderCounts[st][0][0], shaderCounts[st][0][1],
                   shaderCounts[st][1][0], shaderCounts[st][1][1]);
  }
  return counts[2] > 0 ? 1 : 0;
}

}  // namespace phosphene::cli
