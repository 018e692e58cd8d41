#pragma once
// The diagnostic view: what the audio stage hands a preset, drawn plainly. Spectrum bars (log
// frequency axis), the left and right waveforms, bass/mid/treb meters with their smoothed (_att)
// values as ticks, and a beat lamp: `phosphene render --diagnostic`, a quick visual check of the
// analysis. Part of the CLI, not the library: no host needs it. It draws with the library's GL
// wrappers, kept out of this header so that render's code sees no GL.
//
// It draws into the framebuffer bound by the caller, over the whole viewport it is given, and
// keeps no state between frames: the same input gives the same picture.

#include <memory>
#include <vector>

#include "core/Expected.hpp"

namespace phosphene::cli {

/// One frame of analysis values, in MilkDrop 2's units (the C API's phosphene_audio_frame has the
/// same fields). Plain arrays so any producer can fill it.
struct SpectrumViewInput {
  static constexpr int kWaveformSamples = 576;
  static constexpr int kSpectrumBins = 512;
  float waveform[2][kWaveformSamples] = {};  // [0] left, [1] right; full scale ~ +-128
  float spectrum[2][kSpectrumBins] = {};     // bin i = i * 44100 / 1024 Hz; >= 0
  float bass = 1, mid = 1, treb = 1;         // 1.0 = as loud as usual
  float bassAtt = 1, midAtt = 1, trebAtt = 1;
  bool beat = false;
};

class SpectrumView {
 public:
  /// Compiles the view's one program for the current context (once per context; keep the view).
  static core::Expected<SpectrumView> create();
  SpectrumView(SpectrumView&&) noexcept;
  SpectrumView& operator=(SpectrumView&&) noexcept;
  /// Deletes its GL objects: the context must be current.
  ~SpectrumView();

  /// Draws `input` into the bound framebuffer over a viewport of width x height pixels (the
  /// caller's glViewport). Changes: program, VAO and array buffer bindings (restored to 0),
  /// disables blending, depth and scissor tests. Returns GL errors raised while drawing.
  core::Diagnostics draw(const SpectrumViewInput& input, int width, int height);

  /// Spectrum bars drawn (each averages a band of bins, spaced logarithmically).
  static constexpr int kBars = 64;

 private:
  struct Vertex {
    float x, y;                // normalised device coordinates
    unsigned char r, g, b, a;  // sRGB-ish colour, normalised by GL
  };
  struct GlObjects;  // program, vertex buffer, vertex array
  SpectrumView();
  void quad(float x0, float y0, float x1, float y1, const unsigned char rgba[4]);
  void line(const float* ys, int n, float x0, float x1, float yCentre, float yScale, float pxW,
            float pxH, float thickness, const unsigned char rgba[4]);

  std::unique_ptr<GlObjects> gl_;
  std::vector<Vertex> scratch_;  // reused every frame: no per-frame allocation
  std::size_t capacity_ = 0;     // vertices the GL buffer holds
};

}  // namespace phosphene::cli
