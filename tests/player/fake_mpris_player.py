#!/usr/bin/env python3
"""A fake MPRIS media player for the player's tests: owns org.mpris.MediaPlayer2.NAME on the
session bus, answers the Player interface's properties (PlaybackStatus, Metadata with xesam:title
and xesam:artist) and, on Next(), moves to the next track and emits PropertiesChanged the way real
players do. Prints "ready" once the name is owned.
   fake_mpris_player.py NAME STATUS "ARTIST|TITLE" ["ARTIST|TITLE" ...]
"""
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PATH = "/org/mpris/MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
PROPS = "org.freedesktop.DBus.Properties"


class FakePlayer(dbus.service.Object):
    def __init__(self, bus, status, tracks):
        super().__init__(bus, PATH)
        self.status = status
        self.tracks = tracks
        self.at = 0

    def metadata(self):
        artist, title = self.tracks[self.at]
        return dbus.Dictionary(
            {
                "mpris:trackid": dbus.ObjectPath(f"/org/phosphene/track/{self.at}"),
                "xesam:title": dbus.String(title),
                "xesam:artist": dbus.Array([artist], signature="s"),
            },
            signature="sv",
        )

    def player_properties(self):
        return dbus.Dictionary(
            {"PlaybackStatus": dbus.String(self.status), "Metadata": self.metadata()},
            signature="sv",
        )

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.player_properties()[name]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.player_properties() if interface == PLAYER else {}

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    @dbus.service.method(PLAYER)
    def Next(self):
        self.at = (self.at + 1) % len(self.tracks)
        self.status = "Playing"
        self.PropertiesChanged(PLAYER, self.player_properties(), dbus.Array([], signature="s"))


def main():
    name, status = sys.argv[1], sys.argv[2]
    tracks = [tuple(t.split("|", 1)) for t in sys.argv[3:]]
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    player = FakePlayer(bus, status, tracks)
    owned = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus)
    print("ready", flush=True)
    GLib.MainLoop().run()
    del player, owned


if __name__ == "__main__":
    main()
