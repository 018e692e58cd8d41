#pragma once
// The two things `phosphene render` draws, each with its own runner. Both take the run's options
// and its audio (already opened, so a bad file is reported before any GL) and return the exit
// status, having printed what went wrong.

#include "AudioFeed.hpp"
#include "RenderOptions.hpp"

namespace phosphene::cli {

/// Presets through the public C API exactly as a host renders them: the first one (or the
/// embedded default), then the sequence, switched by the engine (PresetRender.cpp).
int renderPresets(const RenderOptions& o, AudioFeed& audio);
/// --diagnostic: the engine's audio analysis of each frame drawn as SpectrumView
/// (DiagnosticRender.cpp).
int renderDiagnosticView(const RenderOptions& o, AudioFeed& audio);

}  // namespace phosphene::cli
