"""Shared fixtures of the phosphene Python tests: real presets from Debian's projectm-data, a
small WAV file, and the CLI built next to the module (PHOSPHENE_CLI, set by CTest)."""

import os
import pathlib
import wave

import numpy as np
import pytest

PROJECTM = pathlib.Path("/usr/share/projectM/presets")
REPO = pathlib.Path(__file__).resolve().parents[3]

# Two without shaders (MilkDrop 1 presets) and two with warp/comp shaders (MilkDrop 2).
PRESETS = {
    "agitator": PROJECTM / "presets_milkdrop" / "Aderrasi - Agitator.milk",
    "airs": PROJECTM / "presets_milkdrop" / "Aderrasi - Airs.milk",
    "canvas": PROJECTM / "presets_milkdrop_200" / "Aderrasi + Geiss - Airhandler (Kali Mix) - Canvas Mix.milk",
    "tokamak": PROJECTM / "presets_milkdrop_200" / "Flexi + Geiss - Tokamak mindblob 2-0.milk",
}

RATE = 44100


def make_signal(seconds=1.0, rate=RATE):
    """A kick-like low tone with a tremolo plus a high tone, stereo int16 (n, 2)."""
    t = np.arange(int(seconds * rate)) / rate
    low = 0.45 * np.sin(2 * np.pi * 70 * t) * (0.5 + 0.5 * np.sign(np.sin(2 * np.pi * 2 * t)))
    high = 0.2 * np.sin(2 * np.pi * 2500 * t)
    stereo = np.stack([low + high, np.roll(low, 200) + 0.5 * high], axis=1)
    return (stereo * 32767).astype(np.int16)


@pytest.fixture(scope="session")
def presets():
    missing = [str(p) for p in PRESETS.values() if not p.is_file()]
    assert not missing, f"projectm-data presets missing (run scripts/deps.sh): {missing}"
    return {k: str(v) for k, v in PRESETS.items()}


@pytest.fixture(scope="session")
def signal():
    return make_signal()


@pytest.fixture(scope="session")
def wav_path(tmp_path_factory, signal):
    path = tmp_path_factory.mktemp("audio") / "signal.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(signal.tobytes())
    return str(path)


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("PHOSPHENE_CLI", "")
    assert path and os.access(path, os.X_OK), "PHOSPHENE_CLI must name the built phosphene program"
    return path


@pytest.fixture(scope="session")
def repo():
    return REPO
