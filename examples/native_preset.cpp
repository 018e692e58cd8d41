// native_preset: a MilkDrop preset written in C++ (phosphene.hpp's NativePreset), played headless.
//
// The preset is a small .milk base (a spectrum wave, a warp, a border) plus C++ per-frame code:
// the zoom breathes with the bass, the picture turns faster after every beat it counts, and the
// border shifts from red to blue over the song. Each start of the preset is a new object, so the
// beat counter is the instance's own. It renders 180 frames into a texture and writes the last
// one as a PPM image when given a path.
//
//   native_preset [out.ppm]
//
// Exit status 0 on success, 77 when the machine has no EGL display, 1 on failure.
#include <phosphene/phosphene.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

#include "example_gl.h"

namespace {

constexpr int kWidth = 160, kHeight = 120;

const char kBase[] =
    "[preset00]\n"
    "fDecay=0.98\nwarp=0.3\nnWaveMode=0\nfWaveAlpha=1\nfWaveScale=1.2\nbAdditiveWaves=1\n"
    "wave_r=0.9\nwave_g=0.9\nwave_b=0.4\n"
    "ob_size=0.03\nob_a=1\n";

class BeatTunnel : public phosphene::NativePreset {
 public:
  void perFrame(phosphene::NativeFrame& frame) override {
    const double bass = frame.get("bass");
    const double time = frame.get("time");
    if (bass > 1.3 && time - lastBeat_ > 0.25) {
      ++beats_;
      lastBeat_ = time;
    }
    frame.set("zoom", 0.94 + 0.04 * bass);  // below 1: the picture flows inward
    frame.set("rot", 0.005 * beats_);
    const double shift = 0.5 + 0.5 * std::sin(time * 0.8);
    frame.set("ob_r", 1.0 - shift);
    frame.set("ob_g", 0.1);
    frame.set("ob_b", shift);
    frame.set("q1", beats_);  // custom waves, shapes and shaders could read it
  }

 private:
  int beats_ = 0;
  double lastBeat_ = -1.0;
};

}  // namespace

int main(int argc, char** argv) {
  EGLDisplay display;
  EGLContext context;
  if (!example_make_context(&display, &context)) {
    std::printf("native_preset: no EGL display with OpenGL ES 3.0; skipped\n");
    return 77;
  }
  const GLuint texture = example_make_texture(kWidth, kHeight);
  int status = 1;
  {
    phosphene::Engine engine;
    phosphene::Preset tunnel = phosphene::NativePreset::make<BeatTunnel>("beat tunnel", kBase);
    if (!engine || !tunnel) {
      std::fprintf(stderr, "native_preset: %s\n", phosphene_result_string(tunnel.result()));
    } else {
      phosphene_transition_desc cut;
      phosphene_transition_desc_init(&cut);
      cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
      engine.switchTo(tunnel, &cut);
      engine.waitForPreset();
      phosphene_result rc = PHOSPHENE_OK;
      for (int frame = 0; frame < 180 && rc == PHOSPHENE_OK; ++frame) {
        example_add_audio(engine.get(), frame);
        rc = engine.advance();
        if (rc == PHOSPHENE_OK) rc = engine.drawToTexture(texture, kWidth, kHeight);
      }
      if (rc != PHOSPHENE_OK) {
        std::fprintf(stderr, "native_preset: %s\n", engine.lastError().c_str());
      } else {
        std::vector<unsigned char> rgba(kWidth * kHeight * 4);
        GLuint fbo = 0;
        glGenFramebuffers(1, &fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
        glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
        glDeleteFramebuffers(1, &fbo);
        double sum = 0.0;
        for (int i = 0; i < kWidth * kHeight; ++i) sum += rgba[4 * i] + rgba[4 * i + 1];
        std::printf("native_preset: %s, 180 frames at %dx%d, mean brightness %.1f\n",
                    engine.presetName(), kWidth, kHeight, sum / (2.0 * kWidth * kHeight));
        if (argc > 1) {
          if (std::FILE* out = std::fopen(argv[1], "wb")) {
            std::fprintf(out, "P6\n%d %d\n255\n", kWidth, kHeight);
            for (int y = kHeight - 1; y >= 0; --y)  // GL rows start at the bottom
              for (int x = 0; x < kWidth; ++x) std::fwrite(&rgba[4 * (y * kWidth + x)], 1, 3, out);
            std::fclose(out);
          }
        }
        status = sum > 0.0 ? 0 : 1;
      }
    }
  }  // the engine goes while the context is current
  glDeleteTextures(1, &texture);
  example_drop_context(display, context);
  return status;
}
