#!/usr/bin/env python3
"""contact_sheet.py: frame N of every preset in a folder, side by side in one PNG grid.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/contact_sheet.py \
        /usr/share/projectM/presets/presets_milkdrop_200 sheet.png --frame 90 --limit 24

Each preset renders in the same engine (same seed, same generated beat), so the sheet shows
how the presets differ, not how the audio did. Presets that fail to load get a dark red tile.
A progress bar runs on stderr.
"""

import argparse
import math
import pathlib
import sys
import time

import numpy as np

import phosphene


def beat_track(seconds: float, rate: int = 44100) -> np.ndarray:
    """A 120 bpm kick with a bass line and hi-hats: enough for every preset to react."""
    t = np.arange(int(seconds * rate)) / rate
    beat = (t * 2.0) % 1.0
    kick = np.sin(2 * np.pi * (50 + 80 * np.exp(-beat * 30)) * t) * np.exp(-beat * 8)
    bass = 0.3 * np.sin(2 * np.pi * 55 * (1 + (np.floor(t * 2) % 4) / 4) * t)
    hats = 0.1 * np.sin(2 * np.pi * 7000 * t) * np.exp(-((t * 8) % 1.0) * 20)
    mono = (0.6 * kick + bass + hats).astype(np.float32)
    return np.stack([mono, np.roll(mono, 300)], axis=1)


def progress(done: int, total: int, name: str, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.monotonic() - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                     f"{rate:4.1f} presets/s  {name[:40]:<40}")
    sys.stderr.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=pathlib.Path, help="folder of .milk presets")
    parser.add_argument("out", type=pathlib.Path, help="PNG file to write")
    parser.add_argument("--frame", type=int, default=60, help="frame to show (default 60)")
    parser.add_argument("--size", default="160x120", help="tile size WxH (default 160x120)")
    parser.add_argument("--columns", type=int, default=0, help="tiles per row (default: square)")
    parser.add_argument("--limit", type=int, default=0, help="at most this many presets")
    parser.add_argument("--fps", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    presets = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() == ".milk")
    if args.limit > 0:
        presets = presets[: args.limit]
    if not presets:
        print(f"contact_sheet: no .milk files under {args.folder}", file=sys.stderr)
        return 1
    w, h = (int(v) for v in args.size.lower().split("x"))
    columns = args.columns or math.ceil(math.sqrt(len(presets)))
    rows = math.ceil(len(presets) / columns)
    gap = 2
    sheet = np.zeros((rows * (h + gap) + gap, columns * (w + gap) + gap, 4), np.uint8)
    sheet[..., 3] = 255
    audio = beat_track((args.frame + 1) / args.fps + 0.1)
    failed = 0
    started = time.monotonic()
    for i, path in enumerate(presets):
        progress(i, len(presets), path.name, started)
        tile = np.zeros((h, w, 4), np.uint8)
        tile[..., 0], tile[..., 3] = 90, 255
        # A fresh engine per preset: every tile starts from the same clock, seed and audio.
        with phosphene.Engine(w, h, seed=args.seed, fps=args.fps) as engine:
            try:
                engine.load_preset(path)
                for k, frame in enumerate(engine.render_frames(audio, n=args.frame + 1)):
                    pass
                tile = frame
            except phosphene.Error as e:
                failed += 1
                print(f"\ncontact_sheet: {path.name}: {e}", file=sys.stderr)
        r, c = divmod(i, columns)
        y, x = gap + r * (h + gap), gap + c * (w + gap)
        sheet[y:y + h, x:x + w] = tile
    progress(len(presets), len(presets), "done", started)
    sys.stderr.write("\n")
    args.out.write_bytes(phosphene.to_png(sheet[..., :3].copy()))
    print(f"contact_sheet: {len(presets)} presets ({failed} failed), frame {args.frame}, "
          f"{columns}x{rows} tiles of {w}x{h} -> {args.out} in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
