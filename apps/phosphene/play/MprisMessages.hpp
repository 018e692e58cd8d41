#pragma once
// Reading MPRIS properties out of libdbus messages: the a{sv} of GetAll and PropertiesChanged,
// and the Metadata dictionary inside it. Only the keys the player shows are read; values of an
// unexpected type are skipped (players differ: some send xesam:artist as a string).

#include <dbus/dbus.h>

#include <optional>
#include <string>

#include "MprisPlayers.hpp"

namespace phosphene::play {

struct MprisProperties {
  std::optional<std::string> playbackStatus;
  std::optional<MprisTrack> track;  // set when Metadata was present
};

/// `dict` points at an a{sv} argument; reads PlaybackStatus and Metadata from it.
MprisProperties readMprisProperties(DBusMessageIter* dict);

/// The string at `it` if it is one, else "".
std::string stringAt(DBusMessageIter* it);

}  // namespace phosphene::play
