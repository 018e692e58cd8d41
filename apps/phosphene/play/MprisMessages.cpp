#include "MprisMessages.hpp"

namespace phosphene::play {
namespace {

// A variant holding a string or an array of strings (xesam:artist is `as` by the spec, a plain
// string from some players), joined with ", ".
std::string stringsIn(DBusMessageIter* variant) {
  if (dbus_message_iter_get_arg_type(variant) != DBUS_TYPE_ARRAY) return stringAt(variant);
  std::string joined;
  DBusMessageIter items;
  dbus_message_iter_recurse(variant, &items);
  for (; dbus_message_iter_get_arg_type(&items) == DBUS_TYPE_STRING;
       dbus_message_iter_next(&items)) {
    if (!joined.empty()) joined += ", ";
    joined += stringAt(&items);
  }
  return joined;
}

// Calls fn(key, valueIterator) for each entry of the a{sv} at `dict`.
template <typename Fn>
void forEachEntry(DBusMessageIter* dict, Fn&& fn) {
  if (dbus_message_iter_get_arg_type(dict) != DBUS_TYPE_ARRAY) return;
  DBusMessageIter entries;
  dbus_message_iter_recurse(dict, &entries);
  for (; dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY;
       dbus_message_iter_next(&entries)) {
    DBusMessageIter entry;
    dbus_message_iter_recurse(&entries, &entry);
    const std::string key = stringAt(&entry);
    if (!dbus_message_iter_next(&entry) ||
        dbus_message_iter_get_arg_type(&entry) != DBUS_TYPE_VARIANT)
      continue;
    DBusMessageIter value;
    dbus_message_iter_recurse(&entry, &value);
    fn(key, &value);
  }
}

MprisTrack readMetadata(DBusMessageIter* dict) {
  MprisTrack track;
  forEachEntry(dict, [&](const std::string& key, DBusMessageIter* value) {
    if (key == "xesam:title")
      track.title = stringAt(value);
    else if (key == "xesam:artist")
      track.artist = stringsIn(value);
  });
  return track;
}

}  // namespace

std::string stringAt(DBusMessageIter* it) {
  if (dbus_message_iter_get_arg_type(it) != DBUS_TYPE_STRING) return "";
  const char* text = nullptr;
  dbus_message_iter_get_basic(it, &text);
  return text ? text : "";
}

MprisProperties readMprisProperties(DBusMessageIter* dict) {
  MprisProperties props;
  forEachEntry(dict, [&](const std::string& key, DBusMessageIter* value) {
    if (key == "PlaybackStatus")
      props.playbackStatus = stringAt(value);
    else if (key == "Metadata")
      props.track = readMetadata(value);
  });
  return props;
}

}  // namespace phosphene::play
