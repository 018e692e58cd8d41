#!/usr/bin/env bash
# What frame output costs `phosphene render`: for each size, ROUNDS alternating rounds of every
# given binary, each rendering the embedded preset for FRAMES frames with PNG output, raw output
# (`--out -` into /dev/null) and `phosphene bench` (no output). One tab-separated line per run:
#   binary size mode round ms/frame cpu_s wall_s load1
# ms/frame is render's "ms/frame with output (whole run)" (bench: its median), cpu_s user + system
# seconds of the process (/usr/bin/time), load1 the 1-minute load average when the run started.
# Usage: bench/output/output_overhead.sh [--frames N] [--rounds N] [--sizes "640x480 320x240"]
#        NAME=PATH/TO/phosphene ...   (NAME labels the binary in the output)
set -euo pipefail
frames=300
rounds=2
sizes="640x480 320x240"
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --frames) frames=$2 ;;
    --rounds) rounds=$2 ;;
    --sizes) sizes=$2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
[[ $# -gt 0 ]] || { echo "usage: $0 [--frames N] [--rounds N] [--sizes LIST] NAME=PHOSPHENE ..." >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian: time)" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# run NAME BINARY SIZE MODE ROUND: one measured process.
run() {
  local name=$1 bin=$2 size=$3 mode=$4 round=$5 load ms cpu wall
  load=$(cut -d' ' -f1 /proc/loadavg)
  rm -rf "$scratch/png"
  case $mode in
    png) /usr/bin/time -f "%U %S %e" -o "$scratch/time" "$bin" render --size "$size" \
           --frames "$frames" --out "$scratch/png" 2>"$scratch/err" >/dev/null ;;
    raw) /usr/bin/time -f "%U %S %e" -o "$scratch/time" "$bin" render --size "$size" \
           --frames "$frames" --out - 2>"$scratch/err" >/dev/null ;;
    bench) /usr/bin/time -f "%U %S %e" -o "$scratch/time" "$bin" bench --size "$size" \
             --frames "$frames" >"$scratch/err" 2>&1 ;;
  esac
  if [[ $mode == bench ]]; then
    ms=$(awk '$1 == "phosphene-aurora" { print $2 }' "$scratch/err")
  else
    ms=$(grep -o '[0-9.]* ms/frame with output' "$scratch/err" | cut -d' ' -f1)
  fi
  read -r user sys wall <"$scratch/time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$mode" "$round" "$ms" "$cpu" "$wall" "$load"
}

for size in $sizes; do
  for ((r = 1; r <= rounds; ++r)); do
    for spec in "$@"; do
      for mode in png raw bench; do run "${spec%%=*}" "${spec#*=}" "$size" "$mode" "$r"; done
    done
  done
done
