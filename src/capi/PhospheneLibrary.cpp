// libphosphene.so: every entry point lives in the phosphene_capi archive, linked in whole (see
// src/CMakeLists.txt), so this file only anchors the shared library target and checks at compile
// time that the public header still matches what the stages expect.

#include <phosphene/phosphene.h>

#include "audio/FrameAudio.hpp"
#include "engine/Engine.hpp"

static_assert(PHOSPHENE_WAVEFORM_SAMPLES == phosphene::audio::kWaveformSamples);
static_assert(PHOSPHENE_SPECTRUM_BINS == phosphene::audio::kSpectrumBins);
static_assert(PHOSPHENE_MAX_BURNS == phosphene::engine::Engine::kMaxBurns);
static_assert(PHOSPHENE_ANALYSIS_SAMPLE_RATE == phosphene::audio::kAnalysisSampleRate);
static_assert(PHOSPHENE_MIN_MESH_X == phosphene::engine::Engine::kMinMeshX &&
              PHOSPHENE_MAX_MESH_X == phosphene::engine::Engine::kMaxMeshX &&
              PHOSPHENE_MIN_MESH_Y == phosphene::engine::Engine::kMinMeshY &&
              PHOSPHENE_MAX_MESH_Y == phosphene::engine::Engine::kMaxMeshY &&
              PHOSPHENE_DEFAULT_MESH_X == phosphene::engine::Engine::kDefaultMeshX &&
              PHOSPHENE_DEFAULT_MESH_Y == phosphene::engine::Engine::kDefaultMeshY);
