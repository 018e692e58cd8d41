"""Two engines in one process; engines collected with no or another context current."""

import gc
import threading

import numpy as np

import phosphene


def _render(engine, preset, n=3):
    engine.load_preset(preset)
    for _ in range(n):
        frame = engine.render()
    return frame


def test_two_engines_interleaved(presets, signal):
    a = phosphene.Engine(48, 36, seed=1)
    b = phosphene.Engine(64, 48, seed=2, gl="es3")
    a.load_preset(presets["agitator"])
    b.load_preset(presets["canvas"])
    for k in range(6):
        a.add_pcm(signal[k * 735:(k + 1) * 735])
        b.add_pcm(signal[k * 735:(k + 1) * 735])
        fa, fb = a.render(), b.render()
    assert fa.shape == (36, 48, 4) and fb.shape == (48, 64, 4)
    # Each engine's frames equal those of an engine rendering alone.
    with phosphene.Engine(48, 36, seed=1) as alone:
        alone.load_preset(presets["agitator"])
        for k in range(6):
            alone.add_pcm(signal[k * 735:(k + 1) * 735])
            fa_alone = alone.render()
    assert np.array_equal(fa, fa_alone)
    a.close()
    assert b.render().shape == (48, 64, 4)  # closing one leaves the other working
    b.close()


def test_collected_in_another_thread(presets):
    holder = [phosphene.Engine(32, 24)]
    _render(holder[0], presets["canvas"])
    thread = threading.Thread(target=holder.clear)  # the last reference dies there
    thread.start()
    thread.join()
    gc.collect()
    with phosphene.Engine(32, 24) as other:
        assert _render(other, presets["agitator"]).shape == (24, 32, 4)


def test_rendered_from_a_thread_collected_in_main(presets):
    holder = []

    def work():
        engine = phosphene.Engine(32, 24)
        _render(engine, presets["agitator"])
        holder.append(engine)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    del holder[:]
    gc.collect()


def test_collected_while_another_context_is_current(presets):
    ctx = phosphene.HeadlessContext()
    try:
        engine = phosphene.Engine(32, 24, context="current")  # draws in ctx
        frame = _render(engine, presets["agitator"])
        assert frame.shape == (24, 32, 4) and frame[..., :3].any()
        own = phosphene.Engine(32, 24)  # its own context; ctx stays current around its calls
        _render(own, presets["airs"])
        other = phosphene.HeadlessContext()  # now `other` is current, not ctx
        del engine  # drew in ctx: its GL objects are abandoned, no GL call in `other`
        del own  # makes its own context current, deletes, then `other` is current again
        gc.collect()
        other.make_current()
        with phosphene.Engine(32, 24, context="current") as again:
            assert _render(again, presets["airs"]).shape == (24, 32, 4)
        other.close()
    finally:
        ctx.close()
        phosphene.HeadlessContext.release()


def test_collected_with_no_context_current(presets):
    ctx = phosphene.HeadlessContext()
    engine = phosphene.Engine(32, 24, context="current")
    _render(engine, presets["agitator"])
    phosphene.HeadlessContext.release()
    ctx.close()  # the context is gone before the engine
    del engine
    gc.collect()


def test_engines_render_in_parallel_threads(presets, signal):
    """The GIL is released while rendering: two engines in two threads at once give the same
    frames as one after the other."""

    def run(name, seed, out):
        with phosphene.Engine(48, 36, seed=seed) as engine:
            engine.load_preset(presets[name])
            out.append(np.stack(list(engine.render_frames(signal[:8820], fps=60))))

    serial_a, serial_b, parallel_a, parallel_b = [], [], [], []
    run("canvas", 1, serial_a)
    run("agitator", 2, serial_b)
    threads = [threading.Thread(target=run, args=("canvas", 1, parallel_a)),
               threading.Thread(target=run, args=("agitator", 2, parallel_b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert np.array_equal(serial_a[0], parallel_a[0])
    assert np.array_equal(serial_b[0], parallel_b[0])
