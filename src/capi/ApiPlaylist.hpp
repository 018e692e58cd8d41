#pragma once
// The engine's playlist as the C API exposes it: a playlist::Playlist bound to one engine. It
// answers the engine's "which preset next?" (unless the host set its own callback), switches the
// engine when the host moves in it, and hears the engine's events (a failed load counts against
// the item, a started one clears its count). The playlist itself stays pure (src/playlist/).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/Engine.hpp"
#include "playlist/Playlist.hpp"
#include "playlist/Ratings.hpp"

struct phosphene_preset;
struct phosphene_engine;

struct phosphene_playlist {
  phosphene_playlist(phosphene::engine::Engine& engine, std::uint64_t seed);

  /// The preset source of item `index`, tagged with the index (events carry it back).
  phosphene::engine::PresetSource source(std::size_t index) const;
  /// Switches the engine to item `index` (transition as Engine::requestPreset); the request id.
  std::uint64_t play(std::size_t index, double transitionSeconds,
                     phosphene::engine::SwitchReason reason);
  /// The engine's PresetProvider: the next item (shuffled or in order).
  std::optional<phosphene::engine::PresetSource> provide(phosphene::engine::SwitchReason reason);
  /// Hands the playlist what it needs of an engine event.
  void onEvent(const phosphene::engine::EngineEvent& event);
  /// Installs provide() as the engine's provider (at creation, and when the host removes its
  /// next-preset callback); the engine asks it for every preset it picks itself, the first too.
  void attach();

  phosphene::engine::Engine& engine;
  phosphene_engine* owner = nullptr;  // the handle this playlist belongs to (its last error)
  phosphene::playlist::Playlist list;
  phosphene::playlist::Ratings ratings;
  /// Preset handles added by the host, by their item's name (text items carry the text; a native
  /// preset also needs its function).
  std::map<std::string, std::shared_ptr<const phosphene::engine::NativePreset>, std::less<>>
      natives;
  mutable std::string scratch;  // the string an item accessor returned last
};
