#pragma once
// A preset written in C++ (or C, through the C API): a .milk "base" (file values, waves, shapes,
// shaders, even EEL equations) plus a per-frame function. The engine runs the base like any
// preset and calls the function after the base's per_frame code, every frame, with the frame's
// variables to change by name; per-vertex code, waves, shapes, shaders and transitions then read
// what it set. So a native preset switches, blends and sits in playlists like a .milk.

#include <memory>
#include <string>
#include <string_view>

#include "audio/FrameAudio.hpp"
#include "preset/FrameState.hpp"

namespace phosphene::engine {

/// What a native preset's per-frame function sees: this frame's inputs and audio, and the
/// per-frame variables to read and change. Valid only during the call.
class NativeFrame {
 public:
  NativeFrame(preset::FrameVars& vars, const preset::FrameInputs& inputs,
              const audio::FrameAudio& audio)
      : vars_(vars), inputs_(inputs), audio_(audio) {}

  /// An input (time fps frame progress bass mid treb bass_att mid_att treb_att meshx meshy
  /// pixelsx pixelsy aspectx aspecty) or a per-frame variable by its .milk name (zoom, wave_r,
  /// q1..q32, ...; case-insensitive, as EEL names are). Unknown: nothing.
  [[nodiscard]] bool get(std::string_view name, double& value) const;
  /// Sets a per-frame variable; false for inputs and unknown names. Non-finite values become 0.
  bool set(std::string_view name, double value);

  const audio::FrameAudio& audio() const { return audio_; }
  const preset::FrameInputs& inputs() const { return inputs_; }
  preset::FrameVars& vars() { return vars_; }

 private:
  preset::FrameVars& vars_;
  const preset::FrameInputs& inputs_;
  const audio::FrameAudio& audio_;
};

/// One running instance of a native preset (one per start: a transition from a preset to itself
/// has two). Destroyed when the preset stops, on the controller thread.
class NativeInstance {
 public:
  virtual ~NativeInstance() = default;
  virtual void perFrame(NativeFrame& frame) = 0;
};

/// A native preset: immutable, shared by every engine and playlist that uses it.
class NativePreset {
 public:
  virtual ~NativePreset() = default;
  virtual const std::string& name() const = 0;
  /// The .milk text run under the function ("" : MilkDrop's defaults).
  virtual const std::string& baseText() const = 0;
  /// A new instance, when an engine starts the preset (controller thread).
  virtual std::unique_ptr<NativeInstance> start() const = 0;
};

}  // namespace phosphene::engine
