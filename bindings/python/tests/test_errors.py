"""Errors are exceptions with clear messages, never crashes."""

import numpy as np
import pytest

import phosphene


@pytest.fixture
def engine():
    with phosphene.Engine(32, 24) as e:
        yield e


def test_missing_preset_file(engine, tmp_path):
    with pytest.raises(phosphene.PresetError) as info:
        engine.load_preset(str(tmp_path / "nope.milk"))
    assert isinstance(info.value, phosphene.Error)
    assert "IO001" in info.value.ids
    assert info.value.diagnostics[0].severity == "error"
    assert "nope.milk" in str(info.value)


def test_malformed_preset(engine, tmp_path):
    bad = tmp_path / "bad.milk"
    bad.write_bytes(b"\x00\x01 this is not a preset at all\n")
    with pytest.raises(phosphene.PresetError) as info:
        engine.load_preset(bad)
    assert info.value.ids, "a PresetError carries its diagnostic IDs"
    with pytest.raises(phosphene.PresetError):
        engine.load_preset("not a preset\njust words\n")
    with pytest.raises(phosphene.PresetError):
        engine.load_preset(str(bad), transition=1.0)


def test_broken_equations_are_warnings_not_errors(engine):
    diags = engine.load_preset("[preset00]\nzoom=1\nper_frame_1=zoom = (1 + ;\n")
    assert diags and any(d.severity == "error" and d.section.startswith("per_frame") for d in diags)
    engine.render()  # the rest of the preset runs, as in MilkDrop


def test_render_without_preset_is_black_and_advances(engine):
    # The C API 1.0 frame: with no preset the clock and the audio still advance.
    assert not engine.render()[..., :3].any()
    assert not engine.render()[..., :3].any()
    assert engine.frame == 1 and engine.time > 0


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.int8, np.uint16])
def test_wrong_pcm_dtype(engine, dtype):
    with pytest.raises(TypeError, match="float32, int16 or uint8"):
        engine.add_pcm(np.zeros(100, dtype))


def test_wrong_pcm_shape_and_type(engine):
    with pytest.raises(ValueError, match="shape"):
        engine.add_pcm(np.zeros((10, 2, 2), np.float32))
    with pytest.raises(ValueError, match="channels"):
        engine.add_pcm(np.zeros((10, 0), np.float32))
    with pytest.raises(TypeError, match="numpy array"):
        engine.add_pcm([0.0, 0.1])
    with pytest.raises(ValueError, match="sample_rate"):
        engine.add_pcm(np.zeros(10, np.float32), sample_rate=10)


def test_pcm_formats_and_non_contiguous(engine):
    engine.add_pcm(np.zeros((100, 2), np.float32))
    engine.add_pcm(np.zeros(100, np.int16))
    engine.add_pcm(np.full((100, 2), 128, np.uint8))
    engine.add_pcm(np.zeros((200, 2), np.float32)[::2])  # strided: copied
    engine.add_pcm(np.zeros((2, 100), np.int16).T)  # Fortran order: copied
    assert engine.dropped_pcm_frames == 0


def test_bad_engine_arguments():
    limits = phosphene._phosphene  # the header's PHOSPHENE_* limits
    size_range = rf"1\.\.{limits.MAX_DRAWABLE_SIZE}"
    (min_x, min_y), (max_x, max_y) = limits.MIN_MESH, limits.MAX_MESH
    with pytest.raises(ValueError, match="gl"):
        phosphene.Engine(8, 8, gl="2.1")
    with pytest.raises(ValueError, match="context"):
        phosphene.Engine(8, 8, context="window")
    with pytest.raises(ValueError, match=size_range):
        phosphene.Engine(0, 8)
    with pytest.raises(ValueError, match=rf"mesh must be \({min_x}\.\.{max_x}, {min_y}\.\.{max_y}\)"):
        phosphene.Engine(8, 8, mesh=(min_x - 1, min_y))
    engine = phosphene.Engine(8, 8)
    with pytest.raises(ValueError, match=size_range):
        engine.resize(limits.MAX_DRAWABLE_SIZE + 1, 8)
    with pytest.raises(ValueError, match="mesh must be"):
        engine.mesh = (max_x + 1, max_y)
    engine.mesh = (max_x, max_y)
    assert engine.mesh == (max_x, max_y)
    engine.close()
    with pytest.raises(ValueError, match=rf"fps must be {limits.MIN_FPS:g}\.\.{limits.MAX_FPS:g}"):
        phosphene.Engine(8, 8, fps=limits.MIN_FPS / 2)


def test_limits_are_the_headers(engine):
    """The Python half checks against the same limits as the native half."""
    limits = phosphene._phosphene
    assert limits.MIN_FPS < limits.MAX_FPS and limits.MIN_SAMPLE_RATE < limits.MAX_SAMPLE_RATE
    with pytest.raises(ValueError, match=rf"fps must be {limits.MIN_FPS:g}\.\.{limits.MAX_FPS:g}"):
        next(engine.render_frames(np.zeros(10, np.float32), fps=limits.MAX_FPS * 2))
    with pytest.raises(ValueError, match=rf"{limits.MIN_SAMPLE_RATE}\.\.{limits.MAX_SAMPLE_RATE} Hz"):
        engine.add_pcm(np.zeros(10, np.float32), sample_rate=limits.MAX_SAMPLE_RATE + 1)
    with pytest.raises(ValueError, match=rf"0\.\.{limits.MAX_TRANSITION_SECONDS:g} seconds"):
        engine.load_preset_text("per_frame_1=x=1;", transition=limits.MAX_TRANSITION_SECONDS + 1)
    with pytest.raises(ValueError, match=rf"0\.\.{limits.MAX_FRAME_SECONDS:g} seconds"):
        engine.render(dt=limits.MAX_FRAME_SECONDS * 2)


def test_closed_engine_raises(presets):
    engine = phosphene.Engine(16, 12)
    engine.load_preset(presets["agitator"])
    engine.render()
    engine.close()
    engine.close()  # idempotent
    assert engine.closed
    for call in (engine.render, engine.poll_events, lambda: engine.load_preset(presets["airs"]),
                 lambda: engine.add_pcm(np.zeros(4, np.float32)), lambda: engine.playlist):
        with pytest.raises(phosphene.Error, match="closed"):
            call()


def test_current_context_mode_needs_a_context(presets):
    phosphene.HeadlessContext.release()
    with phosphene.Engine(16, 12, context="current") as engine:
        engine.load_preset(presets["agitator"])
        with pytest.raises(phosphene.Error, match="no OpenGL context"):
            engine.render()
