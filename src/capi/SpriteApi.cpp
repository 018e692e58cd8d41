// phosphene_sprite.h: MilkDrop 2's user sprites over the engine's (EngineSprites.cpp).
#include <algorithm>
#include <string>

#include "capi/ApiEngine.hpp"

using phosphene::capi::guarded;

namespace {

/// The result for a failed launch: its first error says what went wrong.
phosphene_result launchFailure(const phosphene::core::Diagnostics& diagnostics) {
  for (const auto& d : diagnostics) {
    if (d.severity != phosphene::core::Severity::Error) continue;
    switch (d.id) {
      case phosphene::core::DiagnosticId::SpriteNotDefined:
        return PHOSPHENE_ERROR_NOT_FOUND;
      case phosphene::core::DiagnosticId::SpriteImageFailed:
        return PHOSPHENE_ERROR_IO;
      default:
        break;
    }
  }
  return PHOSPHENE_ERROR_INTERNAL;
}

phosphene_result finishLaunch(phosphene_engine* engine,
                              phosphene::core::Expected<phosphene::sprite::SpriteId> launched,
                              uint32_t* outId, const char* what) {
  engine->spriteDiagnostics = launched.diagnostics();
  if (!launched) {
    const auto& d = engine->spriteDiagnostics;
    engine->engine.setLastError(std::string(what) + ": " +
                                (d.empty() ? std::string("failed") : d.back().format()));
    return launchFailure(d);
  }
  if (outId) *outId = *launched;
  return PHOSPHENE_OK;
}

}  // namespace

phosphene_result phosphene_sprite_load_ini_file(phosphene_engine* engine,
                                                const char* path) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (path == nullptr) {
    engine->engine.setLastError("phosphene_sprite_load_ini_file: path is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_sprite_load_ini_file", [&] {
    engine->spriteDiagnostics.clear();
    if (engine->engine.loadSpriteIniFile(path, engine->spriteDiagnostics)) return PHOSPHENE_OK;
    engine->engine.setLastError("phosphene_sprite_load_ini_file: " +
                                engine->spriteDiagnostics.back().format());
    return PHOSPHENE_ERROR_IO;
  });
}

phosphene_result phosphene_sprite_load_ini_text(phosphene_engine* engine, const char* text,
                                                const char* folder) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (text == nullptr) {
    engine->engine.setLastError("phosphene_sprite_load_ini_text: text is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_sprite_load_ini_text", [&] {
    engine->spriteDiagnostics.clear();
    engine->engine.loadSpriteIniText(text, folder ? folder : "", engine->spriteDiagnostics);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_sprite_launch(phosphene_engine* engine, int number,
                                         uint32_t* out_id) noexcept {
  if (out_id) *out_id = 0;
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (number < 0) {
    engine->engine.setLastError("phosphene_sprite_launch: the sprite number is negative");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_sprite_launch", [&] {
    return finishLaunch(engine, engine->engine.launchSprite(number), out_id,
                        "phosphene_sprite_launch");
  });
}

phosphene_result phosphene_sprite_launch_code(phosphene_engine* engine, const char* code,
                                              const char* folder, uint32_t* out_id) noexcept {
  if (out_id) *out_id = 0;
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (code == nullptr) {
    engine->engine.setLastError("phosphene_sprite_launch_code: code is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_sprite_launch_code", [&] {
    return finishLaunch(engine, engine->engine.launchSpriteCode(code, folder ? folder : ""), out_id,
                        "phosphene_sprite_launch_code");
  });
}

uint32_t phosphene_sprite_count(const phosphene_engine* engine) noexcept {
  if (engine == nullptr) return 0;
  try {
    return static_cast<uint32_t>(engine->engine.spriteIds().size());
  } catch (...) {
    return 0;
  }
}

uint32_t phosphene_sprite_ids(const phosphene_engine* engine, uint32_t* ids,
                              uint32_t capacity) noexcept {
  if (engine == nullptr || (ids == nullptr && capacity > 0)) return 0;
  try {
    const auto live = engine->engine.spriteIds();
    const auto n = std::min<std::size_t>(live.size(), capacity);
    std::copy_n(live.begin(), n, ids);
    return static_cast<uint32_t>(live.size());
  } catch (...) {
    return 0;
  }
}

phosphene_result phosphene_sprite_kill(phosphene_engine* engine, uint32_t id) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_sprite_kill", [&] {
    return engine->engine.killSprite(id) ? PHOSPHENE_OK : PHOSPHENE_ERROR_NOT_FOUND;
  });
}

phosphene_result phosphene_sprite_kill_all(phosphene_engine* engine) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_sprite_kill_all", [&] {
    engine->engine.killAllSprites();
    return PHOSPHENE_OK;
  });
}

uint32_t phosphene_sprite_diagnostic_count(const phosphene_engine* engine) noexcept {
  return engine ? static_cast<uint32_t>(engine->spriteDiagnostics.size()) : 0;
}

phosphene_result phosphene_sprite_diagnostic(const phosphene_engine* engine, uint32_t index,
                                             phosphene_diagnostic* out) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(engine->spriteDiagnostics, index, out);
}
