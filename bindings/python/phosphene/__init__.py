"""Phosphene for Python: render MilkDrop presets to numpy arrays, analyse audio, lint presets.

    import numpy as np, phosphene

    with phosphene.Engine(320, 240, seed=1) as engine:
        engine.load_preset("/usr/share/projectM/presets/presets_milkdrop/Geiss - Reaction Diffusion 2.milk")
        t = np.arange(44100 * 2) / 44100
        audio = (0.5 * np.sin(2 * np.pi * 110 * t)).astype(np.float32)
        for i, frame in enumerate(engine.render_frames(audio, fps=30)):
            pass  # frame: uint8 array (240, 320, 4), top row first
        phosphene.Image(frame).save("last.png")

Everything runs headless (EGL; Mesa's llvmpipe needs no GPU). The module is built for one
interpreter (Debian's /usr/bin/python3 by default, see the README).
"""

from __future__ import annotations

import math
import os
import pathlib
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Sequence, Union

import numpy as np

# Mesa's surfaceless EGL platform needs neither X nor Wayland; a user's own choice wins.
os.environ.setdefault("EGL_PLATFORM", "surfaceless")

from . import _phosphene  # noqa: E402
from ._png import Image, to_png  # noqa: E402
from ._wav import read_wav  # noqa: E402

Error = _phosphene.Error
PresetError = _phosphene.PresetError
EvalError = _phosphene.EvalError
Diagnostic = _phosphene.Diagnostic
Event = _phosphene.Event
Playlist = _phosphene.Playlist
Preset = _phosphene.Preset
HeadlessContext = _phosphene.HeadlessContext

__version__ = _phosphene.__version__

__all__ = [
    "Engine", "HeadlessContext", "Error", "PresetError", "EvalError", "Diagnostic", "Event", "Playlist", "Preset",
    "Image", "LintResult", "EvalResult", "analyze", "lint", "eval", "to_png", "read_wav",
    "library_version",
]

PathLike = Union[str, "os.PathLike[str]"]


def library_version() -> str:
    """The linked Phosphene library's version, e.g. '0.1.0'."""
    return _phosphene.library_version()


def _is_preset_text(source) -> bool:
    # A path never contains a newline; a one-line text needs its key=value and is not a file.
    if isinstance(source, bytes) or "\n" in source:
        return True
    if source.lower().endswith((".milk", ".milk2")) or os.path.exists(source):
        return False
    return "=" in source


def _frame_bounds(k: int, sample_rate: int, fps: float) -> int:
    # As `phosphene render` splits audio: frame k ends at round((k+1)*rate/fps), halves away from
    # zero like C's llround, so Python and the CLI feed identical chunks.
    return int(math.floor((k + 1) * sample_rate / fps + 0.5))


