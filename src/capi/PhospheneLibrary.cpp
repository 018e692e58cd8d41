// libphosphene.so: every entry point lives in the phosphene_capi archive, linked in whole (see
// src/CMakeLists.txt), so this file only anchors the shared library target and checks at compile
// time that the public header still matches what the stages expect.

#include <phosphene/phosphene.h>

#include "audio/FrameAudio.hpp"

static_assert(PHOSPHENE_WAVEFORM_SAMPLES == phosphene::audio::kWaveformSamples);
static_assert(PHOSPHENE_SPECTRUM_BINS == phosphene::audio::kSpectrumBins);
static_assert(PHOSPHENE_ANALYSIS_SAMPLE_RATE == phosphene::audio::kAnalysisSampleRate);
