"""analyze, lint, eval, the playlist and `python3 -m phosphene`."""

import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import phosphene


def test_analyze_wav_and_array(wav_path, signal):
    result = phosphene.analyze(wav_path, fps=30)
    n = 30  # one second of audio at 30 fps
    for key in ("bass", "mid", "treb", "bass_att", "mid_att", "treb_att", "beat", "time"):
        assert result[key].shape == (n,), key
    assert result["spectrum"].shape == (n, 512)
    assert result["beat"].dtype == np.bool_ and result["bass"].dtype == np.float32
    assert np.isfinite(result["bass"]).all() and result["spectrum"].max() > 0
    # Frame k is at (k + 1) / fps: the clock advances before each analysis.
    assert result["time"][:2] == pytest.approx([1 / 30, 2 / 30])
    same = phosphene.analyze(signal, fps=30, sample_rate=44100)
    assert np.array_equal(same["bass"], result["bass"])
    assert phosphene.analyze(signal.astype(np.float32) / 32768, fps=60)["bass"].shape == (60,)
    assert phosphene.analyze(signal, fps=30, frames=5)["mid"].shape == (5,)


def test_analyze_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        phosphene.analyze(tmp_path / "missing.wav")
    not_wav = tmp_path / "x.wav"
    not_wav.write_bytes(b"garbage" * 10)
    with pytest.raises(ValueError, match="WAV"):
        phosphene.analyze(not_wav)
    with pytest.raises(TypeError):
        phosphene.analyze(np.zeros(10, np.float64))


def test_lint_folder(repo, tmp_path):
    folder = tmp_path / "presets"
    shutil.copytree(repo / "tests" / "data" / "presets" / "lint", folder)
    (folder / "empty.milk").write_text("")
    results = phosphene.lint(folder)
    by_name = {os.path.basename(r.path): r for r in results}
    assert sorted(by_name) == ["empty.milk", "lint-error.milk", "lint-ok.milk", "lint-warning.milk"]
    assert by_name["lint-ok.milk"].ok and by_name["lint-ok.milk"].diagnostics == []
    assert by_name["lint-warning.milk"].ok and by_name["lint-warning.milk"].diagnostics
    assert not by_name["lint-error.milk"].ok
    assert not by_name["empty.milk"].ok and by_name["empty.milk"].ids
    rendered = phosphene.lint(folder / "lint-ok.milk", frames=2)
    assert len(rendered) == 1 and rendered[0].ok
    with pytest.raises(FileNotFoundError):
        phosphene.lint(tmp_path / "nothing-here")


def test_eval():
    out = phosphene.eval("y = x * 2; z = sqr(y) + Bass; z", x=1.5, BASS=0.25)
    assert out == {"x": 1.5, "bass": 0.25, "y": 3.0, "z": 9.25}
    assert out.value == 9.25
    loop = phosphene.eval("n = 0; loop(10, n += 1)")
    assert loop["n"] == 10
    with pytest.raises(phosphene.EvalError) as info:
        phosphene.eval("x = (1 + ;")
    assert info.value.ids and info.value.diagnostics[0].line == 1
    with pytest.raises(TypeError, match="number"):
        phosphene.eval("x", x="one")


def test_playlist(repo, presets, tmp_path):
    with phosphene.Engine(32, 24) as engine:
        playlist = engine.playlist
        assert playlist.add_folder(str(repo / "presets")) >= 3
        assert playlist.add_file(presets["airs"])
        assert not playlist.add_file(presets["airs"])  # already listed
        n = len(playlist)
        assert playlist[0][1].endswith(".milk") and playlist[-1][0] == "Aderrasi - Airs.milk"
        request = playlist.play(1, transition=0)
        engine.render()
        started = [e for e in engine.poll_events() if e.type == "preset_started"]
        assert started and started[-1].request_id == request and started[-1].playlist_index == 1
        assert playlist.position == 1
        playlist.next(transition=0)
        engine.render()
        assert playlist.position == 2
        playlist.previous(transition=0)
        assert playlist.position == 1
        playlist.set_rating(0, 5)
        playlist.set_favourite(0)
        assert playlist.rating(0) == 5 and playlist.is_favourite(0)
        playlist.save_ratings(str(tmp_path / "ratings.txt"))
        assert "# phosphene ratings 1" in (tmp_path / "ratings.txt").read_text()
        playlist.shuffle = True
        assert playlist.shuffle
        playlist.random()
        engine.render()
        playlist.sort("path")
        playlist.remove(0)
        assert len(playlist) == n - 1
        with pytest.raises(IndexError):
            playlist.play(1000)
        playlist.clear()
        assert len(playlist) == 0
        with pytest.raises(IndexError):
            playlist.next()


def test_switch_settings():
    with phosphene.Engine(16, 12) as engine:
        settings = engine.switch_settings()
        assert settings["wait_for_loads"] is True
        engine.set_switch_settings(preset_duration=5.0, locked=True)
        assert engine.switch_settings()["preset_duration"] == 5.0
        with pytest.raises(TypeError, match="unknown"):
            engine.set_switch_settings(nonsense=1)


def test_main_runs_the_cli(cli):
    env = dict(os.environ, PHOSPHENE_CLI=cli)
    out = subprocess.run([sys.executable, "-m", "phosphene", "eval", "1+2"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "3"
    env["PHOSPHENE_CLI"] = "/nonexistent/phosphene"
    out = subprocess.run([sys.executable, "-m", "phosphene", "render"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 127 and "cannot find the phosphene program" in out.stderr