class Engine(_phosphene._Engine):
    """A visualizer: one MilkDrop engine with its own clock, audio analysis, presets and playlist.

    Engine(width=640, height=480, *, seed=0, mesh=(48, 36), fps=60, gl="3.3", context="own")

    - seed: seeds every random choice; the same seed, preset and audio give the same frames
      (byte for byte the frames `phosphene render` writes with the same options).
    - mesh: MilkDrop's warp mesh (columns, rows).
    - fps: the fixed clock's frame rate (each render() advances 1/fps seconds unless dt is given).
    - gl: "3.3" (OpenGL 3.3 core) or "es3" (OpenGL ES 3.0).
    - context: "own" makes a headless EGL context, current only during the engine's calls (the
      caller's context, if any, stays current); "current" draws in the context the caller has
      current at each call (PyOpenGL, moderngl), with render() reading back an offscreen frame
      and render_to() drawing into the caller's framebuffer.

    Use it as a context manager or call close(); after close() every method raises
    phosphene.Error. Requested presets are waited for (switch setting wait_for_loads), so
    offline renders do not depend on the loader thread's speed. Not for concurrent use from
    several threads (calls are serialised by a lock; the GIL is released while rendering).
    """

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        if self.closed:
            return "<phosphene.Engine (closed)>"
        return f"<phosphene.Engine {self.width}x{self.height} preset={self.current_preset!r}>"

    def load_preset(self, path_or_text, transition: float = 0.0, *, name: str = "<text>"
                    ) -> List[Diagnostic]:
        """Loads a preset and makes it current: a file path (str or os.PathLike) or .milk text
        (a str containing a newline, or bytes).

        transition: 0 starts it at the next frame (a cut); > 0 blends from the current preset
        over that many seconds (MilkDrop's transition). Returns the load's diagnostics
        (warnings such as equation blocks MilkDrop would also skip). Raises PresetError, with
        `.diagnostics` and `.ids`, when the preset cannot be used at all (missing or unreadable
        file: IO001; not a preset). A preset that reads but then fails to prepare leaves the
        current one running, and poll_events() reports a 'preset_load_failed' event.
        """
        if isinstance(path_or_text, bytes):
            path_or_text = path_or_text.decode("utf-8", errors="replace")
        if isinstance(path_or_text, os.PathLike):
            return self.load_preset_file(os.fspath(path_or_text), transition)
        if not isinstance(path_or_text, str):
            raise TypeError(f"load_preset wants a path or .milk text, got {type(path_or_text).__name__}")
        if _is_preset_text(path_or_text):
            return self.load_preset_text(path_or_text, name, transition)
        return self.load_preset_file(path_or_text, transition)

    @property
    def playlist(self) -> Playlist:
        """The engine's playlist (see phosphene.Playlist); moves switch this engine."""
        return _phosphene._playlist(self)

    def render_image(self) -> Image:
        """render(), wrapped as an Image (shown as PNG in notebooks)."""
        return Image(self.render())

    def render_frames(self, audio, fps: Optional[float] = None, n: Optional[int] = None,
                      sample_rate: int = 44100) -> Iterator[np.ndarray]:
        """Renders `audio` offline: yields one frame (uint8 (H, W, 4)) per video frame.

        Frame k receives the samples [round(k*rate/fps), round((k+1)*rate/fps)) exactly as
        `phosphene render` feeds them, then silence past the end. fps defaults to the engine's;
        n defaults to the length of the audio (at least one frame). audio: a numpy array as for
        add_pcm, or a WAV file path (its own sample rate is used).
        """
        if isinstance(audio, (str, os.PathLike)):
            audio, sample_rate = read_wav(audio)
        fps = float(self.fps if fps is None else fps)
        if not _phosphene.MIN_FPS <= fps <= _phosphene.MAX_FPS:
            raise ValueError(f"fps must be {_phosphene.MIN_FPS:g}..{_phosphene.MAX_FPS:g}, got {fps:g}")
        samples = np.asarray(audio)
        if samples.ndim not in (1, 2):
            raise ValueError(f"audio must have shape (n,) or (n, channels), got {samples.shape}")
        total = samples.shape[0]
        if n is None:
            n = max(1, math.ceil(total / sample_rate * fps - 1e-9))
        dt = 0.0 if fps == self.fps else 1.0 / fps
        silence = np.zeros((0,) + samples.shape[1:], dtype=samples.dtype)
        fed = 0
        for k in range(int(n)):
            end = _frame_bounds(k, sample_rate, fps)
            if end > fed:
                chunk = samples[fed:min(end, total)] if fed < total else silence
                if chunk.shape[0] < end - fed:  # past the end: pad with silence, as the CLI does
                    pad = np.zeros((end - fed - chunk.shape[0],) + samples.shape[1:], dtype=samples.dtype)
                    if samples.dtype == np.uint8:
                        pad[...] = 128
                    chunk = np.concatenate([chunk, pad])
                self.add_pcm(chunk, sample_rate)
                fed = end
            yield self.render(dt=dt)


@dataclass
class LintResult:
    """One preset checked by lint(): its path, whether it is usable without errors, and the
    diagnostics (Diagnostic objects) found reading, parsing, compiling and (frames > 0)
    rendering it."""

    path: str
    ok: bool
    diagnostics: List[Diagnostic] = field(default_factory=list)

    @property
    def ids(self) -> List[str]:
        """The diagnostics' IDs."""
        return [d.id for d in self.diagnostics]


class EvalResult(dict):
    """eval()'s answer: a dict {variable: value} after the run, plus `.value` (the value of the
    last statement) and `.diagnostics` (warnings about sloppy code MilkDrop accepts)."""

    value: float
    diagnostics: List[Diagnostic]


