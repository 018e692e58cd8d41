"""PNG encoding with the standard library only (zlib + struct): no Pillow needed."""

from __future__ import annotations

import struct
import zlib

import numpy as np

__all__ = ["to_png", "Image"]

_COLOUR_TYPES = {1: 0, 2: 4, 3: 2, 4: 6}  # channels -> PNG colour type (grey, grey+a, RGB, RGBA)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def to_png(array, compression: int = 6) -> bytes:
    """Encodes an image as PNG bytes.

    `array` is a numpy uint8 array of shape (H, W) (grey), (H, W, 1), (H, W, 2) (grey + alpha),
    (H, W, 3) (RGB) or (H, W, 4) (RGBA), top row first, as Engine.render() returns it.
    """
    a = np.asarray(array)
    if a.dtype != np.uint8:
        raise TypeError(f"to_png wants a uint8 array, got {a.dtype}")
    if a.ndim == 2:
        a = a[:, :, None]
    if a.ndim != 3 or a.shape[2] not in _COLOUR_TYPES or a.shape[0] < 1 or a.shape[1] < 1:
        raise ValueError(f"to_png wants shape (H, W) or (H, W, 1..4), got {a.shape}")
    h, w, c = a.shape
    rows = np.empty((h, 1 + w * c), dtype=np.uint8)
    rows[:, 0] = 0  # filter type None on every row: simple, and zlib does the work
    rows[:, 1:] = np.ascontiguousarray(a).reshape(h, w * c)
    header = struct.pack(">IIBBBBB", w, h, 8, _COLOUR_TYPES[c], 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows.tobytes(), compression))
        + _chunk(b"IEND", b"")
    )


class Image:
    """A rendered frame for notebooks: shows itself as PNG (`_repr_png_`).

    `.array` is the numpy uint8 array (H, W, 4), top row first; `.save(path)` writes a PNG file.
    """

    def __init__(self, array):
        self.array = np.asarray(array)

    @property
    def width(self) -> int:
        """Width in pixels."""
        return int(self.array.shape[1])

    @property
    def height(self) -> int:
        """Height in pixels."""
        return int(self.array.shape[0])

    def to_png(self) -> bytes:
        """The image as PNG bytes."""
        return to_png(self.array)

    def _repr_png_(self) -> bytes:
        return self.to_png()

    def save(self, path) -> None:
        """Writes the image as a PNG file."""
        with open(path, "wb") as f:
            f.write(self.to_png())

    def __repr__(self) -> str:
        return f"<phosphene.Image {self.width}x{self.height}>"
