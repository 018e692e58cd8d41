#!/usr/bin/env python3
"""Median per-vertex cost over eel_bench's presets at one mesh size (the issue's headline number).

Usage: per_vertex_median.py EEL_BENCH [MESH] [RUNS]   (MESH defaults to 128x96, RUNS to 3)
Prints each run's median CPU ns/vertex (and wall ns/vertex) over the presets, then the list.
"""
import json
import statistics
import subprocess
import sys


def one_run(binary, mesh):
    out = subprocess.run(
        [binary, f"--benchmark_filter=/{mesh}$", "--benchmark_format=json",
         "--benchmark_min_time=0.2"],
        check=True, capture_output=True, text=True).stdout
    rows = [b for b in json.loads(out)["benchmarks"] if "ns_per_vertex" in b]
    return (statistics.median(b["ns_per_vertex"] for b in rows),
            statistics.median(b["wall_ns_per_vertex"] for b in rows), len(rows))


def main():
    binary = sys.argv[1]
    mesh = sys.argv[2] if len(sys.argv) > 2 else "128x96"
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    medians = []
    for i in range(runs):
        cpu, wall, n = one_run(binary, mesh)
        medians.append(cpu)
        print(f"run {i + 1}: median {cpu:.1f} ns/vertex CPU ({wall:.1f} wall) over {n} presets")
    print("runs: " + " / ".join(f"{m:.1f}" for m in medians))


if __name__ == "__main__":
    main()
