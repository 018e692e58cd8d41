#!/usr/bin/env bash
# MilkDrop 2's sprites and custom messages in the player (issue 35), with real X key events
# (xdotool) inside xvfb-run. milk_img.ini and milk_msg.ini lie next to the config
# ($XDG_CONFIG_HOME/phosphene/); the preset draws black, so whatever is lit is the launch:
#   k 0 0          sprite [img00] (tests/data/sprites: a red/green/blue/magenta square, centred)
#   Delete         kills it (the newest sprite) and the centre is black again
#   Shift+y 0 1    custom message 01: a big white word in the centre
#   Shift+t        the song title animation (the song's title from its tags)
# Screenshots (Ctrl+S) of each step stay in WORKDIR/shots for a look.
#   sprites_messages.sh PLAYER TOOL BLANK_PRESET WORKDIR
set -u
player=$1 tool=$2 preset=$3 dir=$4
xdotool=$(command -v xdotool) || { echo "xdotool not found: install it (scripts/deps.sh)"; exit 1; }
sprites=$(cd "$(dirname "$0")/../data/sprites" && pwd)
rm -rf "$dir" && mkdir -p "$dir/shots" "$dir/raw" "$dir/config/phosphene"
export XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state XDG_DATA_HOME=$dir/data HOME=$dir
export SDL_AUDIODRIVER=dummy
cp "$sprites/quadrants.png" "$dir/config/phosphene/"
# Only img00 (the fixture's other sections test bad lines and would print diagnostics).
sed -n '/^\[img00\]/,/^$/p' "$sprites/milk_img.ini" >"$dir/config/phosphene/milk_img.ini"
cat >"$dir/config/phosphene/milk_msg.ini" <<'INI'
[message01]
text=HELLO
size=70
time=30
fade=0
INI
"$tool" wav "$dir/song.wav" || exit 1
pid=""
fail() {
  echo "FAIL: $*"
  echo "--- player:"
  cat "$dir/stderr.txt"
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  exit 1
}
wait_for() {  # SECONDS PATTERN [COUNT]: until stderr has COUNT (default 1) lines matching
  local deadline=$((SECONDS + $1))
  until [ "$(grep -c -- "$2" "$dir/stderr.txt" 2>/dev/null)" -ge "${3:-1}" ]; do
    [ $SECONDS -lt $deadline ] || return 1
    kill -0 "$pid" 2>/dev/null || fail "the player exited while waiting for '$2'"
    sleep 0.1
  done
}
shot() {  # NAME: a screenshot of the window, kept as shots/NAME.png; prints its centre's stats
  # Counted from the log, not a variable: shot runs in $(...) subshells.
  local before png
  before=$(grep -c "screenshot " "$dir/stderr.txt")
  "$xdotool" key ctrl+s
  wait_for 10 "screenshot " $((before + 1)) || fail "no screenshot after $before"
  png=$(grep "screenshot " "$dir/stderr.txt" | tail -n1 | sed 's/.*screenshot \(.*\.png\).*/\1/')
  [ -f "$png" ] || fail "screenshot file '$png' not found"
  mv "$png" "$dir/shots/$1.png"
  "$tool" stats "$dir/shots/$1.png" 35 35 65 65
}
field() { sed -n "s/.*$1=\([0-9]*\).*/\1/p" <<<"$2"; }
# settle NAME TEST: screenshots NAME until `TEST "$stats"` holds (a loaded machine may draw the
# launch a few frames late), at most 10 tries half a second apart; prints the last stats.
settle() {
  local stats try
  for try in 1 2 3 4 5 6 7 8 9 10; do
    sleep 0.5
    stats=$(shot "$1")
    if "$2" "$stats"; then break; fi
  done
  echo "$stats"
}
has_sprite() {
  [ "$(field lit "$1")" -gt $(($(field pixels "$1") / 4)) ] && [ "$(field red "$1")" -gt 30 ] &&
    [ "$(field green "$1")" -gt 30 ] && [ "$(field blue "$1")" -gt 30 ]
}
is_black() { [ "$(field lit "$1")" -lt 50 ]; }
has_text() { [ "$(field bright "$1")" -gt 100 ]; }

# shellcheck disable=SC2086
env ${PHOSPHENE_PLAYER_ENV:-} "$player" play --preset "$preset" --size 320x240 --set presets.duration=3600 --screenshot-dir "$dir/raw" \
  --set overlay.show_preset_name=false "$dir/song.wav" 2>"$dir/stderr.txt" &
pid=$!
win=$(timeout 60 "$xdotool" search --sync --name '^Phosphene$' | head -n1)
[ -n "$win" ] || fail "no window appeared"
"$xdotool" windowfocus --sync "$win"
wait_for 30 "preset: " || fail "no preset started"
grep -q "sprites: $dir/config/phosphene/milk_img.ini" "$dir/stderr.txt" || fail "milk_img.ini not read"
grep -q "messages: $dir/config/phosphene/milk_msg.ini" "$dir/stderr.txt" || fail "milk_msg.ini not read"
sleep 3  # the song title animation of the song's start is over
before=$(shot before)
[ "$(field lit "$before")" -lt 50 ] || fail "the centre is not black before any launch: $before"

"$xdotool" key k 0 0
wait_for 10 "sprite 00$" || fail "k 0 0 launched no sprite"
sprite=$(settle sprite has_sprite)
has_sprite "$sprite" || fail "no sprite (red, green and blue quadrants) in the centre: $sprite"

"$xdotool" key Delete
killed=$(settle killed is_black)
is_black "$killed" || fail "Delete did not kill the sprite: $killed"

"$xdotool" key shift+y 0 1
wait_for 10 "message 01$" || fail "Shift+y 0 1 showed no message"
message=$(settle message has_text)
has_text "$message" || fail "no white message text in the centre: $message"

"$xdotool" key shift+y 4 2
wait_for 10 "message 42: not in milk_msg.ini" || fail "a missing message was not reported"

"$xdotool" key Delete  # message mode: stops the message
sleep 1
"$xdotool" key shift+t
sleep 0.5
shot title >/dev/null

end=$SECONDS
kill -TERM "$pid"
wait "$pid" || fail "exit status $?"
pid=""
echo "before: $before"
echo "sprite: $sprite"
echo "killed: $killed"
echo "message: $message"
echo "ok: k 0 0 launched the sprite, Delete killed it, Shift+y 0 1 showed the message ($((end)) s)"
