// Custom messages, song title and preset name (phosphene_message.h). Each entry point is
// noexcept and catches at the boundary, like the rest of the C API; none touches GL (the engine's
// renderer draws what these set up, at the next draw).

#include <phosphene/phosphene_message.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "capi/ApiEngine.hpp"

namespace {

// A milk_msg.ini far beyond anything MD2 reads (100 messages of 255 characters).
constexpr std::streamoff kMaxMessageFile = 16 * 1024 * 1024;

phosphene_result loadText(phosphene_engine* engine, std::string_view text) {
  engine->messageDiagnostics = engine->engine.loadMessages(text);
  return PHOSPHENE_OK;
}

bool finite(std::initializer_list<float> values) {
  for (float v : values)
    if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace

extern "C" {

phosphene_result phosphene_engine_load_messages_file(phosphene_engine* engine,
                                                     const char* path) noexcept {
  if (engine == nullptr || path == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::guarded(engine, "phosphene_engine_load_messages_file", [&] {
    std::ifstream in(path, std::ios::binary);
    if (in) in.seekg(0, std::ios::end);
    const std::streamoff size = in ? static_cast<std::streamoff>(in.tellg()) : -1;
    if (!in || size < 0 || size > kMaxMessageFile) {
      engine->engine.setLastError(std::string("phosphene_engine_load_messages_file: cannot read ") +
                                  path);
      return PHOSPHENE_ERROR_IO;
    }
    in.seekg(0);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), size)) {
      engine->engine.setLastError(std::string("phosphene_engine_load_messages_file: cannot read ") +
                                  path);
      return PHOSPHENE_ERROR_IO;
    }
    return loadText(engine, text);
  });
}

phosphene_result phosphene_engine_load_messages_text(phosphene_engine* engine, const char* text,
                                                     size_t length) noexcept {
  if (engine == nullptr || (text == nullptr && length != 0))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::guarded(engine, "phosphene_engine_load_messages_text", [&] {
    return loadText(engine, length == 0 ? std::string_view() : std::string_view(text, length));
  });
}

uint32_t phosphene_engine_message_diagnostic_count(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? 0u : static_cast<uint32_t>(engine->messageDiagnostics.size());
}

phosphene_result phosphene_engine_message_diagnostic(const phosphene_engine* engine, uint32_t index,
                                                     phosphene_diagnostic* out) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(engine->messageDiagnostics, index, out);
}

int phosphene_engine_has_message(const phosphene_engine* engine, int number) noexcept {
  return engine != nullptr && engine->engine.messages().has(number) ? 1 : 0;
}

phosphene_result phosphene_engine_launch_message(phosphene_engine* engine, int number) noexcept {
  if (engine == nullptr || number < -1 || number > 99) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::guarded(engine, "phosphene_engine_launch_message", [&] {
    if (engine->engine.launchMessage(number)) return PHOSPHENE_OK;
    engine->engine.setLastError("phosphene_engine_launch_message: no message " +
                                std::to_string(number));
    return PHOSPHENE_ERROR_NOT_FOUND;
  });
}

phosphene_result phosphene_engine_show_message(phosphene_engine* engine,
                                               const phosphene_message_desc* given) noexcept {
  if (engine == nullptr || given == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene_message_desc desc;
  phosphene_message_desc_init(&desc);
  if (phosphene::capi::readVersioned(given, desc) != PHOSPHENE_OK)
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  if (desc.text == nullptr || desc.text[0] == '\0' ||
      !finite({desc.size, desc.x, desc.y, desc.rand_x, desc.rand_y, desc.growth, desc.time,
               desc.fade})) {
    engine->engine.setLastError(
        "phosphene_engine_show_message: text missing or a number not finite");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return phosphene::capi::guarded(engine, "phosphene_engine_show_message", [&] {
    phosphene::message::CustomMessage m;
    m.text = desc.text;
    m.size = desc.size;
    m.x = desc.x;
    m.y = desc.y;
    m.randx = desc.rand_x;
    m.randy = desc.rand_y;
    m.growth = desc.growth;
    m.time = desc.time;
    m.fade = desc.fade;
    // -1: the template font's colour, as in milk_msg.ini.
    if (desc.r != -1) m.r = desc.r;
    if (desc.g != -1) m.g = desc.g;
    if (desc.b != -1) m.b = desc.b;
    m.randR = desc.rand_r;
    m.randG = desc.rand_g;
    m.randB = desc.rand_b;
    engine->engine.showMessage(m);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_show_song_title(phosphene_engine* engine,
                                                  const char* title) noexcept {
  if (engine == nullptr || title == nullptr || title[0] == '\0')
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::guarded(engine, "phosphene_engine_show_song_title", [&] {
    engine->engine.showSongTitle(title);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_set_song_title_duration(phosphene_engine* engine,
                                                          float seconds) noexcept {
  if (engine == nullptr || !(seconds >= 0.1f && seconds <= 60.0f))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene::message::TitleStyle style = engine->engine.titleStyle();
  style.duration = seconds;
  engine->engine.setTitleStyle(style);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_stop_message(phosphene_engine* engine) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  engine->engine.stopMessage();
  return PHOSPHENE_OK;
}

int phosphene_engine_message_showing(const phosphene_engine* engine) noexcept {
  return engine != nullptr && engine->engine.supertext().active() ? 1 : 0;
}

phosphene_result phosphene_engine_show_preset_name(phosphene_engine* engine,
                                                   float seconds) noexcept {
  if (engine == nullptr || !(seconds >= 0.0f && seconds <= 3600.0f))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  engine->engine.showPresetName(seconds);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_set_preset_name_display(phosphene_engine* engine, int always,
                                                          float on_switch_seconds) noexcept {
  if (engine == nullptr || !(on_switch_seconds >= 0.0f && on_switch_seconds <= 3600.0f))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  engine->engine.setPresetNameDisplay(always != 0, on_switch_seconds);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_set_message_font(phosphene_engine* engine,
                                                   const char* font_path) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::guarded(engine, "phosphene_engine_set_message_font", [&] {
    engine->engine.setMessageFont(font_path != nullptr ? font_path : "");
    return PHOSPHENE_OK;
  });
}

}  // extern "C"
