#pragma once
// The GPU side of the engine's preset slots: a Renderer made lazily in the host's context, and
// per slot (keyed by the engine's SlotId) the translated shaders, the decoded textures waiting to
// be uploaded, the linked programs (PresetGpuState) and whether they are linked. Programs link
// lazily, on the first draw that shows a slot, in the context then current; a slot the engine
// drops keeps its GL objects until the next draw, where that context is current again. The engine
// keeps the simulation (runtimes, switching) and never touches these.

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "core/Diagnostic.hpp"
#include "preset/FrameState.hpp"
#include "render/PresetGpuState.hpp"
#include "render/Renderer.hpp"
#include "shader/TranslatedShader.hpp"

namespace phosphene::render {

/// The engine's name for a preset slot; 0 is no slot.
using SlotId = std::uint64_t;

/// What the GPU side gets of a prepared preset (no GL needed to make one).
struct SlotShaders {
  PresetShaders shaders;
  PresetStages stages;
  std::filesystem::path folder;  // searched for textures after the configured path
  std::vector<StagedTexture> textures;
};

/// One preset's part of a frame: what its runtime computed, and its slot.
struct SlotFrame {
  const preset::FrameState* frame = nullptr;
  SlotId slot = 0;
};

/// What one draw shows (FrameDraw, with slots for GPU states).
struct SlotFrameDraw {
  SlotFrame incoming;
  SlotFrame outgoing;  // none outside transitions
  double progress = 1.0;
  std::span<const UserSpriteDraw> sprites;  // user sprites (issue 35)
  const TextLayer* text = nullptr;          // messages, title, preset name (MessagePass)
  bool clearCanvas = false;                 // FrameDraw::clearCanvas
  std::span<const CanvasBurn> burns;        // FrameDraw::burns
};

/// Diagnostics of linking one slot's programs (SHD011 warnings, missing textures).
struct LinkReport {
  SlotId slot = 0;
  core::Diagnostics diagnostics;
};

/// A draw's outcome: the GL failures (empty: it went well) and the links it made, in order.
struct SlotDrawResult {
  core::Diagnostics failures;
  std::vector<LinkReport> links;
};

/// Re-emits a slot's shaders for the renderer's dialect at its warp link (a cache hit when the
/// loader translated for that dialect already).
using ShaderRetranslator =
    std::function<PresetShaders(SlotId slot, shader::Dialect dialect, PresetShaders shaders)>;

class SlotRenderer {
 public:
  explicit SlotRenderer(ShaderRetranslator retranslate);
  ~SlotRenderer();
  SlotRenderer(const SlotRenderer&) = delete;
  SlotRenderer& operator=(const SlotRenderer&) = delete;

  void add(SlotId slot, SlotShaders shaders);
  /// The slot's GL objects go at the next draw (at once when no renderer exists).
  void retire(SlotId slot);
  /// The translated shaders of a slot (empty ones for an unknown slot).
  const PresetShaders& shaders(SlotId slot) const;

  bool hasRenderer() const { return renderer_ != nullptr; }
  /// The dialect to translate for: the renderer's, GLSL 330 before there is one.
  shader::Dialect dialect() const;
  /// MD2's per-run hue phases and the renderer's seed, for every renderer made from now on.
  void setRandoms(const std::array<float, 4>& hue, std::uint64_t seed);
  /// The configured texture folders; every slot relinks with them.
  void setTextureSearchPath(std::vector<std::filesystem::path> dirs);
  /// The host's texture provider (null: none); every slot relinks and asks it anew.
  void setTextureProvider(TextureProvider provider);
  /// The configured folders, then the slot's own (MD2 looks in its textures folder first).
  std::vector<std::filesystem::path> searchPathFor(SlotId slot) const;

  /// Makes the renderer in the current context unless there is one; the failure otherwise.
  core::Diagnostics ensureRenderer();
  /// Frees the retired slots' GL objects and links the warp program of `early` (the first half
  /// of a live switch, so that no one frame links two programs). Needs the renderer.
  std::vector<LinkReport> beginDraw(SlotId early);
  /// Links what `frame` shows and draws it (`fresh`: a frame advanced since the last draw, else
  /// only composited again; no frame: the target is cleared). Needs the renderer.
  SlotDrawResult draw(const SlotFrameDraw* frame, bool fresh, const RenderTarget& target);
  /// Forgets every GL object without a GL call; the next draw makes them again.
  void releaseGl();
  /// Renderer::readCanvas; 0 × 0 without a renderer.
  void readCanvas(std::vector<std::uint8_t>* pixels, int& width, int& height);

 private:
  struct Slot {
    SlotShaders input;
    PresetGpuState gpu;
    bool warpLinked = false, compLinked = false;
  };
  void link(SlotId id, Slot& slot, bool warp, bool comp, std::vector<LinkReport>& reports);
  void unlinkAll();

  ShaderRetranslator retranslate_;
  std::unique_ptr<Renderer> renderer_;
  std::map<SlotId, Slot> slots_;  // nodes stay put: FrameDraw points at their GPU states
  std::vector<Slot> retired_;
  std::vector<std::filesystem::path> textureSearch_;
  TextureProvider textureProvider_;
  std::uint64_t textureProviderGeneration_ = 0;
  std::optional<std::pair<std::array<float, 4>, std::uint64_t>> randoms_;
};

}  // namespace phosphene::render
