#pragma once
// Custom messages, the song title and the preset name, drawn where MilkDrop 2 draws them
// (milkdropfs.cpp RenderFrame): the supertext is drawn over the finished picture every frame of
// its life and, on its last frame, burnt into the feedback canvas so that the preset's warp and
// decay carry it away; the preset name goes over everything, in the upper-right corner.
//
// The supertext is first rendered white on black into a title texture (RenderStringToTitleTexture,
// once per launch or canvas size), then drawn through message::buildSupertextMesh's 16 × 8 grid:
// a darkening shadow pass (blend ZERO, ONE_MINUS_SRC_COLOR) and an additive pass (ONE, ONE).
// Destination alpha is left as it was. Text goes through the overlay's renderer
// (TextOverlayRenderer): FreeType when built, the bitmap font otherwise; faces, bold and italic of
// milk_msg.ini are not honoured (one font for all).

#include <cstdint>
#include <memory>
#include <string>

#include "core/Diagnostic.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "message/Supertext.hpp"
#include "message/SupertextMesh.hpp"
#include "render/TextOverlayRenderer.hpp"
#include "render/text/GlyphCache.hpp"
#include "render/text/OverlayBatch.hpp"

namespace phosphene::render {

/// What the message pass draws in one frame (the engine fills it; plain data).
struct TextLayer {
  const message::Supertext* supertext = nullptr;  // null or inactive: none
  /// Changes at every launch: the title texture is drawn again then (MD2 bRedrawSuperText).
  std::uint64_t supertextSerial = 0;
  message::SupertextFrame schedule;
  double time = 0;  // the engine's clock (MD2 GetTime, read by the title's wobble)
  std::string presetName;
  bool showPresetName = false;
  /// Font for all of it: a file, text::kBuiltinFontName, or empty for the system search.
  std::string font;
  /// Changes each time the font is set, even to the same name: a font that failed to open is
  /// tried again then (and only then; its failure is reported once).
  std::uint64_t fontSerial = 0;
};

class MessagePass {
 public:
  MessagePass();
  ~MessagePass();
  MessagePass(const MessagePass&) = delete;
  MessagePass& operator=(const MessagePass&) = delete;

  core::Diagnostics init(gl::GlslDialect dialect);
  /// The burn: into the bound canvas framebuffer (canvasW × canvasH), when the schedule says so.
  void burn(const TextLayer& layer, int canvasW, int canvasH, core::Diagnostics& errors);
  /// Over the picture in the bound target framebuffer (targetW × targetH).
  void drawOver(const TextLayer& layer, int targetW, int targetH, int canvasW, int canvasH,
                core::Diagnostics& errors);

 private:
  bool prepareTitle(const TextLayer& layer, int canvasW, int canvasH, core::Diagnostics& errors);
  void drawMesh(const message::Supertext& s, float progress, const message::MeshInputs& in);
  /// A font at one pixel height, opened again only when the font, its serial or the height
  /// changes. A font that did not open is reported once, not at every frame that asks for it.
  struct FontSlot {
    std::unique_ptr<text::GlyphCache> glyphs;
    std::string font;
    std::uint64_t serial = 0;
    int pixels = 0;
    bool tried = false;  // font / serial / pixels were tried: glyphs, or null when they failed
  };
  bool ensureFont(FontSlot& slot, const TextLayer& layer, int pixels, core::Diagnostics& errors);
  void drawPresetName(const TextLayer& layer, int targetW, int targetH, core::Diagnostics& errors);

  gl::ShaderProgram program_;
  GLint offsetLoc_ = -1, colorLoc_ = -1;
  gl::Buffer vertices_, indices_;
  gl::VertexArray vao_;
  gl::Framebuffer title_;
  TextOverlayRenderer text_;
  bool textReady_ = false;
  FontSlot titleFont_;  // kTitleFontPixels, scaled to the size the layout picks
  FontSlot nameFont_;   // MD2's decorative font size
  // The font setting whose failure was reported: the title's and the name's slot open the same
  // file, and one unreadable file is one diagnostic.
  std::string reportedFont_;
  std::uint64_t reportedSerial_ = 0;
  bool reported_ = false;
  text::OverlayBatch batch_;
  std::uint64_t titleSerial_ = 0;  // what title_ holds
  message::TitleLayout layout_;
};

}  // namespace phosphene::render
