#include "engine/PreparedPreset.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "engine/PresetShaderTranslation.hpp"
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
  finder.setSearchPath(std::move(dirs));
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

PreparedPreset preparePreset(const PresetSource& source, eel::Globals& globals,
                             shader::TranslationCache& translations, shader::Dialect dialect,
                             const std::vector<std::filesystem::path>& textureSearchPath) {
  const auto start = std::chrono::steady_clock::now();
  PreparedPreset out;
  out.name = source.displayName();
  out.path = source.path;
  out.native = source.native;
  out.tag = source.tag;
  out.dialect = dialect;
  core::Expected<milk::Preset> parsed = [&]() -> core::Expected<milk::Preset> {
    // A bare file name lives in the working directory: its folder is ".", not "" (which would
    // leave the preset's own folder off the texture search path).
    if (!source.path.empty())
      out.folder = source.path.has_parent_path() ? source.path.parent_path() : ".";
    if (source.textRead || source.path.empty()) return milk::parsePresetText(source.text, out.name);
    return milk::readPresetFile(source.path);
  }();
  out.diagnostics = parsed.diagnostics();
  const auto finish = [&] {
    out.prepareSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(out);
  };
  if (!parsed) {
    const bool io = !out.diagnostics.empty() &&
                    out.diagnostics.front().id != core::DiagnosticId::PresetNotAPreset;
    out.status = io ? LoadStatus::IoError : LoadStatus::Invalid;
    return finish();
  }
  out.program.emplace(preset::Program::compile(*parsed, globals));
  const milk::Preset& p = out.program->preset();
  out.diagnostics.insert(out.diagnostics.end(), out.program->diagnostics().begin(),
                         out.program->diagnostics().end());
  TranslatedPresetShaders t = translatePresetShaders(p, dialect, translations, &out.diagnostics);
  out.warp = std::move(t.warp);
  out.comp = std::move(t.comp);
  out.warpPsVersion = p.warpPsVersion;
  out.compPsVersion = p.compPsVersion;
  decodeUserTextures(out, textureSearchPath);
  out.status = LoadStatus::Ok;
  return finish();
}

}  // namespace phosphene::engine
