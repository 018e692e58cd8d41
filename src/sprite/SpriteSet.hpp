#pragma once
// The live user sprites of one engine, as MD2's texture manager keeps them (vis_milk2/texmgr.h
// and plugin.cpp LaunchSprite / KillSprite): NUM_TEX = 16 slots; a launch takes the first free
// slot, or when none is free the sprite launched longest ago (the lowest start frame, the lowest
// slot on a tie) is killed and its slot reused. Every frame the sprites are stepped in slot order
// (milkdropfs.cpp DrawUserSprites): inputs set, per-frame code run, one quad drawn, and a sprite
// whose code set `done` is removed after its last draw. Sprites belong to the engine, not to a
// preset: switches, transitions and hard cuts leave them alone.
//
// Each sprite has its own variables (MD2 gives each slot its own EEL VM context) and shares the
// engine's reg00-reg99 and gmegabuf. Images are the caller's: a sprite names one by an opaque key
// and its size (the quad's aspect needs it). No GL, nothing global.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/Diagnostic.hpp"
#include "eel/Eel.hpp"
#include "sprite/SpriteGeometry.hpp"
#include "sprite/SpriteIni.hpp"

namespace phosphene::sprite {

/// A sprite's handle; never reused within one SpriteSet. 0 is no sprite.
using SpriteId = std::uint32_t;

/// What a frame hands every sprite's code (DrawUserSprites sets these before running it).
struct SpriteFrameInputs {
  double time = 0.0;        // engine clock; the code sees time since the launch
  std::uint64_t frame = 0;  // engine frame; the code sees frames since the launch
  double fps = 0.0;
  double progress = 1.0;                              // the preset blend's progress
  double bass = 0.0, mid = 0.0, treb = 0.0;           // MD2's imm_rel
  double bassAtt = 0.0, midAtt = 0.0, trebAtt = 0.0;  // MD2's avg_rel
  int viewWidth = 0, viewHeight = 0;                  // for the quad's aspect
};

/// An image a sprite is drawn with: the caller's key, and its size in pixels.
struct SpriteImage {
  std::uint64_t key = 0;
  int width = 1, height = 1;
};

/// One sprite's draw this frame, in draw order.
struct SpriteDraw {
  SpriteId id = 0;
  int number = -1;  // the [imgNN] it came from; -1: launched from code text
  SpriteImage image;
  SpriteQuad quad;
};

struct LaunchResult {
  SpriteId id = 0;
  SpriteId evicted = 0;           // the oldest sprite killed to make room; 0: none
  core::Diagnostics diagnostics;  // code that did not compile (the sprite runs without it)
  bool initOverBudget = false;    // the init code's loops were cut short by the budget
};

/// The sprite whose code was running when a frame's shared loop budget ran out (the sprites
/// after it in that frame find it spent too).
struct BudgetCut {
  SpriteId id = 0;
  int number = -1;
};

class SpriteSet {
 public:
  /// MD2's NUM_TEX (texmgr.h).
  static constexpr int kDefaultMaxSprites = 16;
  /// Loop iterations all sprites' code may run per frame (and one init), as the engine caps a
  /// preset's (the same 4,000,000 by default): `loop(1e9, ...)` in a sprite cannot stall frames.
  static constexpr std::int64_t kDefaultIterationBudget = 4'000'000;

  explicit SpriteSet(eel::Globals& globals, int maxSprites = kDefaultMaxSprites);
  ~SpriteSet();
  SpriteSet(const SpriteSet&) = delete;
  SpriteSet& operator=(const SpriteSet&) = delete;

  /// Launches `definition` at engine time `time`, frame `frame` (what the next step counts
  /// from). Runs its init code now. Always launches (MD2 only warns about code errors).
  LaunchResult launch(const SpriteDefinition& definition, const SpriteImage& image, double time,
                      std::uint64_t frame);
  /// Removes a sprite (no last draw); false when no such sprite lives.
  bool kill(SpriteId id);
  /// Removes every sprite; returns their ids in slot order.
  std::vector<SpriteId> killAll();
  /// Ids of the live sprites in draw (slot) order.
  std::vector<SpriteId> ids() const;
  std::size_t count() const;
  int maxSprites() const { return static_cast<int>(slots_.size()); }
  /// Whether a live sprite draws with the image `key` (the caller frees images no one uses).
  bool usesImage(std::uint64_t key) const;
  /// Negative: unlimited (MD2's own per-loop cap only).
  void setIterationBudget(std::int64_t iterations) { budget_.limit = iterations; }

  /// One frame: every sprite in slot order. `draws` receives their quads, `ended` the ids of
  /// sprites that set `done` (drawn this once more, then removed). Both are cleared first.
  void step(const SpriteFrameInputs& inputs, std::vector<SpriteDraw>& draws,
            std::vector<SpriteId>& ended);
  /// After step(): the sprite that ran the frame's loop budget out, if any did.
  const std::optional<BudgetCut>& lastStepCut() const { return lastStepCut_; }

 private:
  struct Sprite;
  eel::Globals* globals_;
  eel::IterationBudget budget_;                 // shared by every sprite's context
  std::vector<std::unique_ptr<Sprite>> slots_;  // null: free
  SpriteId nextId_ = 1;
  std::optional<BudgetCut> lastStepCut_;
};

}  // namespace phosphene::sprite
