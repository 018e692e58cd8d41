#pragma once
// The preset an offline run starts with (`render`, `bench`): read and checked before any engine or
// GL context exists, so a preset that does not load is reported at once with its diagnostics; then
// started in an engine with a hard cut and waited for, so the run's first frame shows it and the
// output does not depend on how fast the loader thread was.

#include <phosphene/phosphene.h>

#include <memory>
#include <string>
#include <vector>

namespace phosphene::cli {

class FirstPreset {
 public:
  /// `path` empty: the embedded default preset (EmbeddedPresets.hpp).
  explicit FirstPreset(const std::string& path);
  /// PHOSPHENE_OK when it loaded (perhaps with warnings), else why not.
  phosphene_result status() const;
  /// The path given, or the embedded preset's name: what messages call it.
  const std::string& name() const { return name_; }
  /// Every diagnostic of the load as "NAME:LINE: [ID] message".
  std::vector<std::string> diagnostics() const;

  /// Switches `engine` to it with a hard cut and waits until it is ready (it starts at the next
  /// advance). False when the engine refuses (see phosphene_engine_last_error).
  bool startIn(phosphene_engine* engine) const;

 private:
  std::string name_;
  std::unique_ptr<phosphene_preset, decltype(&phosphene_preset_destroy)> preset_;
};

}  // namespace phosphene::cli
