#!/usr/bin/python3
"""Differential check: the projectm-data presets rendered by Phosphene and by libprojectM 3.1.

Both renderers get the same preset, the same generated music-like WAV (kick, hi-hat, bass line,
chords), the same size, mesh and frame count at a fixed 60 fps clock. The last frame of each is
classified (black: mean luma < 2/255; flat: luma s.d. < 1/255; else drawn) and the presets that
are degenerate in one renderer but not the other are flagged.

  differential.py make-wav OUT.wav [--seconds S]
  differential.py run --phosphene BIN --projectm BIN --out DIR [--sample N] [--seed S]
                      [--list FILE] [--sizes 96x72,160x120] [--frames 300] [--jobs 2]
                      [--renderers phosphene,projectm] [--projectm-from DIR]
  differential.py report DIR [--projectm-from DIR]

`run` renders what is missing under DIR/renders/<renderer>/<WxH>/<key>.png (so it can be stopped
and resumed, and a second DIR after a fix can reuse the first DIR's projectM renders with
--projectm-from) and then writes the report: DIR/table.csv, DIR/summary.md and
DIR/contact_sheet.png (flagged presets, Phosphene left, projectM right, per size).
Run it under `nice -n 10`: the renders are CPU (llvmpipe) work.
"""

import argparse
import concurrent.futures
import csv
import hashlib
import math
import os
import random
import subprocess
import sys
import tempfile
import wave

import numpy as np
from PIL import Image, ImageDraw

CORPUS = "/usr/share/projectM/presets"
BLACK = 2.0 / 255.0
FLAT = 1.0 / 255.0
SR = 44100


# ---------------------------------------------------------------------------------------------
# The WAV: 120 bpm, A minor. Deterministic (numpy's PCG64 with a fixed seed for the hat noise).


def make_wav(path, seconds=12.0):
    n = int(round(seconds * SR))
    t = np.arange(n) / SR
    beat = 0.5
    eighth = beat / 2
    out = np.zeros((n, 2))

    # Kick on every beat: a sine swept 150 -> 45 Hz with a fast decay.
    tk = np.mod(t, beat)
    kick_phase = 2 * np.pi * (45.0 * tk + (105.0 / 30.0) * (1 - np.exp(-30.0 * tk)))
    kick = 0.7 * np.exp(-9.0 * tk) * np.sin(kick_phase)

    # Hi-hat on the off-beat eighths: high-passed noise with a 30 ms decay.
    rng = np.random.default_rng(1234)
    noise = rng.uniform(-1, 1, n)
    hp = noise - np.convolve(noise, np.ones(4) / 4, mode="same")
    th = np.mod(t - eighth, beat)
    hat = 0.25 * np.exp(-th / 0.03) * hp

    # Bass line, one note per eighth: a low-passed saw.
    notes = [33, 33, 45, 33, 36, 36, 31, 28, 33, 33, 45, 33, 41, 40, 38, 36]
    step = (t / eighth).astype(int) % 16
    freq = 440.0 * 2.0 ** ((np.array(notes)[step] - 69) / 12.0)
    phase = np.cumsum(freq / SR)
    saw = 2 * (phase - np.floor(phase)) - 1
    te = np.mod(t, eighth)
    bass_raw = saw * np.exp(-te * 6.0)
    bass = np.zeros(n)
    acc = 0.0
    for i in range(n):  # one-pole low-pass, 12 s: fine in Python
        acc += 0.08 * (bass_raw[i] - acc)
        bass[i] = acc
    bass *= 0.5

    # Pad chords, one per half bar (Am F C G): three detuned-ish sines per ear.
    chords = [(57, 60, 64), (53, 57, 60), (55, 60, 64), (55, 59, 62)]
    ci = (t / (2 * beat * 2)).astype(int) % 4
    pad_l = np.zeros(n)
    pad_r = np.zeros(n)
    for k in range(3):
        f = 440.0 * 2.0 ** ((np.array([c[k] for c in chords])[ci] - 69) / 12.0)
        ph = np.cumsum(f / SR)
        pad_l += np.sin(2 * np.pi * ph)
        pad_r += np.sin(2 * np.pi * ph * 1.003)
    pad_env = 0.06 * (1 - np.exp(-np.mod(t, 2 * beat * 2) * 8))

    out[:, 0] = kick + hat + bass + pad_env * pad_l
    out[:, 1] = kick + 0.8 * hat + bass + pad_env * pad_r
    out = np.clip(out, -1, 1)
    data = (out * 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())


