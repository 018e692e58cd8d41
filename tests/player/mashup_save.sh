#!/usr/bin/env bash
# Mash-ups and saving (issue 37) with real X key events (xdotool), run inside xvfb-run:
#   a      a mash-up of five random presets of the folder starts (its five parts are named)
#   s      it is saved to $XDG_DATA_HOME/phosphene/saved/ and the file is a preset lint accepts
#   !, @   the running mash-up with another preset's warp, then comp shader; saved again under a
#          new name (the first save is kept)
#   Shift+a  a random preset with the warp and comp shaders of two more (MilkDrop 3's A)
# Screenshots (Ctrl+S) of each step are kept in WORKDIR for a look.
#   mashup_save.sh PLAYER XDOTOOL WORKDIR PRESETS
set -u
player=$1 xdotool=$2 dir=$3 presets=$4
[ -x "$xdotool" ] || { echo "xdotool not found: install it (scripts/deps.sh)"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir/shots"
export XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state XDG_DATA_HOME=$dir/data HOME=$dir
export SDL_AUDIODRIVER=dummy
saved=$dir/data/phosphene/saved
fail() {
  echo "FAIL: $*"
  echo "--- player:"
  cat "$dir/stderr.txt"
  kill "$pid" 2>/dev/null
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
# shellcheck disable=SC2086
env ${PHOSPHENE_PLAYER_ENV:-} "$player" play --presets "$presets" --size 320x240 --no-shuffle \
  --screenshot-dir "$dir/shots" --frames 20000 2>"$dir/stderr.txt" &
pid=$!
win=$(timeout 60 "$xdotool" search --sync --name '^Phosphene$' | head -n1)
[ -n "$win" ] || fail "no window appeared"
"$xdotool" windowfocus --sync "$win"
wait_for 30 "preset: " || fail "no preset started"

"$xdotool" key a
wait_for 30 "mash-up 1: general .*, motion .*, waves .*, warp .*, comp " ||
  fail "a did not make a mash-up"
wait_for 30 "preset: mash-up 1$" || fail "the mash-up did not start"
sleep 1 && "$xdotool" key ctrl+s && wait_for 10 "screenshot " 1 || fail "no screenshot"
"$xdotool" key s
wait_for 10 "saved mash-up 1.milk (in $saved)" || fail "s did not save the mash-up"
[ -f "$saved/mash-up 1.milk" ] || fail "no file $saved/mash-up 1.milk"
grep -q '^\[preset00\]' "$saved/mash-up 1.milk" || fail "the saved file is not a preset"
"$player" lint "$saved/mash-up 1.milk" >"$dir/lint.txt" 2>&1 || fail "lint rejects the saved mash-up: $(cat "$dir/lint.txt")"

"$xdotool" key exclam
wait_for 30 "mash-up 1 + warp of [^ ]*: the warp shader of .*\.milk" ||
  fail "! did not take another warp shader"
wait_for 30 "preset: mash-up 1 + warp of " || fail "the warp swap did not start"
"$xdotool" key at
wait_for 30 "mash-up 1 + warp of [^ ]* + comp of [^ ]*: the comp shader of .*\.milk" ||
  fail "@ did not take another comp shader"
wait_for 30 "preset: mash-up 1 + warp of .* + comp of " || fail "the comp swap did not start"
sleep 1 && "$xdotool" key ctrl+s && wait_for 10 "screenshot " 2 || fail "no second screenshot"
"$xdotool" key s
wait_for 10 "saved mash-up 1 + warp of .* + comp of .*\.milk (in $saved)" || fail "s did not save again"
[ "$(find "$saved" -name '*.milk' | wc -l)" -eq 2 ] || fail "the first save was not kept: $(ls "$saved")"

"$xdotool" key shift+a
wait_for 30 "[^ ]* + shaders of [^ ]*, [^ ]*: the warp shader of .*\.milk, the comp shader of .*\.milk" ||
  fail "Shift+a did not take a random preset with two others' shaders"
wait_for 30 "preset: [^ ]* + shaders of " || fail "the shader mix did not start"

"$xdotool" key ctrl+q
for _ in $(seq 200); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
kill -0 $pid 2>/dev/null && fail "Ctrl+Q did not quit"
wait $pid || fail "exit status $?"
grep -E "mash-up|saved|preset: " "$dir/stderr.txt"
echo "ok: a made a mash-up, ! and @ swapped its shaders, s saved both ($(ls "$saved" | tr '\n' ';'))"
