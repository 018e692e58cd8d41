#!/usr/bin/env bash
# What frame output costs `phosphene render`: for each size, ROUNDS alternating rounds of every
# given binary, each rendering the embedded preset for FRAMES frames with PNG output, raw output
# (`--out -` into /dev/null) and `phosphene bench` (no output). One tab-separated line per run:
#   binary size mode round ms/frame median_ms cpu_s wall_s load1
# ms/frame is the whole run's wall time per frame, the first frame (renderer set-up, the preset's
# shaders linked) included: render's "ms/frame with output (whole run)"; for bench, run with one
# warm-up frame and FRAMES-1 timed ones, (first frame + every timed frame) / FRAMES, the same loop
# without output. median_ms is the median frame (render: its "ms/frame rendering", which leaves
# output out; bench: its median). Comparing a whole run with a median frame would charge output
# for the first frame and the slow frames as well (about 15% at 640x480: the first frame is
# ~150 ms, the mean frame 5-8% above the median). cpu_s: user + system seconds of the process
# (/usr/bin/time); load1: the 1-minute load average when the run started. A summary follows:
# per binary and size, the median over rounds of each mode and the ratios to no output.
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
  local name=$1 bin=$2 size=$3 mode=$4 round=$5 load ms med cpu wall
  load=$(cut -d' ' -f1 /proc/loadavg)
  rm -rf "$scratch/png"
  case $mode in
    png) /usr/bin/time -f "%U %S %e" -o "$scratch/time" "$bin" render --size "$size" \
           --frames "$frames" --out "$scratch/png" 2>"$scratch/err" >/dev/null ;;
    raw) /usr/bin/time -f "%U %S %e" -o "$scratch/time" "$bin" render --size "$size" \
           --frames "$frames" --out - 2>"$scratch/err" >/dev/null ;;
    bench) /usr/bin/time -f "%U %S %e" -o "$scratch/time" "$bin" bench --size "$size" \
             --warmup 1 --frames $((frames - 1)) --json >"$scratch/err" 2>/dev/null ;;
  esac
  if [[ $mode == bench ]]; then
    read -r ms med < <(python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))["presets"][0]
frames = p["frames"] + 1
print("%.2f %.2f" % ((p["first_frame_ms"] + p["ms"]["mean"] * p["frames"]) / frames,
                     p["ms"]["median"]))' "$scratch/err")
  else
    ms=$(grep -o '[0-9.]* ms/frame with output' "$scratch/err" | cut -d' ' -f1)
    med=$(grep -o 'median [0-9.]* ms/frame rendering' "$scratch/err" | cut -d' ' -f2)
  fi
  read -r user sys wall <"$scratch/time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$mode" "$round" "$ms" "$med" \
    "$cpu" "$wall" "$load" | tee -a "$scratch/all.tsv"
}

for size in $sizes; do
  for ((r = 1; r <= rounds; ++r)); do
    for spec in "$@"; do
      for mode in png raw bench; do run "${spec%%=*}" "${spec#*=}" "$size" "$mode" "$r"; done
    done
  done
done

python3 - "$scratch/all.tsv" <<'SUMMARY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, size, mode, _round, ms, med = line.split('\t')[:6]
    runs[(name, size, mode)].append((float(ms), float(med)))
print('\nbinary\tsize\tPNG ms\traw ms\tnone ms\tPNG/none\traw/none\t(medians of the rounds; '
      'whole runs)')
for name, size in dict.fromkeys((k[0], k[1]) for k in runs):
    m = {mode: statistics.median(ms for ms, _ in runs[(name, size, mode)])
         for mode in ('png', 'raw', 'bench')}
    print(f"{name}\t{size}\t{m['png']:.2f}\t{m['raw']:.2f}\t{m['bench']:.2f}\t"
          f"{m['png'] / m['bench']:.2f}\t{m['raw'] / m['bench']:.2f}")
SUMMARY
