// Shared by the two bench pages: the same generated audio (as the demo's ?autoplay buffer) and
// the same measurement loop, so Phosphene and Butterchurn see the same input and the same clock.
export function generatedBuffer(rate = 44100, seconds = 8) {
  const n = rate * seconds;
  const out = new Float32Array(n * 2);
  const chords = [[220, 277.2, 329.6], [196, 246.9, 293.7], [174.6, 220, 261.6], [196, 246.9, 329.6]];
  let noise = 12345;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const beat = t % 0.5;
    const kick = Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-beat * 30)) * beat) * Math.exp(-beat * 9);
    noise = (noise * 1103515245 + 12345) & 0x7fffffff;
    const off = (t + 0.25) % 0.5;
    const hat = ((noise / 0x7fffffff) * 2 - 1) * Math.exp(-off * 60) * 0.35;
    const chord = chords[Math.floor(t / 2) % chords.length];
    let pad = 0;
    for (const f of chord) pad += Math.sin(2 * Math.PI * f * t);
    pad *= 0.12 * (0.6 + 0.4 * Math.sin(2 * Math.PI * 0.25 * t));
    out[2 * i] = Math.max(-1, Math.min(1, 0.8 * kick + hat + pad));
    out[2 * i + 1] = Math.max(-1, Math.min(1, 0.8 * kick + hat * 0.7 + pad * 1.1));
  }
  return { samples: out, rate, frames: n };
}

// Renders with requestAnimationFrame for `seconds` (the browser's own pacing, at most the
// display rate) and then `syncFrames` frames back to back, each finished with a 1-pixel
// readPixels so the GPU work is counted; returns both rates.
export async function measure(frame, gl, seconds = 8, syncFrames = 60) {
  let frames = 0;
  const t0 = performance.now();
  await new Promise((resolve) => {
    const loop = () => {
      frame();
      frames++;
      if (performance.now() - t0 < seconds * 1000) requestAnimationFrame(loop);
      else resolve();
    };
    requestAnimationFrame(loop);
  });
  const rafFps = (frames * 1000) / (performance.now() - t0);
  const px = new Uint8Array(4);
  const t1 = performance.now();
  for (let i = 0; i < syncFrames; i++) {
    frame();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  }
  const syncMs = (performance.now() - t1) / syncFrames;
  return { rafFps, syncMsPerFrame: syncMs, syncFps: 1000 / syncMs };
}
