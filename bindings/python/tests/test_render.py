"""Rendering: shapes and dtypes, real presets, determinism against the CLI, out=, resize, PNG."""

import subprocess
import zlib

import numpy as np
import pytest

import phosphene

W, H = 96, 72


def test_render_shape_dtype_and_alpha(presets, signal):
    with phosphene.Engine(W, H, seed=3) as engine:
        assert engine.load_preset(presets["agitator"]) == []
        engine.add_pcm(signal[:735])
        frame = engine.render()
        assert frame.shape == (H, W, 4) and frame.dtype == np.uint8
        assert frame.flags["C_CONTIGUOUS"]
        assert (frame[..., 3] == 255).all()  # opaque RGB, alpha 1
        assert engine.frame == 0 and engine.time == pytest.approx(1 / 60)
        engine.render()
        assert engine.frame == 1 and engine.time == pytest.approx(2 / 60)


@pytest.mark.parametrize("name", ["agitator", "airs", "canvas", "tokamak"])
def test_real_presets_are_not_black(presets, signal, name):
    with phosphene.Engine(W, H, seed=1, fps=30) as engine:
        engine.load_preset(presets[name])
        frames = list(engine.render_frames(signal[: RATE_HALF], fps=30))
    assert len(frames) == 15
    last = frames[-1][..., :3].astype(np.float64)
    assert last.mean() > 5.0, f"{name}: mean brightness {last.mean():.2f}"
    assert last.std() > 1.0, f"{name}: a flat image"
    assert not np.array_equal(frames[0], frames[-1]), f"{name}: the picture does not move"


RATE_HALF = 44100 // 2


@pytest.mark.parametrize("name", ["agitator", "canvas"])
def test_same_bytes_as_the_cli(presets, wav_path, signal, cli, name):
    """`phosphene render` and Engine.render_frames with the same preset, audio, size, fps, seed
    and mesh give identical frames (the CLI's raw RGBA on stdout, top row first)."""
    n, fps, seed = 12, 30, 7
    out = subprocess.run(
        [cli, "render", "--preset", presets[name], "--audio", wav_path, "--size", f"{W}x{H}",
         "--fps", str(fps), "--frames", str(n), "--seed", str(seed), "--mesh", "32x24",
         "--out", "-"], capture_output=True, check=True, timeout=120).stdout
    cli_frames = np.frombuffer(out, dtype=np.uint8).reshape(n, H, W, 4)
    with phosphene.Engine(W, H, seed=seed, mesh=(32, 24), fps=fps) as engine:
        engine.load_preset(presets[name])
        py_frames = np.stack(list(engine.render_frames(wav_path, n=n)))
    for k in (0, 5, n - 1):
        assert np.array_equal(cli_frames[k], py_frames[k]), f"frame {k} differs"
    # The same holds for an in-memory array of the same samples.
    with phosphene.Engine(W, H, seed=seed, mesh=(32, 24), fps=fps) as engine:
        engine.load_preset(presets[name])
        again = np.stack(list(engine.render_frames(signal, n=n, sample_rate=44100)))
    assert np.array_equal(again, py_frames)


def test_render_into_out_and_its_checks(presets):
    with phosphene.Engine(W, H) as engine:
        engine.load_preset(presets["airs"])
        out = np.zeros((H, W, 4), np.uint8)
        assert engine.render(out=out) is not None
        assert out[..., 3].min() == 255
        with pytest.raises(ValueError, match="shape"):
            engine.render(out=np.zeros((H, W, 3), np.uint8))
        with pytest.raises(TypeError, match="uint8"):
            engine.render(out=np.zeros((H, W, 4), np.float32))
        with pytest.raises(ValueError, match="contiguous"):
            engine.render(out=np.zeros((H, W * 2, 4), np.uint8)[:, ::2])
        with pytest.raises(ValueError, match="dt"):
            engine.render(dt=-1.0)


def test_resize_and_mesh(presets):
    with phosphene.Engine(W, H, mesh=(16, 12)) as engine:
        assert engine.mesh == (16, 12)
        engine.load_preset(presets["agitator"])
        engine.render()
        engine.resize(40, 30)
        assert engine.render().shape == (30, 40, 4)
        with pytest.raises(ValueError):
            engine.resize(0, 10)
        with pytest.raises(ValueError):
            engine.mesh = (2, 2)


def test_transition_blends_and_reports_events(presets):
    with phosphene.Engine(W, H) as engine:
        engine.load_preset(presets["agitator"])
        engine.render()
        engine.load_preset(presets["airs"], transition=0.5)
        engine.render()
        assert engine.transitioning
        types = [e.type for e in engine.poll_events()]
        assert types.count("preset_started") == 2
        for _ in range(40):
            engine.render()
        assert not engine.transitioning
        assert "transition_ended" in [e.type for e in engine.poll_events()]
        assert engine.current_preset == "Aderrasi - Airs.milk"


def test_preset_text_and_png(tmp_path):
    text = "[preset00]\nzoom=1.02\nwave_r=1\nwave_g=0.5\nnWaveMode=2\nfWaveAlpha=1\n"
    with phosphene.Engine(48, 36) as engine:
        engine.load_preset(text)
        engine.add_pcm((0.5 * np.sin(np.arange(4410) / 7)).astype(np.float32))
        image = engine.render_image()
    png = image._repr_png_()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and png[12:16] == b"IHDR"
    assert int.from_bytes(png[16:20], "big") == 48 and int.from_bytes(png[20:24], "big") == 36
    # Decode our own IDAT (filter 0 on every row) and compare with the array.
    idat = png[png.index(b"IDAT") + 4: png.index(b"IEND") - 8]
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(36, 1 + 48 * 4)
    assert (rows[:, 0] == 0).all()
    assert np.array_equal(rows[:, 1:].reshape(36, 48, 4), image.array)
    image.save(tmp_path / "frame.png")
    assert (tmp_path / "frame.png").read_bytes() == png
    assert phosphene.to_png(np.zeros((2, 3), np.uint8)).startswith(b"\x89PNG")
    with pytest.raises(TypeError):
        phosphene.to_png(np.zeros((2, 3), np.float32))
