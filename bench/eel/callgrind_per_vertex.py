#!/usr/bin/env python3
"""Instructions per vertex of eel_bench's per-vertex evaluation, under callgrind.

Wall-clock medians on a shared 2-core machine swing by 50%; instruction counts do not. For each
preset at MESH this runs eel_bench under callgrind and sums the inclusive cost of the calls into
the batch evaluator (BatchPlan::run, or Program's serial fallback; building the plan on the first
frame does not count), divided by the vertices those calls evaluated (calls x (gx+1)(gy+1)).

Usage: callgrind_per_vertex.py EEL_BENCH [MESH]   (MESH defaults to 128x96)
"""
import re
import statistics
import subprocess
import sys
import tempfile
import os

HOT = ("phosphene::eel::BatchPlan::run(", "phosphene::eel::Program::Impl::runSerial(")


def per_vertex(binary, name, mesh, vertices):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary,
             "--benchmark_filter=^" + re.sub(r"([][().*+?^$|{}\\])", r"\\\1", name) + "$", "--benchmark_min_time=0.01"],
            check=True, capture_output=True, text=True)
        names, calls, total, cfn, arc = {}, 0, 0, None, False
        with open(out) as f:
            for line in f:
                m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
                if m:
                    if m.group(2):
                        names[m.group(1)] = m.group(2)
                    cfn = names.get(m.group(1), "") if line.startswith("cfn=") else None
                elif line.startswith("calls=") and cfn and cfn.startswith(HOT):
                    calls += int(line.split()[0][6:])
                    arc = True
                elif arc:  # the line after calls= holds the call's inclusive cost
                    total += int(line.split()[1])
                    arc = False
        # The hot functions do not call each other, so every call is one batch of `vertices`.
        return total / (calls * vertices), calls


def main():
    binary = sys.argv[1]
    mesh = sys.argv[2] if len(sys.argv) > 2 else "128x96"
    gx, gy = (int(v) for v in mesh.split("x"))
    listed = subprocess.run([binary, "--benchmark_list_tests"], check=True, capture_output=True,
                            text=True).stdout.split("\n")
    results = []
    for name in (n for n in listed if n.endswith("/" + mesh)):
        ir, calls = per_vertex(binary, name, mesh, (gx + 1) * (gy + 1))
        results.append(ir)
        print(f"{ir:8.1f} Ir/vertex  ({calls} batches)  {name}", flush=True)
    print(f"median {statistics.median(results):.1f} Ir/vertex over {len(results)} presets")


if __name__ == "__main__":
    main()
