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


def test_render_without_preset(engine):
    with pytest.raises(phosphene.Error, match="no preset"):
        engine.render()


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
    with pytest.raises(ValueError, match="gl"):
        phosphene.Engine(8, 8, gl="2.1")
    with pytest.raises(ValueError, match="context"):
        phosphene.Engine(8, 8, context="window")
    with pytest.raises(ValueError, match=r"1\.\.16384"):
        phosphene.Engine(0, 8)
    with pytest.raises(ValueError, match=r"mesh must be \(8\.\.320, 6\.\.240\)"):
        phosphene.Engine(8, 8, mesh=(1, 1))
    engine = phosphene.Engine(8, 8)
    with pytest.raises(ValueError, match=r"1\.\.16384"):
        engine.resize(16385, 8)
    with pytest.raises(ValueError, match="mesh must be"):
        engine.mesh = (321, 240)
    engine.mesh = (320, 240)
    assert engine.mesh == (320, 240)
    engine.close()
    with pytest.raises(ValueError):
        phosphene.Engine(8, 8, fps=0)


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
