#!/usr/bin/env bash
# Capture from a real sound server (issue 37), run inside xvfb-run: a private PulseAudio with a
# null sink, a WAV played into the sink (1 kHz left, 4 kHz right), and `phosphene play` with no
# audio arguments. It must pick the sink's monitor by default and say so, hear that WAV (the
# loudest frequency per channel from its `audio` script lines), then survive the server going
# away (it keeps drawing, says so) and capture the monitor again once the server is back; last, a
# second sink appears and `d` (an X key event from xdotool) finds its monitor.
#   pulse_capture.sh PLAYER TOOL PRESET WORKDIR
set -u
# shellcheck source=session_end.sh
source "$(dirname "$0")/session_end.sh"
player=$1 tool=$2 preset=$3 dir=$4
fail() {
  echo "FAIL: $*"
  [ -f "$dir/stderr.txt" ] && { echo "--- player:"; grep -v '^phosphene play: audio: frame' "$dir/stderr.txt"; }
  [ -f "$dir/pulse.log" ] && { echo "--- pulseaudio:"; tail -n 20 "$dir/pulse.log"; }
  exit 1
}
for program in pulseaudio pactl paplay; do
  command -v $program >/dev/null || fail "$program not found: install pulseaudio and pulseaudio-utils (scripts/deps.sh)"
done
rm -rf "$dir" && mkdir -p "$dir/run" "$dir/config" "$dir/state" "$dir/data" && chmod 700 "$dir/run"
# Everything private: the server's socket, its cookie and state, and the player's settings.
export HOME=$dir XDG_RUNTIME_DIR=$dir/run XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state
export XDG_DATA_HOME=$dir/data PULSE_SERVER=unix:$dir/run/pulse/native
unset PULSE_SINK PULSE_SOURCE
sink_name="Phosphene Test Sink"

pa_pid="" play_pid="" player_pid=""
cleanup() {
  for pid in $player_pid $play_pid $pa_pid; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
}
trap cleanup EXIT

start_server() {
  # -n: no default.pa (no hardware modules); the null sink is the default sink, so its monitor
  # is "what the computer plays".
  pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no --log-target=stderr \
    -L "module-null-sink sink_name=phosphene_test sink_properties=\"device.description='$sink_name'\"" \
    -L "module-native-protocol-unix auth-anonymous=1 socket=$dir/run/pulse/native" \
    >>"$dir/pulse.log" 2>&1 &
  pa_pid=$!
  for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.05; done
  pactl info >/dev/null 2>&1 || fail "PulseAudio did not start"
  paplay "$dir/tone.wav" 2>>"$dir/paplay.log" &
  play_pid=$!
}
stop_server() {
  kill "$pa_pid"
  wait "$pa_pid" 2>/dev/null
  wait "$play_pid" 2>/dev/null  # paplay ends with its server
  pa_pid="" play_pid=""
}
# wait_for SECONDS PATTERN [COUNT]: until the player's stderr has COUNT (1) lines matching.
wait_for() {
  local deadline=$((SECONDS + $1))
  while [ "$(grep -c -- "$2" "$dir/stderr.txt" 2>/dev/null)" -lt "${3:-1}" ]; do
    [ $SECONDS -lt $deadline ] || return 1
    kill -0 "$player_pid" 2>/dev/null || fail "the player exited while waiting for '$2'"
    sleep 0.1
  done
}
# The lines of the player's audio reports after the last line matching $1, as "LEFT RIGHT" Hz
# (0 = silent).
heard_after() {
  awk -v mark="$1" 'index($0, mark) { n = 0; next }
    /^phosphene play: audio: frame / {
      l = ($7 == "silent") ? 0 : $7; r = 0
      for (i = 8; i <= NF; ++i) if ($i == "right") { r = ($(i + 1) == "silent") ? 0 : $(i + 1); break }
      lines[n++] = l " " r }
    END { for (i = 0; i < n; ++i) print lines[i] }' "$dir/stderr.txt"
}
# count_tone: how many of stdin's "LEFT RIGHT" lines are the WAV's tones.
count_tone() { awk '$1 >= 900 && $1 <= 1100 && $2 >= 3800 && $2 <= 4200 { n++ } END { print n + 0 }'; }

