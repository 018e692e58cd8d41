#pragma once
// MilkDrop 2's two-digit launches: a mode key chooses what two digits do (a custom message, a
// sprite, or killing the sprites of a number) and the second digit launches. The facts are
// vis_milk2/plugin.cpp's key handler (NUMERIC_INPUT_MODE_*, m_nNumericInputNum/Digits): the mode
// starts at messages, a mode key clears the digits typed so far, and the mode stays after a
// launch. Plain logic, so the unit tests drive it without a window.

#include <optional>

namespace phosphene::play {

enum class LaunchMode { Message, Sprite, KillSprite };

struct Launch {
  LaunchMode mode;
  int number;  // 0..99
};

class LaunchKeys {
 public:
  /// A mode key: MD2's y / Y (messages), k (sprites), K (kill sprites of a number).
  void setMode(LaunchMode mode) {
    mode_ = mode;
    clear();
  }
  LaunchMode mode() const { return mode_; }
  /// A digit key (0..9): the launch when it is the second digit.
  std::optional<Launch> digit(int d);
  /// Forgets a first digit (MD2's `*`, and Delete).
  void clear() {
    digits_ = 0;
    number_ = 0;
  }
  /// The first digit typed while waiting for the second, else nothing.
  std::optional<int> pending() const {
    return digits_ > 0 ? std::optional<int>(number_) : std::nullopt;
  }

 private:
  LaunchMode mode_ = LaunchMode::Message;
  int digits_ = 0, number_ = 0;
};

/// What the mode is called in messages ("message", "sprite", "kill sprite").
const char* launchModeName(LaunchMode mode);

}  // namespace phosphene::play
