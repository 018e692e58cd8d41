"""Custom messages, the song title and the preset name (phosphene_message.h) from Python."""

import numpy as np
import pytest

import phosphene

W, H = 96, 72

INI = "[message00]\ntext=Hello\ntime=2\nsize=zz\n[message01]\ntext=World\n"


def test_messages_load_launch_and_show(presets):
    with phosphene.Engine(W, H, seed=3, fps=30) as engine:
        diagnostics = engine.load_messages(INI)
        assert [d.id for d in diagnostics] == ["MSG002"]
        assert diagnostics[0].line == 4
        engine.load_preset(presets["agitator"])
        engine.set_message_font("built-in")
        engine.render()
        assert not engine.message_showing
        engine.launch_message(0)
        assert engine.message_showing
        with pytest.raises(phosphene.Error):
            engine.launch_message(5)  # no such message
        engine.stop_message()
        assert not engine.message_showing
        engine.show_message("Hi", time=0.5, color=(255, 0, 0))
        for _ in range(15):  # 0.5 s at 30 fps: off after the frame that reaches the end
            engine.render()
        assert not engine.message_showing
        engine.show_song_title("Artist - Song")
        assert engine.message_showing
        engine.set_preset_name_display(True, 2.0)
        engine.show_preset_name(1.0)


def test_message_changes_the_picture(presets):
    frames = []
    for with_text in (False, True):
        with phosphene.Engine(W, H, seed=3, fps=30) as engine:
            engine.load_preset(presets["agitator"])
            engine.set_message_font("built-in")
            engine.render()
            if with_text:
                engine.show_message("Phosphene", time=2.0, fade=0.0, color=(255, 255, 255))
            frames.append(engine.render().astype(np.int32))
    assert np.abs(frames[0] - frames[1]).mean() > 0.5
