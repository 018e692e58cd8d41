// `phosphene render --diagnostic`: an engine with no preset analyses the audio (the C API's
// phosphene_engine_advance + phosphene_engine_get_audio, as an analysis-only host does) and
// SpectrumView draws each frame's analysis into the run's offscreen framebuffer.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <memory>
#include <string>

#include "OfflineEngine.hpp"
#include "RenderFrameLoop.hpp"
#include "RenderGl.hpp"
#include "RenderModes.hpp"
#include "SpectrumView.hpp"

namespace phosphene::cli {
namespace {

void copyAnalysis(const phosphene_audio_frame& a, SpectrumViewInput& v) {
  static_assert(PHOSPHENE_WAVEFORM_SAMPLES == SpectrumViewInput::kWaveformSamples);
  static_assert(PHOSPHENE_SPECTRUM_BINS == SpectrumViewInput::kSpectrumBins);
  for (int c = 0; c < 2; ++c) {
    std::copy(std::begin(a.waveform[c]), std::end(a.waveform[c]), v.waveform[c]);
    std::copy(std::begin(a.spectrum[c]), std::end(a.spectrum[c]), v.spectrum[c]);
  }
  v.bass = a.bass;
  v.mid = a.mid;
  v.treb = a.treb;
  v.bassAtt = a.bass_att;
  v.midAtt = a.mid_att;
  v.trebAtt = a.treb_att;
  v.beat = a.beat != 0;
}

}  // namespace

int renderDiagnosticView(const RenderOptions& o, AudioFeed& audio) {
  const long long frames = o.frameCount(audio.durationSeconds());
  auto gl = RenderGl::open(o);
  if (!gl) return 1;
  printRunDetails(o, audio, frames);
  auto view = SpectrumView::create();
  if (!view) {
    for (const auto& d : view.diagnostics())
      std::fprintf(stderr, "phosphene render: %s\n", d.format().c_str());
    return 1;
  }
  std::string error;
  const auto engine = OfflineEngine::create(o.fps, o.seed, "render", error);
  if (!engine) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  auto input = std::make_unique<SpectrumViewInput>();
  phosphene_audio_frame analysis;
  phosphene_audio_frame_init(&analysis);
  return renderFrames({o, audio, *gl, frames, "diagnostic view"},
                      [&](long long f, std::string& frameError) {
                        if (!audio.feedFrame(f, engine->get(), frameError)) return false;
                        if (phosphene_engine_advance(engine->get(), 0.0) != PHOSPHENE_OK ||
                            phosphene_engine_get_audio(engine->get(), &analysis) != PHOSPHENE_OK) {
                          frameError = "audio analysis: " + engine->lastError();
                          return false;
                        }
                        copyAnalysis(analysis, *input);
                        gl->framebuffer.bind();
                        const auto glErrors = view->draw(*input, o.size.width, o.size.height);
                        if (glErrors.empty()) return true;
                        frameError = glErrors.front().format();
                        return false;
                      });
}

}  // namespace phosphene::cli
