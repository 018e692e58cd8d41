#!/usr/bin/env python3
"""Where one frame's time goes on llvmpipe, pass by pass (figures: bench/README.md).

Traces `phosphene render` with apitrace (GL ES 3 context: apitrace's EGL wrapper cannot trace
epoxy's desktop-GL probing), replays the trace with llvmpipe rasterising on the calling thread
(LP_NUM_THREADS=0) and `eglretrace --pcpu` under Xvfb. llvmpipe bins draws and rasterises a
framebuffer's scene when the next framebuffer is bound (or pixels are read back), so the CPU time of
the first draw after a framebuffer change is the rasterising time of the previous pass: this
script moves it there. Needs the apitrace and xvfb packages (developer tools, not dependencies).

Usage: pass_profile.py PHOSPHENE_BINARY PRESET.milk|- [SIZE] [FRAMES]   (- = embedded preset)
         (640x480; frames 3 to
3+FRAMES-1, default 5, each pass's median over them; the first frames link shaders)
"""
import statistics
import os
import re
import subprocess
import sys
import tempfile

DRAWS = ("glDrawArrays", "glDrawElements", "glDrawArraysInstanced", "glDrawElementsInstanced")


def main():
    cli, preset = sys.argv[1], sys.argv[2]
    size = sys.argv[3] if len(sys.argv) > 3 else "640x480"
    frames = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.trace")
        env = dict(os.environ, EGL_PLATFORM="surfaceless")
        which = [] if preset == "-" else ["--preset", preset]
        subprocess.run(["apitrace", "trace", "--api", "egl", "-o", trace, cli, "render", "--gl",
                        "es3", *which, "--size", size, "--frames", str(frames + 3),
                        "--out", "-"], env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        dump = subprocess.run(["apitrace", "dump", "--color=never", trace], check=True,
                              capture_output=True, text=True).stdout
        env = {k: v for k, v in os.environ.items() if k != "EGL_PLATFORM"}
        env["LP_NUM_THREADS"] = "0"
        prof = subprocess.run(["xvfb-run", "-a", "eglretrace", "--pcpu", trace], env=env,
                              check=True, capture_output=True, text=True).stdout
    cpu = {}
    for line in prof.splitlines():
        f = line.split()
        if f and f[0] == "call":
            cpu[int(f[1])] = int(f[5]) / 1e6
    reads = [int(m.group(1)) for m in re.finditer(r"^(\d+) glReadPixels", dump, re.M)]
    runs = [frame_passes(dump, cpu, reads[f - 2], reads[f - 1]) for f in range(3, 3 + frames)]
    passes = runs[0]
    for i, p in enumerate(passes):
        same = [r[i][4] for r in runs if len(r) == len(passes) and r[i][0] == p[0]]
        p[4] = statistics.median(same)
    total = sum(p[4] for p in passes)
    print(f"{os.path.basename(preset)} at {size}, median of frames 3-{2 + frames}: "
          f"{len(passes) - 1} passes, {sum(p[2] for p in passes)} draws, {total:.1f} ms "
          "rasterising on one thread")
    print("| target (framebuffer, size) | draws | vertices/indices | ms | share |")
    print("|---|---:|---:|---:|---:|")
    for p in passes:
        print(f"| {p[0]} | {p[2]} | {p[3]} | {p[4]:.2f} | {100 * p[4] / total:.0f}% |")


# Walks the dump between two readbacks: passes are runs of draws into one framebuffer/viewport.
def frame_passes(dump, cpu, lo, hi):
    fbo, viewport = "?", "?"
    passes = []  # [target, viewport, draws, vertices, ms]
    for m in re.finditer(r"^(\d+) (\w+)\((.*)\)", dump, re.M):
        n, name, args = int(m.group(1)), m.group(2), m.group(3)
        if n <= lo:
            if name == "glBindFramebuffer" and "READ_FRAMEBUFFER" not in args:
                fbo = re.search(r"framebuffer = (\d+)", args).group(1)
            if name == "glViewport":
                viewport = "x".join(re.findall(r"(?:width|height) = (\d+)", args))
            continue
        if n > hi:
            break
        if name == "glBindFramebuffer" and "READ_FRAMEBUFFER" not in args:
            fbo = re.search(r"framebuffer = (\d+)", args).group(1)
        elif name == "glViewport":
            viewport = "x".join(re.findall(r"(?:width|height) = (\d+)", args))
        elif name in DRAWS or name == "glReadPixels":
            # The readback flushes the last pass; its own copy cannot be told apart from it.
            target = "readback" if name == "glReadPixels" else f"fb {fbo} {viewport}"
            cost = cpu.get(n, 0.0)
            if not passes or passes[-1][0] != target:
                # First call on a new target: llvmpipe rasterised the previous pass here.
                if passes:
                    passes[-1][4] += cost
                    cost = 0.0
                passes.append([target, viewport, 0, 0, 0.0])
            p = passes[-1]
            p[4] += cost
            if name != "glReadPixels":
                p[2] += 1
                count = re.search(r"count = (\d+)", args)
                p[3] += int(count.group(1)) if count else 0
    return passes


if __name__ == "__main__":
    main()
