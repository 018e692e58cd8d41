#!/usr/bin/env bash
# "Now playing" from MPRIS (issue 37), run inside xvfb-run and dbus-run-session (a private session
# bus): two fake media players (fake_mpris_player.py) and `phosphene play --switch-on-track`,
# capturing (SDL's dummy driver: silence is enough here):
#   a paused player, there before the watcher starts (found by ListNames): its title is not shown
#   a playing player that appears later (NameOwnerChanged): its title is printed and drawn
#   Next on that player (PropertiesChanged): the new title is shown and the next preset starts
# Screenshots every 5th frame; the first and second titles are kept as title-1.png, title-2.png.
#   mpris_now_playing.sh PLAYER TOOL PRESET_DIR WORKDIR
set -u
# shellcheck source=session_end.sh
source "$(dirname "$0")/session_end.sh"
player=$1 tool=$2 presets=$3 dir=$4
fake=$(dirname "$0")/fake_mpris_player.py
fail() {
  echo "FAIL: $*"
  [ -f "$dir/stderr.txt" ] && { echo "--- player:"; grep -v "screenshot" "$dir/stderr.txt"; }
  exit 1
}
[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || fail "no session bus: run under dbus-run-session"
rm -rf "$dir" && mkdir -p "$dir/presets" "$dir/shots"
cp "$presets/blank-a.milk" "$presets/blank-b.milk" "$dir/presets/"
export XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state XDG_DATA_HOME=$dir/data HOME=$dir
export SDL_AUDIODRIVER=dummy
pids=()
player_pid=""
trap 'for p in "${pids[@]}" $player_pid; do kill "$p" 2>/dev/null; done' EXIT
wait_for() {  # SECONDS PATTERN [FILE]
  local deadline=$((SECONDS + $1))
  until grep -q -- "$2" "${3:-$dir/stderr.txt}" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || return 1
    [ -z "$player_pid" ] || kill -0 "$player_pid" 2>/dev/null || fail "the player exited while waiting for '$2'"
    sleep 0.05
  done
}
start_fake() {  # NAME STATUS TRACK...
  # Debian's interpreter: python3-dbus and python3-gi are installed for it, not for a pyenv one
  /usr/bin/python3 "$fake" "$@" >"$dir/fake-$1.txt" 2>&1 &
  pids+=($!)
  wait_for 10 "^ready" "$dir/fake-$1.txt" || fail "the fake player $1 did not start: $(cat "$dir/fake-$1.txt")"
}
# The newest complete screenshot written after STAMPFILE.
latest_shot() { find "$dir/shots" -name '*.png' -newer "$1" | sort | tail -n 2 | head -n 1; }
# bottom_left PNG: the mean "R G B" where the song title is drawn (the left of the last row).
bottom_left() { "$tool" stats "$1" 0 85 50 100 | sed -n 's/.*red=\([0-9]*\) green=\([0-9]*\) blue=\([0-9]*\).*/\1 \2 \3/p'; }
# middle_lit PNG: lit pixels across the middle, where MilkDrop's title animation flies (the
# presets draw black).
middle_lit() { "$tool" stats "$1" 0 30 100 70 | sed -n 's/.*lit=\([0-9]*\).*/\1/p'; }
t_start=$SECONDS

start_fake paused Paused "Nobody|Paused Song"
for frame in $(seq 5 5 60000); do printf '%d screenshot %s/shots/%06d.png\n' $frame "$dir" $frame; done >"$dir/script.txt"
# shellcheck disable=SC2086
env ${PHOSPHENE_PLAYER_ENV:-} "$player" play --presets "$dir/presets" --no-shuffle --duration 3600 \
  --switch-on-track --size 480x270 --no-window-state --script "$dir/script.txt" --frames 60000 \
  2>"$dir/stderr.txt" &
player_pid=$!
wait_for 20 "mpris: watching the session bus" || fail "the player did not watch the session bus"
wait_for 20 "preset: blank-a.milk" || fail "the first preset did not start"

start_fake fake Playing "Artist One|First Song" "Artist Two|Second Song"
wait_for 5 "now playing: Artist One - First Song (org.mpris.MediaPlayer2.fake)" ||
  fail "the playing player's title was not shown"
touch "$dir/first" && sleep 0.5
shot=$(latest_shot "$dir/first")
[ -n "$shot" ] || fail "no screenshots"
cp "$shot" "$dir/title-1.png"
read -r r g b <<<"$(bottom_left "$shot")"
[ "$r" -gt 3 ] && [ "$g" -gt 3 ] && [ "$b" -gt 3 ] || fail "no title at the bottom left of $shot: $r $g $b"
lit=$(middle_lit "$shot")
[ "$lit" -gt 200 ] || fail "no title animation across the middle of $shot ($lit lit pixels)"
grep -q "Paused Song" "$dir/stderr.txt" && fail "the paused player's title was shown"
grep -q "track changed" "$dir/stderr.txt" && fail "the first track seen switched the preset"
echo "ok: the playing player's title is shown ($r $g $b at the bottom left), the paused one's not"

dbus-send --session --type=method_call --dest=org.mpris.MediaPlayer2.fake /org/mpris/MediaPlayer2 \
  org.mpris.MediaPlayer2.Player.Next || fail "dbus-send Next failed"
wait_for 5 "now playing: Artist Two - Second Song" || fail "the track change was not seen"
wait_for 5 "track changed: next preset" || fail "the track change did not switch the preset"
wait_for 5 "preset: blank-b.milk" || fail "the next preset did not start"
touch "$dir/second" && sleep 0.5
shot=$(latest_shot "$dir/second")
cp "$shot" "$dir/title-2.png"
read -r r g b <<<"$(bottom_left "$shot")"
[ "$r" -gt 3 ] && [ "$g" -gt 3 ] && [ "$b" -gt 3 ] || fail "no title at the bottom left of $shot: $r $g $b"
lit=$(middle_lit "$shot")
[ "$lit" -gt 200 ] || fail "no title animation across the middle of $shot ($lit lit pixels)"
echo "ok: the track change showed the new title and started the next preset"

end_player
grep -v screenshot "$dir/stderr.txt"
echo "ok: $((SECONDS - t_start)) s; pictures: $dir/title-1.png $dir/title-2.png"