# ---------------------------------------------------------------------------------------------
# Rendering


def corpus_presets():
    found = []
    for root, _, files in os.walk(CORPUS):
        for f in files:
            if f.endswith(".milk"):
                found.append(os.path.relpath(os.path.join(root, f), CORPUS))
    return sorted(found)


def key_of(rel):
    return hashlib.sha1(rel.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def render_phosphene(binary, wav, rel, size, frames, out_png):
    w, h = map(int, size.split("x"))
    cmd = [binary, "render", "--preset", os.path.join(CORPUS, rel), "--audio", wav, "--size",
           size, "--frames", str(frames), "--out", "-", "--seed", "0"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    frame_bytes = w * h * 4
    if p.returncode != 0 or len(p.stdout) < frame_bytes:
        return "phosphene failed (rc %d): %s" % (p.returncode,
                                                p.stderr.decode(errors="replace")[-300:])
    last = np.frombuffer(p.stdout[-frame_bytes:], dtype=np.uint8).reshape(h, w, 4).copy()
    last[:, :, 3] = 255
    Image.fromarray(last, "RGBA").save(out_png + ".tmp.png")
    os.replace(out_png + ".tmp.png", out_png)
    return ""


def render_projectm_batch(binary, wav, rels, size, frames, out_dir):
    """One projectm_render process for many presets: symlinks with unique names in a temporary
    folder give unique output names (projectM 3.1 draws no user textures, so the folder the
    preset appears to be in does not matter)."""
    with tempfile.TemporaryDirectory() as tmp:
        links = []
        for rel in rels:
            link = os.path.join(tmp, key_of(rel) + ".milk")
            os.symlink(os.path.join(CORPUS, rel), link)
            links.append(link)
        stage = os.path.join(tmp, "out")
        cmd = [binary, "--audio", wav, "--size", size, "--frames", str(frames), "--out", stage,
               "--quiet"] + links
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        errors = {}
        missing = []
        for rel in rels:
            src = os.path.join(stage, key_of(rel) + ".png")
            if os.path.exists(src):
                os.replace(src, os.path.join(out_dir, key_of(rel) + ".png"))
            else:
                missing.append(rel)
        if len(rels) > 1 and missing:
            # A preset that crashes libprojectM ends the batch: the rest get a process each.
            for rel in missing:
                errors.update(render_projectm_batch(binary, wav, [rel], size, frames, out_dir))
        else:
            for rel in missing:
                errors[rel] = "projectm failed (rc %d): %s" % (
                    p.returncode, p.stderr.decode(errors="replace")[-300:])
        return errors


def run(args):
    os.makedirs(args.out, exist_ok=True)
    wav = os.path.join(args.out, "music.wav")
    if not os.path.exists(wav):
        make_wav(wav, max(6.0, args.frames / 60.0 + 1.0))
    if args.list:
        with open(args.list, encoding="utf-8", errors="surrogateescape") as f:
            presets = [line.rstrip("\n") for line in f if line.strip()]
    else:
        presets = corpus_presets()
        if args.sample:
            presets = sorted(random.Random(args.seed).sample(presets, args.sample))
    with open(os.path.join(args.out, "presets.txt"), "w", encoding="utf-8",
              errors="surrogateescape") as f:
        f.write("\n".join(presets) + "\n")
    renderers = args.renderers.split(",")
    failures = {}
    for size in args.sizes.split(","):
        os.makedirs(os.path.join(args.out, "renders", "phosphene", size), exist_ok=True)
        pm_dir = os.path.join(args.projectm_from or args.out, "renders", "projectm", size)
        ph_dir = os.path.join(args.out, "renders", "phosphene", size)
        os.makedirs(pm_dir, exist_ok=True)
        todo_ph = [p for p in presets
                   if "phosphene" in renderers
                   and not os.path.exists(os.path.join(ph_dir, key_of(p) + ".png"))]
        todo_pm = [p for p in presets
                   if "projectm" in renderers
                   and not os.path.exists(os.path.join(pm_dir, key_of(p) + ".png"))]
        print("%s: %d Phosphene and %d projectM renders to do" % (size, len(todo_ph),
                                                                  len(todo_pm)), flush=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {}
            for p in todo_ph:
                futures[pool.submit(render_phosphene, args.phosphene, wav, p, size, args.frames,
                                    os.path.join(ph_dir, key_of(p) + ".png"))] = ("phosphene", p)
            batch = 25
            for i in range(0, len(todo_pm), batch):
                chunk = todo_pm[i:i + batch]
                futures[pool.submit(render_projectm_batch, args.projectm, wav, chunk, size,
                                    args.frames, pm_dir)] = ("projectm", chunk)
            done = 0
            for fut in concurrent.futures.as_completed(futures):
                kind, what = futures[fut]
                res = fut.result()
                if kind == "phosphene":
                    if res:
                        failures[(size, "phosphene", what)] = res
                    done += 1
                else:
                    for rel, err in res.items():
                        failures[(size, "projectm", rel)] = err
                    done += len(what)
                if done % 50 < (1 if kind == "phosphene" else len(what)):
                    print("  %s: %d / %d" % (size, done, len(todo_ph) + len(todo_pm)), flush=True)
    with open(os.path.join(args.out, "failures.txt"), "a", encoding="utf-8",
              errors="surrogateescape") as f:
        for (size, r, p), err in sorted(failures.items()):
            f.write("%s\t%s\t%s\t%s\n" % (size, r, p, err.replace("\n", " ")))
    report(args)


# ---------------------------------------------------------------------------------------------
# Report


def luma_stats(png):
    a = np.asarray(Image.open(png).convert("RGB"), dtype=np.float64) / 255.0
    y = 0.299 * a[:, :, 0] + 0.587 * a[:, :, 1] + 0.114 * a[:, :, 2]
    return float(y.mean()), float(y.std())


def classify(mean, sd):
    if mean < BLACK:
        return "black"
    if sd < FLAT:
        return "flat"
    return "drawn"


def report(args):
    out = args.out
    pm_root = os.path.join(args.projectm_from or out, "renders", "projectm")
    ph_root = os.path.join(out, "renders", "phosphene")
    with open(os.path.join(out, "presets.txt"), encoding="utf-8", errors="surrogateescape") as f:
        presets = [line.rstrip("\n") for line in f if line.strip()]
    sizes = sorted(os.listdir(ph_root), key=lambda s: int(s.split("x")[0])) \
        if os.path.isdir(ph_root) else []
    rows = []
    for size in sizes:
        for p in presets:
            k = key_of(p)
            ph = os.path.join(ph_root, size, k + ".png")
            pm = os.path.join(pm_root, size, k + ".png")
            if not (os.path.exists(ph) and os.path.exists(pm)):
                continue
            phm, phs = luma_stats(ph)
            pmm, pms = luma_stats(pm)
            phc, pmc = classify(phm, phs), classify(pmm, pms)
            if phc != "drawn" and pmc == "drawn":
                flag = "degenerate_in_phosphene_only"
            elif phc == "drawn" and pmc != "drawn":
                flag = "degenerate_in_projectm_only"
            elif phc != "drawn":
                flag = "degenerate_in_both"
            else:
                flag = ""
            ratio = phm / pmm if pmm > 0 else float("inf")
            rows.append(dict(size=size, preset=p, key=k, phosphene_mean=round(phm * 255, 3),
                             phosphene_sd=round(phs * 255, 3), phosphene=phc,
                             projectm_mean=round(pmm * 255, 3), projectm_sd=round(pms * 255, 3),
                             projectm=pmc, flag=flag,
                             mean_luma_ratio=round(ratio, 3) if math.isfinite(ratio) else "inf",
                             ph_png=ph, pm_png=pm))
    fields = ["size", "preset", "phosphene", "projectm", "flag", "phosphene_mean", "phosphene_sd",
              "projectm_mean", "projectm_sd", "mean_luma_ratio", "key"]
    with open(os.path.join(out, "table.csv"), "w", newline="", encoding="utf-8",
              errors="surrogateescape") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)

    lines = ["# Differential check: Phosphene vs libprojectM 3.1.12", "",
             "Last frame of 300 (60 fps) from the generated music WAV; luma = 0.299 R + 0.587 G"
             " + 0.114 B; black: mean < 2/255, flat: s.d. < 1/255. Mean luma in /255.", ""]
    for size in sizes:
        rs = [r for r in rows if r["size"] == size]
        if not rs:
            continue
        cnt = lambda pred: sum(1 for r in rs if pred(r))
        lines += ["## %s (%d presets)" % (size, len(rs)), "",
                  "| | Phosphene | projectM |", "|---|---|---|",
                  "| black | %d | %d |" % (cnt(lambda r: r["phosphene"] == "black"),
                                          cnt(lambda r: r["projectm"] == "black")),
                  "| flat | %d | %d |" % (cnt(lambda r: r["phosphene"] == "flat"),
                                         cnt(lambda r: r["projectm"] == "flat")),
                  "| drawn | %d | %d |" % (cnt(lambda r: r["phosphene"] == "drawn"),
                                          cnt(lambda r: r["projectm"] == "drawn")), "",
                  "* degenerate in Phosphene only: %d" % cnt(
                      lambda r: r["flag"] == "degenerate_in_phosphene_only"),
                  "* degenerate in projectM only: %d" % cnt(
                      lambda r: r["flag"] == "degenerate_in_projectm_only"),
                  "* degenerate in both: %d" % cnt(lambda r: r["flag"] == "degenerate_in_both"),
                  ""]
        ratios = sorted(r["mean_luma_ratio"] for r in rs
                        if r["flag"] == "" and r["mean_luma_ratio"] != "inf")
        if ratios:
            q = lambda f: ratios[min(len(ratios) - 1, int(f * len(ratios)))]
            lines += ["Mean-luma ratio Phosphene/projectM where both draw: median %.2f, "
                      "10%% %.2f, 90%% %.2f" % (q(0.5), q(0.1), q(0.9)), ""]
        flagged = [r for r in rs if r["flag"]]
        if flagged:
            lines += ["| flag | preset | Phosphene (mean, s.d.) | projectM (mean, s.d.) |",
                      "|---|---|---|---|"]
            for r in sorted(flagged, key=lambda r: (r["flag"], r["preset"])):
                lines.append("| %s | %s | %s (%.1f, %.1f) | %s (%.1f, %.1f) |" % (
                    r["flag"].replace("degenerate_in_", ""), r["preset"], r["phosphene"],
                    r["phosphene_mean"], r["phosphene_sd"], r["projectm"], r["projectm_mean"],
                    r["projectm_sd"]))
            lines.append("")
    with open(os.path.join(out, "summary.md"), "w", encoding="utf-8",
              errors="surrogateescape") as f:
        f.write("\n".join(lines) + "\n")
    contact_sheet([r for r in rows if r["flag"]], os.path.join(out, "contact_sheet.png"))
    print("\n".join(lines[:60]))


def contact_sheet(rows, path, cell_w=192, cell_h=144, cols=3):
    """Each entry: Phosphene left, projectM right, the preset name and size below."""
    if not rows:
        Image.new("RGB", (400, 40), (32, 32, 32)).save(path)
        return
    rows = sorted(rows, key=lambda r: (r["preset"], int(r["size"].split("x")[0])))
    label_h = 24
    pair_w = 2 * cell_w + 4
    n_rows = (len(rows) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * (pair_w + 12), n_rows * (cell_h + label_h + 8)),
                      (40, 40, 40))
    draw = ImageDraw.Draw(sheet)
    for i, r in enumerate(rows):
        x = (i % cols) * (pair_w + 12) + 4
        y = (i // cols) * (cell_h + label_h + 8) + 4
        for j, png in enumerate((r["ph_png"], r["pm_png"])):
            im = Image.open(png).convert("RGB").resize((cell_w, cell_h), Image.NEAREST)
            sheet.paste(im, (x + j * (cell_w + 4), y))
        name = r["preset"].split("/")[-1][:-5]
        draw.text((x, y + cell_h + 1), ("%s %s: P %s / pM %s" % (
            r["size"], r["flag"].replace("degenerate_in_", ""), r["phosphene"],
            r["projectm"]))[:64], fill=(255, 255, 0))
        draw.text((x, y + cell_h + 12), name[:64], fill=(230, 230, 230))
    sheet.save(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    mw = sub.add_parser("make-wav")
    mw.add_argument("path")
    mw.add_argument("--seconds", type=float, default=12.0)
    r = sub.add_parser("run")
    r.add_argument("--phosphene", required=True)
    r.add_argument("--projectm", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--sample", type=int, default=0)
    r.add_argument("--seed", type=int, default=18)
    r.add_argument("--list")
    r.add_argument("--sizes", default="96x72,160x120")
    r.add_argument("--frames", type=int, default=300)
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--renderers", default="phosphene,projectm")
    r.add_argument("--projectm-from")
    rp = sub.add_parser("report")
    rp.add_argument("out")
    rp.add_argument("--projectm-from")
    args = ap.parse_args()
    if args.cmd == "make-wav":
        make_wav(args.path, args.seconds)
    elif args.cmd == "run":
        run(args)
    else:
        report(args)


if __name__ == "__main__":
    sys.exit(main())
