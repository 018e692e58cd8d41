#include "render/SlotRenderer.hpp"

#include <algorithm>
#include <utility>

#include "render/TextureFinder.hpp"

namespace phosphene::render {

SlotRenderer::SlotRenderer(ShaderRetranslator retranslate) : retranslate_(std::move(retranslate)) {}

SlotRenderer::~SlotRenderer() = default;

void SlotRenderer::add(SlotId slot, SlotShaders shaders) {
  Slot& s = slots_[slot];
  s = {};
  s.input = std::move(shaders);
}

void SlotRenderer::retire(SlotId slot) {
  const auto it = slots_.find(slot);
  if (it == slots_.end()) return;
  // Nothing to delete them with: drop them now rather than keep them to the next draw.
  if (renderer_) retired_.push_back(std::move(it->second));
  slots_.erase(it);
}

const PresetShaders& SlotRenderer::shaders(SlotId slot) const {
  static const PresetShaders none;
  const auto it = slots_.find(slot);
  return it == slots_.end() ? none : it->second.input.shaders;
}

shader::Dialect SlotRenderer::dialect() const {
  // Before the first frame the context is unknown: GLSL 330; the warp link re-emits for ES from
  // the cache (the SPIR-V half, where errors come from, is shared by both dialects).
  if (renderer_ && renderer_->dialect() == gl::GlslDialect::Glsl300Es)
    return shader::Dialect::Glsl300es;
  return shader::Dialect::Glsl330;
}

void SlotRenderer::setRandoms(const std::array<float, 4>& hue, std::uint64_t seed) {
  randoms_.emplace(hue, seed);
  if (!renderer_) return;
  renderer_->setHueRandom(hue);
  renderer_->setSeed(seed);
}

void SlotRenderer::setTextureSearchPath(std::vector<std::filesystem::path> dirs) {
  textureSearch_ = std::move(dirs);
  unlinkAll();  // textures are resolved when the shaders link
}

void SlotRenderer::setTextureProvider(TextureProvider provider) {
  textureProvider_ = std::move(provider);
  ++textureProviderGeneration_;  // the answers kept for the old one go at the next link
  unlinkAll();
}

// MD2 (plugin.cpp CShaderParams::CacheParams) looks in its textures folder, then in the folder of
// the preset: the configured path first, the preset's folder last.
std::vector<std::filesystem::path> SlotRenderer::searchPathFor(SlotId slot) const {
  std::vector<std::filesystem::path> dirs = textureSearch_;
  const auto it = slots_.find(slot);
  if (it == slots_.end()) return dirs;
  const std::filesystem::path& folder = it->second.input.folder;
  if (!folder.empty() && std::find(dirs.begin(), dirs.end(), folder) == dirs.end())
    dirs.push_back(folder);
  return dirs;
}

// Made in the first draw's context: the host, not the engine, owns contexts.
core::Diagnostics SlotRenderer::ensureRenderer() {
  if (renderer_) return {};
  core::Expected<std::unique_ptr<Renderer>> created = Renderer::createForCurrentContext();
  if (!created) return std::move(created.diagnostics());
  renderer_ = std::move(*created);
  if (randoms_) setRandoms(randoms_->first, randoms_->second);
  unlinkAll();
  return {};
}

void SlotRenderer::unlinkAll() {
  for (auto& [id, slot] : slots_) slot.warpLinked = slot.compLinked = false;
}

std::vector<LinkReport> SlotRenderer::beginDraw(SlotId early) {
  retired_.clear();  // their GL objects go now, with the context current
  std::vector<LinkReport> reports;
  const auto it = slots_.find(early);
  if (it != slots_.end() && !it->second.warpLinked) link(early, it->second, true, false, reports);
  return reports;
}

void SlotRenderer::readCanvas(std::vector<std::uint8_t>* pixels, int& width, int& height) {
  width = height = 0;
  if (renderer_) renderer_->readCanvas(pixels, width, height);
}

SlotDrawResult SlotRenderer::draw(const SlotFrameDraw* frame, bool fresh,
                                  const RenderTarget& target) {
  SlotDrawResult result;
  if (frame == nullptr) {
    // Nothing stepped yet (the first preset is still loading, or no advance since a switch).
    result.failures = renderer_->clearTarget(target);
    return result;
  }
  FrameDraw draw;
  draw.progress = frame->progress;
  draw.sprites = frame->sprites;
  draw.text = frame->text;
  draw.clearCanvas = frame->clearCanvas;
  draw.burns = frame->burns;
  for (const auto& [part, gpuPart] :
       {std::pair{&frame->incoming, &draw.incoming}, std::pair{&frame->outgoing, &draw.outgoing}}) {
    const auto it = slots_.find(part->slot);
    if (part->frame == nullptr || it == slots_.end()) continue;
    Slot& slot = it->second;
    if (!slot.warpLinked || !slot.compLinked)
      link(part->slot, slot, !slot.warpLinked, !slot.compLinked, result.links);
    *gpuPart = {part->frame, &slot.gpu};
  }
  result.failures = fresh ? renderer_->draw(draw, target) : renderer_->redraw(draw, target);
  return result;
}

void SlotRenderer::link(SlotId id, Slot& slot, bool warp, bool comp,
                        std::vector<LinkReport>& reports) {
  PresetShaders& shaders = slot.input.shaders;
  if (warp) shaders = retranslate_(id, dialect(), std::move(shaders));
  // MD2's one textures folder, for collections installed as several folders: what the path
  // lacks is looked up beside the preset's folder (render/TextureFinder.hpp).
  renderer_->setTextureSearchPath(searchPathFor(id), collectionFolders(slot.input.folder));
  renderer_->setTextureProvider(textureProvider_, textureProviderGeneration_);
  renderer_->stageDecodedTextures(slot.input.textures);
  LinkReport report{id, {}};
  if (warp) report.diagnostics = renderer_->linkPresetWarp(shaders, slot.input.stages, slot.gpu);
  slot.warpLinked = slot.warpLinked || warp;
  slot.compLinked = slot.compLinked || comp;
  if (comp) {
    slot.input.textures.clear();  // uploaded now (or already cached): the decoded bytes can go
    std::vector<const PresetGpuState*> keep;
    for (const auto& [other, live] : slots_) keep.push_back(&live.gpu);
    const core::Diagnostics more = renderer_->linkPresetComp(shaders, slot.gpu, keep);
    report.diagnostics.insert(report.diagnostics.end(), more.begin(), more.end());
  }
  reports.push_back(std::move(report));
}

void SlotRenderer::releaseGl() {
  const AbandonGlObjects abandon;
  renderer_.reset();
  retired_.clear();
  for (auto& [id, slot] : slots_) slot.gpu = {};
  unlinkAll();
}

}  // namespace phosphene::render
