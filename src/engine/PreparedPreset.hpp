#pragma once
// A preset made ready to run, on any thread and without GL: read (milk::readPresetFile's rules, the
// one way a preset file is read), parsed, its equations compiled into a preset::Program, its warp
// and comp shaders translated for the context's GLSL dialect, and every diagnostic of the load.
// The render thread then only links the shaders (render::Renderer::linkPreset) and starts it.
//
// The Program's EEL contexts point at the engine's eel::Globals (reg00..reg99, gmegabuf) but do
// not touch them while compiling, so a loader thread may prepare while the render thread runs.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/Diagnostic.hpp"
#include "core/Expected.hpp"
#include "eel/Eel.hpp"
#include "engine/NativePreset.hpp"
#include "milk/Preset.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/Program.hpp"
#include "render/Renderer.hpp"
#include "shader/TranslatedShader.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::engine {

/// Where a preset comes from: a file, a text with a name, a file's text already read (a preset
/// handle), or a native preset (its base text and per-frame function).
struct PresetSource {
  std::filesystem::path path;  // the file (read unless `textRead`); empty for texts
  std::string text;
  std::string name;       // for messages; a file's name when empty
  bool textRead = false;  // `text` holds the file's contents: parse it, do not read the file
  std::shared_ptr<const NativePreset> native;
  /// Where a text's textures are searched after the configured path, as a file's own folder is
  /// (a mash-up's shaders come from presets in that folder); ignored when `path` is set.
  std::filesystem::path textureFolder;
  /// The host's own mark (the C API's playlist index), carried into the preset's events.
  std::int64_t tag = -1;
  /// A preset already parsed (the first half of a .milk2): used instead of reading `path`/`text`.
  std::shared_ptr<const milk::Preset> parsed;

  static PresetSource file(std::filesystem::path p) {
    PresetSource s;
    s.path = std::move(p);
    return s;
  }
  static PresetSource fromText(std::string t, std::string n = "<text>") {
    PresetSource s;
    s.text = std::move(t);
    s.name = std::move(n);
    s.textRead = true;
    return s;
  }
  /// A file whose text was read already (its folder still holds its textures).
  static PresetSource fileText(std::filesystem::path p, std::string t) {
    PresetSource s = file(std::move(p));
    s.text = std::move(t);
    s.textRead = true;
    return s;
  }
  static PresetSource fromNative(std::shared_ptr<const NativePreset> preset);
  std::string displayName() const;
};

/// Outcome of a preset load. On failure the current preset (if any) keeps running.
enum class LoadStatus { Ok, IoError, Invalid };

struct PreparedPreset {
  LoadStatus status = LoadStatus::Invalid;
  std::string name;
  std::filesystem::path path;                  // the file, when it came from one
  std::shared_ptr<const NativePreset> native;  // the per-frame function of a native preset
  std::int64_t tag = -1;                       // PresetSource::tag
  std::filesystem::path folder;  // of a file (its textures are searched there); empty for texts
  std::optional<preset::Program> program;
  std::shared_ptr<const shader::TranslatedShader> warp, comp;  // null: none or untranslatable
  shader::Dialect dialect = shader::Dialect::Glsl330;
  int warpPsVersion = 0, compPsVersion = 0;
  /// The user textures its shaders name, found on the search path and decoded here, so the
  /// render thread only uploads them (random textures are picked at link, from the engine's
  /// seed, and decoded there).
  std::vector<render::StagedTexture> textures;
  core::Diagnostics diagnostics;  // of the load: read, parse, compile, translation
  double prepareSeconds = 0.0;
  /// A MilkDrop 3 double preset (.milk2): this is its second half (the blend-to preset), and
  /// `blendFrom` its first half, prepared alike; both run, drawn as a transition frozen at
  /// `md3Blend` (preset::TransitionStep::beginFrozen). Null for a .milk.
  std::unique_ptr<PreparedPreset> blendFrom;
  std::optional<preset::Md3Blend> md3Blend;

  bool ok() const { return status == LoadStatus::Ok && program.has_value(); }
  /// The first error, for messages ("" when none).
  std::string firstError() const;
};

/// Reads, parses, compiles, translates and decodes the user textures (searched in
/// `textureSearchPath`, then the preset's folder, as the renderer will). Blocks that do not compile
/// are left out and reported as warnings (MD2 runs the rest); shader stages that do not translate
/// are SHD010 warnings.
PreparedPreset preparePreset(const PresetSource& source, eel::Globals& globals,
                             shader::TranslationCache& translations, shader::Dialect dialect,
                             const std::vector<std::filesystem::path>& textureSearchPath = {});

/// preparePreset in slices, for builds without threads (WebAssembly without pthreads): each
/// step() does one stage of the work (read and parse, compile the equations, translate the warp
/// shader, translate the comp shader, decode the textures), so a loader that runs one step between
/// two frames never holds a frame for a whole shader preset. Running every step gives exactly what
/// preparePreset gives (preparePreset is this, run to the end). prepareSeconds counts the time
/// spent inside the steps only.
class PresetPreparation {
 public:
  PresetPreparation(PresetSource source, eel::Globals& globals,
                    shader::TranslationCache& translations, shader::Dialect dialect,
                    std::vector<std::filesystem::path> textureSearchPath);
  /// Does the next stage; true when the preparation is finished (then take() the result).
  bool step();
  bool done() const { return stage_ == Stage::Done; }
  /// The result; only once done().
  PreparedPreset take() { return std::move(out_); }

 private:
  enum class Stage { Parse, Compile, TranslateWarp, TranslateComp, Textures, Done };
  /// A .milk2: its header into out_.md3Blend, its first half prepared into out_.blendFrom, its
  /// second half returned (or the reader's errors).
  core::Expected<milk::Preset> parseDouble(std::string_view text);
  PresetSource source_;
  eel::Globals& globals_;
  shader::TranslationCache& translations_;
  std::vector<std::filesystem::path> textureSearchPath_;
  std::optional<milk::Preset> parsed_;
  Stage stage_ = Stage::Parse;
  PreparedPreset out_;
};

}  // namespace phosphene::engine
