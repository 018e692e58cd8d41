"""User sprites (MilkDrop 2's milk_img.ini): launch, draw, end, kill."""

import os

import numpy as np
import pytest

import phosphene

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "data", "sprites")


@pytest.fixture
def engine():
    with phosphene.Engine(64, 48) as e:
        e.load_preset("[preset00]\nfDecay=1.0\nfGammaAdj=1.0\nfWaveAlpha=0.0\nzoom=1.0\nwarp=0.0\n")
        yield e


def test_sprite_file_launch_and_kill(engine):
    diags = engine.load_sprites(os.path.join(DATA, "milk_img.ini"))
    assert any(d.id == "SPR001" and d.line == 24 for d in diags)
    first = engine.launch_sprite(0)
    second = engine.launch_sprite(2)
    assert engine.sprite_ids() == [first, second]
    with pytest.raises(phosphene.PresetError):
        engine.launch_sprite(9)  # no [img09]
    assert engine.kill_sprite(first)
    assert not engine.kill_sprite(first)
    engine.kill_all_sprites()
    assert engine.sprite_ids() == []
    ended = [e for e in engine.poll_events() if e.type == "sprite_ended"]
    assert [(e.request_id, e.name) for e in ended] == [(first, "killed"), (second, "killed")]


def test_sprite_is_drawn_and_ends_when_done(engine):
    sprite = engine.launch_sprite_code(
        "img=quadrants.png\ninit_1=burn=0;\ncode_1=done = frame >= 1;\n", DATA)
    frame = engine.render()
    # The whole 64x48 view is the sprite's (4:3: sx = sy = 1 covers it): red top-left.
    assert tuple(frame[10, 10, :3]) == (255, 0, 0)
    engine.render()
    assert engine.sprite_ids() == []
    assert tuple(engine.render()[10, 10, :3]) == (0, 0, 0)  # burn was off: nothing stays
    assert any(e.type == "sprite_ended" and e.request_id == sprite and e.name == "done"
               for e in engine.poll_events())
