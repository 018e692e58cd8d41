#include "engine/PreparedPreset.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "engine/PresetShaderTranslation.hpp"
#include "milk/DoublePreset.hpp"
#include "milk/PresetReader.hpp"
#include "render/TextureFinder.hpp"

namespace phosphene::engine {

PresetSource PresetSource::fromNative(std::shared_ptr<const NativePreset> preset) {
  // The base needs one key=value line to be a preset (PRE004); MD2's defaults otherwise.
  PresetSource s =
      fromText(preset->baseText().empty() ? "MILKDROP_PRESET_VERSION=201\n" : preset->baseText(),
               preset->name());
  s.native = std::move(preset);
  return s;
}

std::string PresetSource::displayName() const {
  if (!name.empty()) return name;
  if (!path.empty()) return path.filename().string();
  return "<text>";
}

std::string PreparedPreset::firstError() const {
  for (const core::Diagnostic& d : diagnostics)
    if (d.severity == core::Severity::Error) return d.format();
  return {};
}

namespace {

void decodeUserTextures(PreparedPreset& out, std::vector<std::filesystem::path> dirs) {
  if (!out.folder.empty() && std::find(dirs.begin(), dirs.end(), out.folder) == dirs.end())
    dirs.push_back(out.folder);
  render::TextureFinder finder;
  finder.setSearchPath(std::move(dirs), render::collectionFolders(out.folder));
  for (const auto* stage : {out.warp.get(), out.comp.get()}) {
    if (stage == nullptr) continue;
    for (const shader::ShaderSampler& sampler : stage->samplers) {
      if (sampler.texture.kind != shader::TextureKind::User) continue;
      const std::optional<std::filesystem::path> file = finder.find(sampler.texture.root);
      if (!file) continue;  // the renderer reports it (TEX001) when it links
      if (std::any_of(out.textures.begin(), out.textures.end(),
                      [&](const render::StagedTexture& t) { return t.file == *file; }))
        continue;
      core::Expected<render::DecodedImage> image = render::readTextureImage(*file);
      if (!image) continue;  // reported at link (TEX002), where MD2 would fail too
      out.textures.push_back(
          {*file, std::make_shared<const render::DecodedImage>(std::move(*image))});
    }
  }
}

}  // namespace

PresetPreparation::PresetPreparation(PresetSource source, eel::Globals& globals,
                                     shader::TranslationCache& translations,
                                     shader::Dialect dialect,
                                     std::vector<std::filesystem::path> textureSearchPath)
    : source_(std::move(source)),
      globals_(globals),
      translations_(translations),
      textureSearchPath_(std::move(textureSearchPath)) {
  out_.name = source_.displayName();
  out_.path = source_.path;
  out_.native = source_.native;
  out_.tag = source_.tag;
  out_.dialect = dialect;
}

bool PresetPreparation::step() {
  if (stage_ == Stage::Done) return true;
  const auto start = std::chrono::steady_clock::now();
  switch (stage_) {
    case Stage::Parse: {
      core::Expected<milk::Preset> parsed = [&]() -> core::Expected<milk::Preset> {
        // A bare file name lives in the working directory: its folder is ".", not "" (which
        // would leave the preset's own folder off the texture search path).
        if (!source_.path.empty())
          out_.folder = source_.path.has_parent_path() ? source_.path.parent_path() : ".";
        else
          out_.folder = source_.textureFolder;
        if (source_.parsed) return milk::Preset(*source_.parsed);
        std::string read;
        const std::string* text = &source_.text;
        if (!source_.textRead && !source_.path.empty()) {
          core::Expected<std::string> bytes = milk::readPresetBytes(source_.path);
          if (!bytes) return std::move(bytes.diagnostics());
          read = std::move(*bytes);
          text = &read;
        }
        if (milk::isDoublePresetText(*text)) return parseDouble(*text);
        return milk::parsePresetText(*text, out_.name);
      }();
      out_.diagnostics = parsed.diagnostics();
      if (!parsed) {
        const bool io = !out_.diagnostics.empty() &&
                        out_.diagnostics.front().id != core::DiagnosticId::PresetNotAPreset;
        out_.status = io ? LoadStatus::IoError : LoadStatus::Invalid;
        stage_ = Stage::Done;
      } else {
        parsed_.emplace(std::move(*parsed));
        stage_ = Stage::Compile;
      }
      break;
    }
    case Stage::Compile: {
      out_.program.emplace(preset::Program::compile(*parsed_, globals_));
      parsed_.reset();  // the program keeps its own copy
      const milk::Preset& p = out_.program->preset();
      out_.diagnostics.insert(out_.diagnostics.end(), out_.program->diagnostics().begin(),
                              out_.program->diagnostics().end());
      out_.warpPsVersion = p.warpPsVersion;
      out_.compPsVersion = p.compPsVersion;
      stage_ = Stage::TranslateWarp;
      break;
    }
    case Stage::TranslateWarp:
      out_.warp = translatePresetStage(out_.program->preset(), shader::Stage::Warp, out_.dialect,
                                       translations_, &out_.diagnostics);
      stage_ = Stage::TranslateComp;
      break;
    case Stage::TranslateComp:
      out_.comp = translatePresetStage(out_.program->preset(), shader::Stage::Comp, out_.dialect,
                                       translations_, &out_.diagnostics);
      stage_ = Stage::Textures;
      break;
    case Stage::Textures:
      decodeUserTextures(out_, textureSearchPath_);
      out_.status = LoadStatus::Ok;
      stage_ = Stage::Done;
      break;
    case Stage::Done:
      break;
  }
  out_.prepareSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stage_ == Stage::Done;
}

core::Expected<milk::Preset> PresetPreparation::parseDouble(std::string_view text) {
  core::Diagnostics diagnostics;
  std::optional<milk::DoublePreset> dp = milk::parseDoublePreset(text, diagnostics);
  if (!dp) {
    // A broken .milk2 is not a preset (PRE004 first, so the load reads as Invalid, not I/O).
    diagnostics.insert(
        diagnostics.begin(),
        core::makeDiagnostic(core::DiagnosticId::PresetNotAPreset,
                             out_.name + ": malformed .milk2 double preset", "file"));
    return diagnostics;
  }
  preset::Md3Blend blend;
  blend.pattern = dp->blendingPattern;
  blend.progress = dp->blendingProgress;
  blend.direction = dp->blendingDirection;
  blend.random = dp->random;
  blend.hasRandom = dp->hasRandom;
  if (!blend.pattern.empty() && !preset::md3PatternType(blend.pattern))
    diagnostics.push_back(core::makeDiagnostic(
        core::DiagnosticId::MilkLineIgnored,
        ".milk2: blending_pattern=" + blend.pattern +
            " is not drawn by Phosphene; the two presets are mixed evenly over the screen",
        "file"));
  out_.md3Blend = std::move(blend);
  // The first half (blend-from), prepared to the end here, with this file's folder and dialect.
  PresetSource first;
  first.path = source_.path;
  first.name = out_.name + " [preset 1]";
  first.tag = source_.tag;
  first.parsed = std::make_shared<const milk::Preset>(std::move(dp->first));
  out_.blendFrom = std::make_unique<PreparedPreset>(
      preparePreset(first, globals_, translations_, out_.dialect, textureSearchPath_));
  core::Expected<milk::Preset> second(std::move(dp->second));
  second.diagnostics() = std::move(diagnostics);
  return second;
}

PreparedPreset preparePreset(const PresetSource& source, eel::Globals& globals,
                             shader::TranslationCache& translations, shader::Dialect dialect,
                             const std::vector<std::filesystem::path>& textureSearchPath) {
  PresetPreparation preparation(source, globals, translations, dialect, textureSearchPath);
  while (!preparation.step()) {
  }
  return preparation.take();
}

}  // namespace phosphene::engine
