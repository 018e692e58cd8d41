// Shared by the two bench pages: the same generated audio (as the demo's ?autoplay buffer) and
// the same measurement loop, so Phosphene and Butterchurn see the same input and the same clock.
// The generator is the demo page's own module, served from the built site.
export { generatedBuffer } from '/site/demo/generated-audio.mjs';

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
