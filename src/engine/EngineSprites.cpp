// Engine's user sprites (issue 35): reading the sprite file, launching, killing, and stepping them
// once per frame for the renderer. MD2 facts are named where used (vis_milk2/plugin.cpp
// LaunchSprite / KillSprite, milkdropfs.cpp DrawUserSprites, texmgr.cpp LoadTex).
#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

#include "engine/Engine.hpp"
#include "sprite/ColorKey.hpp"

namespace phosphene::engine {
namespace {

core::Diagnostic spriteError(core::DiagnosticId id, std::string message) {
  return core::makeDiagnostic(id, std::move(message), "sprite");
}

/// "sprite 03" for a sprite from the file (img%02d), "sprite from code" for one from text.
std::string spriteName(int number) {
  if (number < 0) return "sprite from code";
  std::string digits = std::to_string(number);
  if (digits.size() < 2) digits.insert(0, "0");
  return "sprite " + digits;
}

}  // namespace

bool Engine::loadSpriteIniFile(const std::filesystem::path& path, core::Diagnostics& diagnostics) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diagnostics.push_back(spriteError(core::DiagnosticId::IoOpenFailed,
                                      "cannot open sprite file '" + path.string() + "'"));
    return false;
  }
  std::string text;
  text.resize(sprite::kMaxSpriteIniBytes + 1);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad() || text.size() > sprite::kMaxSpriteIniBytes) {
    diagnostics.push_back(spriteError(core::DiagnosticId::IoReadFailed,
                                      "cannot read sprite file '" + path.string() + "'"));
    return false;
  }
  loadSpriteIniText(text, path.parent_path(), diagnostics);
  return true;
}

void Engine::loadSpriteIniText(std::string_view text, std::filesystem::path folder,
                               core::Diagnostics& diagnostics) {
  sprite::SpriteIni ini = sprite::parseSpriteIni(text);
  diagnostics.insert(diagnostics.end(), ini.diagnostics.begin(), ini.diagnostics.end());
  sprites_.ini = std::move(ini);
  sprites_.iniFolder = std::move(folder);
}

core::Expected<sprite::SpriteId> Engine::launchSprite(int number) {
  const sprite::SpriteDefinition* definition = sprites_.ini ? sprites_.ini->find(number) : nullptr;
  // LaunchSprite: an [imgNN] without img= is "not defined" too.
  if (definition == nullptr || definition->image.empty())
    return spriteError(core::DiagnosticId::SpriteNotDefined,
                       "sprite " + std::to_string(number) + " is not defined in the sprite file");
  return launchDefinition(*definition, sprites_.iniFolder);
}

core::Expected<sprite::SpriteId> Engine::launchSpriteCode(std::string_view body,
                                                          std::filesystem::path folder) {
  core::Expected<sprite::SpriteDefinition> definition = sprite::parseSpriteBody(body);
  if (!definition) return definition.diagnostics();
  core::Expected<sprite::SpriteId> launched = launchDefinition(*definition, folder);
  auto& out = launched.diagnostics();
  out.insert(out.begin(), definition.diagnostics().begin(), definition.diagnostics().end());
  return launched;
}

core::Expected<sprite::SpriteId> Engine::launchDefinition(
    const sprite::SpriteDefinition& definition, const std::filesystem::path& folder) {
  std::filesystem::path file(definition.image);
  if (file.is_relative() && !folder.empty()) file = folder / file;
  const auto cacheKey = std::make_pair(file.lexically_normal().string(), definition.colorKey);
  auto cached = sprites_.images.find(cacheKey);
  if (cached == sprites_.images.end()) {
    // LoadTex: a file that does not load launches nothing (TEXMGR_ERR_BADFILE).
    core::Expected<render::DecodedImage> decoded = render::readTextureImage(file);
    if (!decoded) {
      core::Diagnostics why{spriteError(core::DiagnosticId::SpriteImageFailed,
                                        "sprite image '" + file.string() + "' cannot be read")};
      why.insert(why.end(), decoded.diagnostics().begin(), decoded.diagnostics().end());
      return why;
    }
    sprite::applyColorKey(decoded->rgba, definition.colorKey);
    auto image = std::make_shared<const render::DecodedImage>(std::move(decoded.value()));
    cached = sprites_.images
                 .emplace(cacheKey, EngineSprites::Image{sprites_.nextImageKey++, std::move(image)})
                 .first;
  }
  const EngineSprites::Image& image = cached->second;
  // Started at the last frame's time, counted from the next frame: GetFrame() between frames is
  // the next frame's number, so the sprite's first frame sees frame = 0.
  const std::uint64_t startFrame = clock_.started() ? clock_.frame() + 1 : 0;
  // The init code runs under the same loop budget as a frame of sprite code.
  sprites_.set.setIterationBudget(switch_.iterationBudgetPerFrame);
  sprite::LaunchResult launched = sprites_.set.launch(
      definition, {image.key, image.image->width, image.image->height}, clock_.time(), startFrame);
  if (launched.evicted != 0) spriteEnded(launched.evicted, "evicted");
  if (launched.initOverBudget) {
    const core::Diagnostic d = spriteError(core::DiagnosticId::SpriteOverBudget,
                                           spriteName(definition.number) + ": init code ran past " +
                                               std::to_string(switch_.iterationBudgetPerFrame) +
                                               " loop iterations; cut short");
    logger_.log(core::LogLevel::Warning, d.format());
    launched.diagnostics.push_back(d);
  }
  releaseUnusedSpriteImages();
  core::Expected<sprite::SpriteId> out(launched.id);
  out.diagnostics() = std::move(launched.diagnostics);
  return out;
}

