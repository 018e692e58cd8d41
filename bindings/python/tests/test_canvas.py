"""C API 1.1's canvas and textures from Python: start clean, texel offset, read_canvas, and
textures handed to presets by name (set_textures)."""

import numpy as np
import pytest

import phosphene


def showing(sampler: str) -> str:
    """A preset whose comp shader shows one user texture over the whole frame."""
    return ("[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
            "PSVERSION_COMP=2\nfGammaAdj=1.0\ncomp_1=`sampler " + sampler + ";\n"
            "comp_2=`shader_body { ret = tex2D(" + sampler + ", uv).xyz; }\n")


def test_settings_read_back_and_refuse_bad_values():
    with phosphene.Engine(64, 48) as e:
        assert e.start_clean is False
        e.start_clean = True
        assert e.start_clean is True
        assert e.texel_offset == (0.0, 0.0)
        e.texel_offset = (0.5, -0.25)
        assert e.texel_offset == (0.5, -0.25)
        with pytest.raises(ValueError):
            e.texel_offset = (17.0, 0.0)  # past PHOSPHENE_MAX_TEXEL_OFFSET
        assert e.texel_offset == (0.5, -0.25)


def test_read_canvas_is_the_picture_the_warp_reads():
    with phosphene.Engine(64, 48) as e:
        assert e.read_canvas() is None  # nothing drawn yet
        # A red outer border, no decay: the canvas edges are red, its centre black.
        e.load_preset("[preset00]\nfDecay=1.0\nzoom=1.0\nwarp=0.0\nfWaveAlpha=0.0\n"
                      "ob_size=0.1\nob_r=1\nob_g=0\nob_b=0\nob_a=1\n")
        e.render()
        canvas = e.read_canvas()
        assert canvas.dtype == np.uint8 and canvas.shape[2] == 4
        h, w = canvas.shape[:2]
        assert canvas[1, w // 2, 0] > 200 and canvas[1, w // 2, 1] < 50
        assert canvas[h // 2, w // 2, :3].max() < 30


def test_textures_given_by_name_are_what_presets_sample():
    with phosphene.Engine(160, 120) as e:
        # 2 x 2 RGB, rows top first: red, green / blue, white.
        image = np.array([[[255, 0, 0], [0, 255, 0]], [[0, 0, 255], [255, 255, 255]]],
                         dtype=np.uint8)
        e.set_textures({"HostTex": image})
        e.load_preset(showing("sampler_fc_hosttex"))  # names match ignoring case
        e.render()
        frame = e.render()
        assert tuple(frame[15, 20, :3]) == (255, 0, 0)
        assert tuple(frame[15, 140, :3]) == (0, 255, 0)
        assert tuple(frame[105, 20, :3]) == (0, 0, 255)
        assert tuple(frame[105, 140, :3]) == (255, 255, 255)
        assert not [d for d in e.diagnostics() if d.severity != "info"]
        # Taken away: the preset looks again, finds no file, and the diagnostic says so.
        e.set_textures(None)
        e.render()
        assert any("hosttex" in d.message.lower() for d in e.diagnostics())


def test_bad_textures_are_refused_before_anything_changes():
    with phosphene.Engine(32, 24) as e:
        with pytest.raises(TypeError):
            e.set_textures({"a": np.zeros((2, 2, 3), dtype=np.float32)})
        with pytest.raises(TypeError):
            e.set_textures({"a": [[1, 2], [3, 4]]})
        with pytest.raises(ValueError):
            e.set_textures({"a": np.zeros((2, 2, 5), dtype=np.uint8)})
        with pytest.raises(ValueError):
            e.set_textures({"a": np.zeros((0, 2), dtype=np.uint8)})
        with pytest.raises(ValueError):
            e.set_textures({"": np.zeros((1, 1), dtype=np.uint8)})
        e.set_textures({"grey": np.full((4, 4), 128, dtype=np.uint8)})  # one channel is fine
