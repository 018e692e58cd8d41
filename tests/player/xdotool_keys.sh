#!/usr/bin/env bash
# Real X key events (XTEST through xdotool), run inside xvfb-run: the player's window gets `n`
# (a second preset starts) and quits on Ctrl+Q.
#   xdotool_keys.sh PLAYER XDOTOOL WORKDIR PRESETS
set -u
player=$1 xdotool=$2 dir=$3 presets=$4
[ -x "$xdotool" ] || { echo "xdotool not found: install it (scripts/deps.sh)"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir"
export XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state XDG_DATA_HOME=$dir/data SDL_AUDIODRIVER=dummy
# --frames: a safety net so a lost key can never hang the test.
# PHOSPHENE_PLAYER_ENV: NAME=VALUE words for the player only (ASan builds: keep Mesa's driver
# mapped, see cmake/PhospheneWarnings.cmake).
# shellcheck disable=SC2086
env ${PHOSPHENE_PLAYER_ENV:-} "$player" play --presets "$presets" --size 320x240 --no-shuffle --frames 6000 2>"$dir/stderr.txt" &
pid=$!
win=$(timeout 60 "$xdotool" search --sync --name '^Phosphene$' | head -n1)
[ -n "$win" ] || { echo "no window appeared"; cat "$dir/stderr.txt"; kill $pid; exit 1; }
"$xdotool" windowfocus --sync "$win"
for _ in $(seq 100); do grep -q "preset: " "$dir/stderr.txt" && break; sleep 0.1; done
"$xdotool" key n
for _ in $(seq 100); do [ "$(grep -c 'preset: ' "$dir/stderr.txt")" -ge 2 ] && break; sleep 0.1; done
"$xdotool" key ctrl+q
for _ in $(seq 200); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill -0 $pid 2>/dev/null; then echo "Ctrl+Q did not quit"; kill $pid; cat "$dir/stderr.txt"; exit 1; fi
wait $pid; rc=$?
cat "$dir/stderr.txt"
[ $rc -eq 0 ] || { echo "exit status $rc"; exit 1; }
frames=$(sed -n 's/^phosphene play: \([0-9]*\) frames$/\1/p' "$dir/stderr.txt")
[ "$(grep -c 'preset: ' "$dir/stderr.txt")" -ge 2 ] || { echo "n did not switch the preset"; exit 1; }
[ "${frames:-6000}" -lt 6000 ] || { echo "quit by --frames, not by Ctrl+Q"; exit 1; }
echo "ok: n switched, Ctrl+Q quit after $frames frames"
