// Engine's custom messages, song title and preset name: MD2's supertext is one per visualizer,
// launched by the host and left alone by preset switches, transitions and hard cuts (plugin.cpp
// keeps m_supertext in CPlugin, not in a preset state). advance() turns it into this frame's
// render::TextLayer; the renderer's MessagePass draws it.
#include <string>

#include "engine/Engine.hpp"

namespace phosphene::engine {

core::Diagnostics Engine::loadMessages(std::string_view iniText) {
  message::ParsedMessages parsed = message::parseMessageIni(iniText);
  messages_ = std::move(parsed.set);
  for (const core::Diagnostic& d : parsed.diagnostics)
    logger_.log(d.severity == core::Severity::Info ? core::LogLevel::Info : core::LogLevel::Warning,
                d.format());
  return std::move(parsed.diagnostics);
}

namespace {

// MD2 draws rand() % 1037 for each offset.
message::LaunchRandoms drawOffsets(clock::Random& random) {
  message::LaunchRandoms r{};
  for (int& v : r) v = static_cast<int>(random.nextU32() % 1037u);
  return r;
}

}  // namespace

bool Engine::launchMessage(int n) {
  if (n < 0) n = message::pickRandomMessage(messages_, messageRandom_.nextU32());
  if (n < 0) return false;
  std::optional<message::Supertext> s =
      message::launchMessage(messages_, n, clock_.time(), drawOffsets(messageRandom_));
  if (!s) return false;
  supertext_ = std::move(*s);
  ++supertextSerial_;
  return true;
}

bool Engine::showMessage(const message::CustomMessage& m) {
  std::optional<message::Supertext> s =
      message::launchCustom(m, messages_.fonts[0], clock_.time(), drawOffsets(messageRandom_));
  if (!s) return false;
  supertext_ = std::move(*s);
  ++supertextSerial_;
  return true;
}

bool Engine::showSongTitle(std::string title) {
  if (title.empty()) return false;
  supertext_ = message::launchSongTitle(std::move(title), clock_.time(), titleStyle_);
  ++supertextSerial_;
  return true;
}

void Engine::showPresetName(double seconds) {
  presetNameShown_.until = clock_.time() + seconds;
}

void Engine::setPresetNameDisplay(bool always, double onSwitchSeconds) {
  presetNameShown_.always = always;
  presetNameOnSwitch_ = onSwitchSeconds;
}

void Engine::notePresetStarted() {
  if (presetNameOnSwitch_ > 0.0) presetNameShown_.until = clock_.time() + presetNameOnSwitch_;
}

const render::TextLayer* Engine::prepareTextLayer() {
  const double now = clock_.time();
  textLayer_.time = now;
  textLayer_.font = messageFont_;
  textLayer_.fontSerial = messageFontSerial_;
  textLayer_.schedule = message::supertextFrame(supertext_, now);
  textLayer_.supertext = nullptr;
  if (textLayer_.schedule.overlay) {
    layerSupertext_ = supertext_;
    textLayer_.supertext = &layerSupertext_;
    textLayer_.supertextSerial = supertextSerial_;
  }
  // RenderFrame: off once the frame that reached the end (and burnt it in) is drawn.
  if (textLayer_.schedule.ends) supertext_.startTime = -1.0;
  textLayer_.showPresetName = presetNameShown_.visible(now);
  textLayer_.presetName = textLayer_.showPresetName ? current_.name : std::string();
  const bool any = textLayer_.supertext != nullptr || textLayer_.showPresetName;
  return any ? &textLayer_ : nullptr;
}

}  // namespace phosphene::engine
