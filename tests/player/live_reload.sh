#!/usr/bin/env bash
# Live reload for preset authors (issue 37), run inside xvfb-run: `phosphene play --watch FILE`,
# then the file is saved three times the way editors save (a new file renamed over the old one):
#   red -> blue   the picture turns blue within 0.5 s (screenshot times against the save's)
#   broken        an equation error: the blue picture stays, the error (with its line) is pinned
#   fixed, green  the picture turns green and the error panel is gone
# A screenshot every 3rd frame is the evidence; the player is ended by SIGTERM.
#   live_reload.sh PLAYER TOOL BLANK_PRESET WORKDIR
set -u
# shellcheck source=session_end.sh
source "$(dirname "$0")/session_end.sh"
player=$1 tool=$2 blank=$3 dir=$4
fail() {
  echo "FAIL: $*"
  [ -f "$dir/stderr.txt" ] && { echo "--- player:"; grep -v "screenshot" "$dir/stderr.txt"; }
  exit 1
}
rm -rf "$dir" && mkdir -p "$dir/presets" "$dir/shots"
export XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state XDG_DATA_HOME=$dir/data HOME=$dir
export SDL_AUDIODRIVER=dummy
preset=$dir/presets/live.milk
# save EQUATION: the blank preset plus one per-frame line (line 21 of the file), saved by rename.
save() {
  { cat "$blank"; echo "per_frame_1=$1"; } >"$dir/presets/.live.milk.tmp"
  mv "$dir/presets/.live.milk.tmp" "$preset"
}
# An outer border half the picture wide: the picture's colour is the border's.
border() { echo "ob_size=0.5; ob_r=$1; ob_g=$2; ob_b=$3; ob_a=1;"; }
# colour PNG X0 Y0 X1 Y1: "R G B", the box's mean (percent of the image).
colour() { "$tool" stats "$1" "$2" "$3" "$4" "$5" | sed -n 's/.*red=\([0-9]*\) green=\([0-9]*\) blue=\([0-9]*\).*/\1 \2 \3/p'; }
player_pid=""
trap '[ -n "$player_pid" ] && kill $player_pid 2>/dev/null' EXIT
wait_for() {  # SECONDS PATTERN
  local deadline=$((SECONDS + $1))
  until grep -q -- "$2" "$dir/stderr.txt" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || return 1
    kill -0 "$player_pid" 2>/dev/null || fail "the player exited while waiting for '$2'"
    sleep 0.05
  done
}
# The newest screenshot, once it is complete (the player names them by frame, in order).
latest_shot() { find "$dir/shots" -name '*.png' -newer "$1" | sort | tail -n 2 | head -n 1; }
# first_shot_where STAMPFILE TEST: the first screenshot written after STAMPFILE whose whole-picture
# colour passes TEST (an awk condition on r g b); prints "FILE SECONDS_AFTER_THE_STAMP".
first_shot_where() {
  local stamp t0 file r g b
  stamp=$1
  t0=$(stat -c %.Y "$stamp")
  for file in $(find "$dir/shots" -name '*.png' -newer "$stamp" | sort); do
    read -r r g b <<<"$(colour "$file" 0 0 100 100)"
    if awk -v r="$r" -v g="$g" -v b="$b" "BEGIN { exit !($2) }"; then
      echo "$file $(awk -v a="$(stat -c %.Y "$file")" -v b="$t0" 'BEGIN { printf "%.3f", a - b }')"
      return 0
    fi
  done
  return 1
}

save "$(border 1 0 0)"
for frame in $(seq 3 3 60000); do printf '%d screenshot %s/shots/%06d.png\n' $frame "$dir" $frame; done >"$dir/script.txt"
# shellcheck disable=SC2086
env ${PHOSPHENE_PLAYER_ENV:-} "$player" play --watch "$preset" --size 480x270 --no-window-state \
  --script "$dir/script.txt" --frames 60000 2>"$dir/stderr.txt" &
player_pid=$!
t_start=$SECONDS
wait_for 20 "watching $preset (inotify)" || fail "--watch did not report watching the file"
wait_for 20 "preset: live.milk" || fail "the watched preset did not start"
touch "$dir/started" && sleep 1
shot=$(latest_shot "$dir/started")
[ -n "$shot" ] || fail "no screenshots"
read -r r g b <<<"$(colour "$shot" 0 0 100 100)"
[ "$r" -gt 100 ] && [ "$b" -lt 20 ] || fail "the first version should be red: $r $g $b"
cp "$shot" "$dir/red.png"

touch "$dir/saved-blue" && save "$(border 0 0 1)"
wait_for 5 "reloaded live.milk" || fail "the save was not reloaded"
sleep 0.7
found=$(first_shot_where "$dir/saved-blue" 'b > 100 && r < 20') || fail "the picture did not turn blue"
read -r file latency <<<"$found"
cp "$file" "$dir/blue.png"
awk -v l="$latency" 'BEGIN { exit !(l < 0.5) }' || fail "the picture turned blue $latency s after the save (over 0.5 s)"
echo "ok: the picture changed $latency s after the save ($file)"

touch "$dir/saved-broken" && save "$(border 0 1 0) ob_a = (1;"
wait_for 5 "live.milk: [0-9]* errors*; the last good version keeps running" || fail "the broken save was not reported"
grep -q "^  live.milk:21:[0-9]*: EEL001" "$dir/stderr.txt" || fail "the error does not name line 21 (the equation)"
sleep 0.5
shot=$(latest_shot "$dir/saved-broken")
cp "$shot" "$dir/broken.png"
read -r r g b <<<"$(colour "$shot" 0 0 100 50)"
[ "$b" -gt 100 ] && [ "$g" -lt 20 ] || fail "after a broken save the old (blue) picture should stay: $r $g $b"
read -r r g b <<<"$(colour "$shot" 0 72 20 80)"
[ "$r" -gt "$b" ] || fail "no error panel at the bottom after the broken save: $r $g $b"
echo "ok: the broken save kept the blue picture and pinned the error"

touch "$dir/saved-fixed" && save "$(border 0 1 0)"
wait_for 5 "reloaded live.milk" || fail "the fixed save was not reloaded"
sleep 0.7
found=$(first_shot_where "$dir/saved-fixed" 'g > 100 && b < 20') || fail "the picture did not turn green"
sleep 0.3
shot=$(latest_shot "$dir/saved-fixed")
cp "$shot" "$dir/fixed.png"
read -r r g b <<<"$(colour "$shot" 0 72 20 80)"
[ "$g" -gt 100 ] && [ "$r" -lt 20 ] || fail "the error panel should be gone after the fixed save: $r $g $b"
echo "ok: the fixed save turned the picture green and cleared the error"

end_player
grep -v screenshot "$dir/stderr.txt"
echo "ok: $((SECONDS - t_start)) s; pictures: $dir/{red,blue,broken,fixed}.png"
