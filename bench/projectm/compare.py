#!/usr/bin/env python3
"""Whole-process speed of Phosphene against Debian's libprojectM 3.1 on the same presets (issue 16).

Usage:
  compare.py --phosphene BUILD/apps/phosphene/phosphene \
             --projectm BUILD/tools/projectm_render/projectm_render \
             [--wav test.wav] [--size 640x480] [--mesh 48x36] [--frames 300] [--count 24] \
             [--presets LIST.txt] [--out table.md]

Each preset is rendered by one process per renderer, alternating Phosphene / projectM so machine
load drifts hit both alike: `phosphene render --out -` (raw frames to /dev/null, as a host that
pipes video would) and `phosphene bench` (no output), and `projectm_render --no-output` (projectM
renders offscreen without reading frames back). Measured per process: wall seconds and CPU
seconds (user + system of the process and llvmpipe's threads: the work done, less sensitive to
the neighbours' load than wall time). Ratio = projectM / Phosphene (above 1: Phosphene faster).
projectM 3.1 draws one instance of a custom shape whatever its num_inst (MD2 draws num_inst,
up to 1024): rows of such presets are marked "N shape instances" and left out of the
like-for-like medians too. projectM 3.1 translates preset shaders with its own HLSL parser and, when one does not compile
("Failed to compile shader 'Fragment: Comp'" on its stderr), renders that stage with its cheap
default instead: those rows do not compare like with like (projectM draws a different, cheaper
picture), so the table marks them and gives the medians with and without them.
Without --presets, picks --count presets from projectm-data, half with pixel shaders, evenly
spaced through the sorted list (deterministic). The WAV is made by make_wav.py when missing.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time

CORPUS = '/usr/share/projectM/presets'


def has_shaders(path):
    with open(path, 'rb') as f:
        text = f.read().decode('latin-1')
    return any(line.startswith(('warp_1=', 'comp_1=')) for line in text.splitlines())


def pick_presets(count):
    shader, plain = [], []
    seen = set()
    for folder in sorted(os.listdir(CORPUS)):
        for name in sorted(os.listdir(os.path.join(CORPUS, folder))):
            if not name.endswith('.milk') or name in seen:
                continue
            seen.add(name)
            path = os.path.join(CORPUS, folder, name)
            (shader if has_shaders(path) else plain).append(path)
    half = count // 2

    def spaced(items, n):
        step = len(items) / n
        return [items[int(i * step + step / 2)] for i in range(n)]
    return spaced(plain, count - half) + spaced(shader, half)


def projectm_shader_failures(stderr):
    """The stages ('warp', 'comp') whose shader projectM failed to compile."""
    return sorted({m.lower() for m in re.findall(r"Failed to compile shader 'Fragment: (\w+)'",
                                                 stderr)})


def shape_instances(path):
    """The most instances (num_inst) of an enabled custom shape: projectM 3.1 draws only one."""
    with open(path, 'rb') as f:
        text = f.read().decode('latin-1')
    values = dict(line.split('=', 1) for line in text.splitlines() if '=' in line)
    most = 1
    for n in range(4):
        try:
            if float(values.get(f'shapecode_{n}_enabled', '0')) != 0:
                most = max(most, int(float(values.get(f'shapecode_{n}_num_inst', '1'))))
        except ValueError:
            pass
    return most


def shader_label(row):
    label = 'yes' if row['shaders'] else 'no'
    notes = []
    if row['pm_failed']:
        notes.append('projectM: ' + ', '.join(row['pm_failed']) + ' failed')
    if row['instances'] > 1:
        notes.append(f"{row['instances']} shape instances")
    return label + (' (' + '; '.join(notes) + ')' if notes else '')


def like_for_like(row):
    return not row['pm_failed'] and row['instances'] <= 1


def run(cmd, stdout=subprocess.DEVNULL):
    """Runs cmd; returns (wall s, cpu s of the child and its threads, stderr text, exit status)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, p.stderr.decode('utf-8', 'replace'), p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--phosphene', required=True)
    ap.add_argument('--projectm', required=True)
    ap.add_argument('--wav', default='/tmp/phosphene-compare.wav')
    ap.add_argument('--size', default='640x480')
    ap.add_argument('--mesh', default='48x36')
    ap.add_argument('--frames', type=int, default=300)
    ap.add_argument('--count', type=int, default=24)
    ap.add_argument('--presets', help='file with one preset path per line')
    ap.add_argument('--out', help='also write the Markdown table here')
    ap.add_argument('--no-bench', action='store_true', help='skip the `phosphene bench` runs')
    a = ap.parse_args()

    if not os.path.exists(a.wav):
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([sys.executable, os.path.join(here, 'make_wav.py'), a.wav,
                        str(a.frames / 60.0 + 1.0)], check=True)
    if a.presets:
        with open(a.presets) as f:
            presets = [line.strip() for line in f if line.strip()]
    else:
        presets = pick_presets(a.count)

    common = ['--size', a.size, '--mesh', a.mesh, '--frames', str(a.frames)]
    rows = []
    for path in presets:
        name = os.path.splitext(os.path.basename(path))[0]
        ph = run([a.phosphene, 'render', '--preset', path, '--audio', a.wav, '--out', '-'] + common)
        pm = run([a.projectm, '--audio', a.wav, '--no-output', '--quiet'] + common + [path])
        bench = None
        if not a.no_bench:
            bench = run([a.phosphene, 'bench', '--audio', a.wav, '--warmup', '1', '--size', a.size,
                         '--mesh', a.mesh, '--frames', str(a.frames - 1), path])
        ok = ph[3] == 0 and pm[3] == 0
        row = {
            'name': name, 'shaders': has_shaders(path), 'ok': ok,
            'ph_wall': ph[0], 'ph_cpu': ph[1], 'pm_wall': pm[0], 'pm_cpu': pm[1],
            'bench_wall': bench[0] if bench else None,
            'pm_failed': projectm_shader_failures(pm[2]),
            'instances': shape_instances(path),
        }
        if not ok:
            row['error'] = (ph[2] if ph[3] else pm[2]).strip().splitlines()[-1:]
        rows.append(row)
        print(f"{name[:50]:50s} {'S' if row['shaders'] else '-'}"
              f"{' ' if like_for_like(row) else '!'} phosphene {ph[0]:6.2f} s "
              f"({ph[1]:6.2f} cpu)  projectM {pm[0]:6.2f} s ({pm[1]:6.2f} cpu)  wall ratio "
              f"{pm[0] / ph[0]:.2f}" + (f"  bench {bench[0]:6.2f} s" if bench else '')
              + ('' if ok else f"  FAILED {row.get('error')}"), flush=True)

    good = [r for r in rows if r['ok']]
    lines = [f"Whole process, {a.size}, mesh {a.mesh}, {a.frames} frames of the same WAV; "
             f"ratio = projectM / Phosphene (above 1: Phosphene faster).", '',
             '| preset | shaders | Phosphene `--out -` s (cpu) | projectM s (cpu) | ratio wall | '
             'ratio cpu |' + (' Phosphene bench s |' if not a.no_bench else ''),
             '|---|:---:|---:|---:|---:|---:|' + ('---:|' if not a.no_bench else '')]
    for r in rows:
        if not r['ok']:
            lines.append(f"| {r['name']} | {shader_label(r)} | failed: "
                         f"{r.get('error')} | | | |" + (' |' if not a.no_bench else ''))
            continue
        lines.append(f"| {r['name']} | {shader_label(r)} | {r['ph_wall']:.2f} "
                     f"({r['ph_cpu']:.2f}) | {r['pm_wall']:.2f} ({r['pm_cpu']:.2f}) | "
                     f"{r['pm_wall'] / r['ph_wall']:.2f} | {r['pm_cpu'] / r['ph_cpu']:.2f} |"
                     + (f" {r['bench_wall']:.2f} |" if not a.no_bench else ''))
    same = [r for r in good if like_for_like(r)]
    for label, subset in (('all', good), ('with shaders', [r for r in good if r['shaders']]),
                          ('without shaders', [r for r in good if not r['shaders']]),
                          ('all, like for like', same),
                          ('with shaders, like for like', [r for r in same if r['shaders']])):
        if subset:
            lines.append(f"| **median, {label}** ({len(subset)}) | | | | "
                         f"**{statistics.median(r['pm_wall'] / r['ph_wall'] for r in subset):.2f}** | "
                         f"**{statistics.median(r['pm_cpu'] / r['ph_cpu'] for r in subset):.2f}** |"
                         + (' |' if not a.no_bench else ''))
    table = '\n'.join(lines)
    print('\n' + table)
    if a.out:
        with open(a.out, 'w') as f:
            f.write(table + '\n')


if __name__ == '__main__':
    main()
