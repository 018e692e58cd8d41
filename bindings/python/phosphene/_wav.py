"""WAV reading with the standard library's `wave` module (PCM 8/16/24/32-bit integer)."""

from __future__ import annotations

import wave

import numpy as np

__all__ = ["read_wav"]


def read_wav(path):
    """Reads a PCM WAV file: (samples, sample_rate).

    samples has shape (n, channels): uint8 for 8-bit files, int16 for 16-bit files (both passed
    to the library unconverted), float32 in -1..1 for 24- and 32-bit integer files. Float WAV
    files (format 3) and other containers are not supported by Python's `wave` module: decode
    them elsewhere and pass a numpy array instead.
    """
    try:
        with wave.open(str(path), "rb") as w:
            channels, width, rate, n = (
                w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes())
            raw = w.readframes(n)
    except wave.Error as e:
        raise ValueError(f"{path}: not a PCM WAV file Python's wave module can read ({e})") from e
    except EOFError as e:
        raise ValueError(f"{path}: truncated WAV file") from e
    if width == 1:
        data = np.frombuffer(raw, dtype=np.uint8)
    elif width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.int16)
    elif width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        ints = (b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)) << 8 >> 8  # sign-extend 24 bits
        data = (ints / 8388608.0).astype(np.float32)
    elif width == 4:
        data = (np.frombuffer(raw, dtype="<i4") / 2147483648.0).astype(np.float32)
    else:
        raise ValueError(f"{path}: unsupported sample width {width * 8} bits")
    frames = len(data) // channels
    return data[: frames * channels].reshape(frames, channels), rate