def eval(code: str, **variables: float) -> EvalResult:  # noqa: A001 (the issue's name)
    """Runs MilkDrop equation code (EEL2) once in a fresh context and returns its variables.

        phosphene.eval("y = x * 2; z = sin(y)", x=1.5)  ->  {'x': 1.5, 'y': 3.0, 'z': 0.1411...}

    Variables start at 0 unless given as keywords (names are case-insensitive and come back in
    lower case; reg00..reg99 are the global registers, not listed). `.value` holds the value of
    the last statement. Raises EvalError (with .diagnostics / .ids) when the code does not compile.
    """
    value, found, diagnostics = _phosphene._eval(str(code), dict(variables))
    result = EvalResult(found)
    result.value = value
    result.diagnostics = diagnostics
    return result


def analyze(path_or_array, fps: float = 60, sample_rate: Optional[int] = None,
            frames: Optional[int] = None) -> Dict[str, np.ndarray]:
    """Analyses audio as the engine sees it, one video frame at a time.

    path_or_array: a PCM WAV file (8/16/24/32-bit integer; read with Python's wave module) or a
    numpy array (float32 / int16 / uint8, shape (n,) or (n, channels)) with `sample_rate`
    (default 44100 for arrays). Frame k analyses the samples up to round((k+1)*rate/fps), as
    `phosphene render` feeds them. Returns a dict of numpy arrays with one entry per frame:
    bass, mid, treb, bass_att, mid_att, treb_att (float32, 1.0 = usual loudness), beat (bool),
    time (float64 seconds; frame k is at (k+1)/fps) and spectrum (float32, frames x 512 bins, both channels averaged).
    """
    if isinstance(path_or_array, (str, os.PathLike)):
        path = os.fspath(path_or_array)
        if not os.path.exists(path):
            raise FileNotFoundError(f"no such audio file: {path}")
        samples, rate = read_wav(path)
        if sample_rate is not None and sample_rate != rate:
            raise ValueError(f"{path} is {rate} Hz; sample_rate={sample_rate} disagrees")
        sample_rate = rate
    else:
        samples = path_or_array
        sample_rate = 44100 if sample_rate is None else int(sample_rate)
    return _phosphene._analyze_pcm(samples, int(sample_rate), float(fps),
                                   -1 if frames is None else int(frames))


def _preset_files(path: str) -> List[str]:
    if os.path.isdir(path):
        found = [str(p) for p in pathlib.Path(path).rglob("*") if p.suffix.lower() in (".milk", ".milk2") and p.is_file()]
        return sorted(found)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no such preset file or folder: {path}")
    return [path]


def lint(path_or_folder: PathLike, frames: int = 0, *, size: Sequence[int] = (64, 48)
         ) -> List[LintResult]:
    """Checks presets: one .milk file, or every .milk file under a folder (recursively, sorted).

    Each preset is read, parsed and compiled once (a preset handle: no GL needed). With
    frames > 0 it is also rendered that many frames in a small headless engine, which adds the
    diagnostics only drawing finds (missing textures, shaders the driver rejects). A result is ok
    when the preset loads and no diagnostic is an error.
    """
    results = []
    engine = None
    try:
        for path in _preset_files(os.fspath(path_or_folder)):
            preset = Preset.from_file(path)
            diagnostics = list(preset.diagnostics)
            prepared = True
            if preset.ok and frames > 0:
                if engine is None:
                    engine = Engine(int(size[0]), int(size[1]))
                engine.poll_events()  # what earlier presets left
                engine.load_preset_file(path)
                for _ in range(int(frames)):
                    engine.render()
                # A preset that failed to prepare never ran: its event says why, and the
                # engine's diagnostics are still those of the preset before it.
                failed = [e for e in engine.poll_events() if e.type == "preset_load_failed"]
                drawn = [d for e in failed for d in e.diagnostics] if failed else engine.diagnostics()
                seen = {(d.id, d.line, d.message) for d in diagnostics}
                diagnostics += [d for d in drawn if (d.id, d.line, d.message) not in seen]
                prepared = not failed
            ok = preset.ok and prepared and not any(d.severity == "error" for d in diagnostics)
            results.append(LintResult(path, ok, diagnostics))
    finally:
        if engine is not None:
            engine.close()
    return results