"$tool" tone "$dir/tone.wav" 60 1000 4000 || fail "cannot write the test tone"
start_server
# An audio report every 15 frames, so every phase of the run has some; the player is ended by
# SIGTERM (SDL turns it into a quit), --frames is only a safety net.
for frame in $(seq 15 15 30000); do echo "$frame audio"; done >"$dir/script.txt"
# shellcheck disable=SC2086
SDL_AUDIODRIVER=pulseaudio env ${PHOSPHENE_PLAYER_ENV:-} "$player" play --preset "$preset" \
  --size 320x240 --no-window-state --script "$dir/script.txt" --frames 30000 \
  2>"$dir/stderr.txt" &
player_pid=$!
t0=$SECONDS

wait_for 20 "audio: capturing 'Monitor of $sink_name' (what the computer plays)" ||
  fail "the sink's monitor was not captured by default"
wait_for 20 "audio: frame .* left [0-9]* Hz" 1 || fail "no audio report"
for _ in $(seq 100); do
  [ "$(heard_after "(what the computer plays)" | count_tone)" -ge 5 ] && break
  sleep 0.1
done
heard=$(heard_after "(what the computer plays)" | count_tone)
[ "$heard" -ge 5 ] || fail "the WAV's tones (1 kHz left, 4 kHz right) were not heard: $(heard_after "(what" | tail -n 5 | tr '\n' ',')"
echo "ok: captured 'Monitor of $sink_name' by default; $heard reports of the WAV's tones"

stop_server
wait_for 10 "audio: lost 'Monitor of $sink_name'" || fail "the server's going away was not noticed"
lost_reports=$(grep -c "audio: frame" "$dir/stderr.txt")
wait_for 10 "audio: frame" $((lost_reports + 10)) || fail "the player stopped drawing without a server"
silent=$(heard_after "audio: lost" | awk '$1 == 0 && $2 == 0 { n++ } END { print n + 0 }')
[ "$silent" -ge 5 ] || fail "without a server the player should hear silence ($silent silent reports)"
echo "ok: the server went away; the player kept drawing ($silent silent reports)"

start_server
wait_for 15 "audio: capturing 'Monitor of $sink_name' (what the computer plays) again" ||
  fail "the monitor was not captured again after the server came back"
for _ in $(seq 100); do
  [ "$(heard_after "plays) again" | count_tone)" -ge 5 ] && break
  sleep 0.1
done
heard=$(heard_after "plays) again" | count_tone)
[ "$heard" -ge 5 ] || fail "after the restart the WAV was not heard: $(heard_after "plays) again" | tail -n 5 | tr '\n' ',')"
echo "ok: captured again after the restart; $heard reports of the WAV's tones"

# A sink that appears while the player runs (a USB headset plugged in, a new virtual sink): `d`
# (a real X key event) steps through the capture list as it is now, so the new sink's monitor is
# found without restarting the player.
xdotool=$(command -v xdotool) || fail "xdotool not found: install it (scripts/deps.sh)"
pactl load-module module-null-sink sink_name=phosphene_second \
  "sink_properties=\"device.description='Second Test Sink'\"" >/dev/null || fail "cannot add a sink"
win=$(timeout 20 "$xdotool" search --sync --name '^Phosphene$' | head -n1)
[ -n "$win" ] || fail "the player's window was not found"
"$xdotool" windowfocus --sync "$win"
for press in 1 2 3 4 5 6; do
  "$xdotool" key d
  wait_for 3 "audio: capturing '" "$((press + 2))" || fail "d did not open another device"
  grep -q "audio: capturing 'Monitor of Second Test Sink'" "$dir/stderr.txt" && break
done
grep -q "audio: capturing 'Monitor of Second Test Sink'" "$dir/stderr.txt" ||
  fail "d never found the new sink's monitor: $(grep "audio: capturing" "$dir/stderr.txt" | tr '\n' ';')"
echo "ok: d found the new sink's monitor after $press press(es)"

end_player
grep -v '^phosphene play: audio: frame' "$dir/stderr.txt"
echo "ok: $(sed -n 's/^phosphene play: \([0-9]*\) frames$/\1/p' "$dir/stderr.txt") frames in $((SECONDS - t0)) s"