bool Engine::killSprite(sprite::SpriteId id) {
  if (!sprites_.set.kill(id)) return false;
  spriteEnded(id, "killed");
  releaseUnusedSpriteImages();
  return true;
}

void Engine::killAllSprites() {
  for (sprite::SpriteId id : sprites_.set.killAll()) spriteEnded(id, "killed");
  releaseUnusedSpriteImages();
}

// Once per sprite, as a preset's PresetOverBudget: a sprite's loops are cut every frame it
// overruns, and a log line per frame would bury the host's log.
void Engine::reportSpriteBudgetCut() {
  const std::optional<sprite::BudgetCut>& cut = sprites_.set.lastStepCut();
  if (!cut) return;
  auto& reported = sprites_.budgetReported;
  if (std::find(reported.begin(), reported.end(), cut->id) != reported.end()) return;
  reported.push_back(cut->id);
  const core::Diagnostic d = spriteError(
      core::DiagnosticId::SpriteOverBudget,
      spriteName(cut->number) + ": code ran past " +
          std::to_string(switch_.iterationBudgetPerFrame) +
          " loop iterations in one frame (all sprites share them); its loops are cut short from "
          "now on");
  logger_.log(core::LogLevel::Warning, d.format());
}

void Engine::spriteEnded(sprite::SpriteId id, const char* how) {
  std::erase(sprites_.budgetReported, id);
  EngineEvent event;
  event.type = EngineEvent::Type::SpriteEnded;
  event.requestId = id;
  event.name = how;
  event.time = clock_.time();
  emit(std::move(event));
}

void Engine::releaseUnusedSpriteImages() {
  for (auto it = sprites_.images.begin(); it != sprites_.images.end();)
    it = sprites_.set.usesImage(it->second.key) ? std::next(it) : sprites_.images.erase(it);
}

void Engine::stepSprites(render::SlotFrameDraw& draw, const preset::StepInputs& inputs) {
  sprites_.frame.clear();
  draw.sprites = {};
  if (sprites_.set.count() == 0) return;
  // DrawUserSprites' inputs: the preset blend's progress (1 outside blends here; see
  // docs/compatibility.md), bass..treb as presets see them (imm_rel), the _att values (avg_rel).
  sprites_.set.setIterationBudget(switch_.iterationBudgetPerFrame);
  sprite::SpriteFrameInputs in;
  in.time = clock_.time();
  in.frame = clock_.frame();
  in.fps = clock_.fps();
  in.progress = transitionProgress();
  in.bass = audio_.bass;
  in.mid = audio_.mid;
  in.treb = audio_.treb;
  in.bassAtt = audio_.bass_att;
  in.midAtt = audio_.mid_att;
  in.trebAtt = audio_.treb_att;
  in.viewWidth = inputs.canvasWidth;
  in.viewHeight = inputs.canvasHeight;
  sprites_.set.step(in, sprites_.draws, sprites_.ended);
  reportSpriteBudgetCut();
  for (const sprite::SpriteDraw& d : sprites_.draws)
    for (const auto& [key, image] : sprites_.images)
      if (image.key == d.image.key) {
        sprites_.frame.push_back({d.quad, image.image});
        break;
      }
  draw.sprites = sprites_.frame;
  for (sprite::SpriteId id : sprites_.ended) spriteEnded(id, "done");
  // The frame's draws hold their images; the cache lets go of what no live sprite uses.
  if (!sprites_.ended.empty()) releaseUnusedSpriteImages();
}

}  // namespace phosphene::engine
