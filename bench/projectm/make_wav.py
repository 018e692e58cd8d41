#!/usr/bin/env python3
"""Writes a deterministic music-like test WAV (44.1 kHz stereo, 16-bit) for renderer comparisons.

Usage: make_wav.py OUT.wav [SECONDS]   (default 6 s: 300 frames at 60 fps plus a margin)
Kick on every beat (120 bpm), a bass line, hi-hats on the off-beats and a chord pad, so the
presets' bass/mid/treb and beat detection all move. Pure Python (no numpy), no randomness.
"""
import math
import struct
import sys
import wave

RATE = 44100


def sample(t):
    beat = t * 2.0  # 120 bpm
    phase = beat - math.floor(beat)
    kick = math.sin(2 * math.pi * (50 + 120 * math.exp(-phase * 20)) * phase / 2.0) * math.exp(-phase * 8)
    bass_notes = (55.0, 55.0, 65.41, 73.42)
    bass = 0.5 * math.sin(2 * math.pi * bass_notes[int(beat) % 4] * t) * (0.6 + 0.4 * math.exp(-phase * 4))
    off = (beat + 0.5) - math.floor(beat + 0.5)
    # A deterministic noise-like hi-hat: a sum of inharmonic high partials.
    hat = sum(math.sin(2 * math.pi * f * t) for f in (6123.0, 7411.0, 8837.0, 10211.0)) * 0.08 * math.exp(-off * 30)
    chord = sum(math.sin(2 * math.pi * f * t) for f in (261.63, 329.63, 392.0)) * 0.08
    left = 0.45 * kick + 0.35 * bass + hat + chord
    right = 0.45 * kick + 0.35 * bass + 0.7 * hat + chord * 0.9
    return left, right


def main():
    out = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 6.0
    frames = bytearray()
    for i in range(int(seconds * RATE)):
        left, right = sample(i / RATE)
        frames += struct.pack('<hh', int(max(-1.0, min(1.0, left)) * 32000),
                              int(max(-1.0, min(1.0, right)) * 32000))
    with wave.open(out, 'wb') as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


if __name__ == '__main__':
    main()
