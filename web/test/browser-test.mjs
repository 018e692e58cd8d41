// The browser test: the built site (scripts/build-web.sh) served by a small static server here,
// opened in Debian's chromium (headless, SwiftShader's WebGL 2) driven by playwright-core.
//
//   node web/test/browser-test.mjs SITE_DIR OUT_DIR [SHADER_PRESET.milk]
//
// Checks: the demo page loads with ?autoplay and draws non-black frames from its generated audio;
// a projectM shader preset dropped on the page is translated (no SHD010 fallback) and drawn, and
// its pixels differ from the same preset with its shaders removed (same audio, seed and frames);
// a transition runs (is seen in flight and ends); no console errors, page errors or failed
// requests. Screenshots and measurements (time to first frame, shader preset load, fps) go to
// OUT_DIR. Exits non-zero on any failure: a missing browser is a failure, never a skip.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const [siteDir, outDir, shaderPresetArg] = process.argv.slice(2);
if (!siteDir || !outDir) {
  console.error('usage: browser-test.mjs SITE_DIR OUT_DIR [SHADER_PRESET.milk]');
  process.exit(2);
}
const shaderPreset = shaderPresetArg ||
  "/usr/share/projectM/presets/presets_tryptonaut/Rovastar - Harlequin's Fractal Encounter - cancer of saints.milk";
const chromiumPath = process.env.PHOSPHENE_CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(outDir, { recursive: true });

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
for (const f of [chromiumPath, shaderPreset, path.join(siteDir, 'demo/index.html'),
  path.join(siteDir, 'phosphene.wasm')]) {
  if (!fs.existsSync(f)) {
    console.error(`browser-test: missing ${f}`);
    process.exit(1);
  }
}

// --- A static file server for the site ------------------------------------------------------
const types = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json',
  '.milk': 'text/plain', '.ts': 'text/plain', '.png': 'image/png',
};
const root = path.resolve(siteDir);
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

// --- The browser ----------------------------------------------------------------------------
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'phosphene-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  viewport: { width: 900, height: 760 },
  args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
});
const problems = [];
const page = await browser.newPage();
page.on('console', (m) => {
  if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
page.on('response', (r) => {
  if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
});

const metrics = { machine: `${os.cpus().length} CPUs, ${os.cpus()[0]?.model}` };
try {
  const t0 = Date.now();
  await page.goto(`${base}/demo/index.html?autoplay&duration=600`);
  await page.waitForFunction(() => window.phospheneDemo?.ready && window.phospheneDemo.vis.frames > 2,
    null, { timeout: 120000 });
  metrics.firstFrameMs = await page.evaluate(() => window.phospheneDemo.firstFrameMs);
  metrics.pageToFirstFrameMs = Date.now() - t0;
  const info = await page.evaluate(() => {
    const gl = document.getElementById('canvas').getContext('webgl2');
    const dbg = gl.getExtension('WEBGL_debug_renderer_info');
    return { version: gl.getParameter(gl.VERSION),
      renderer: dbg ? gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL) : '' };
  });
  metrics.webgl = info;
  check(info.version.startsWith('WebGL 2.0'), `WebGL 2 context (${info.version}, ${info.renderer})`);

  // Non-black frames from the generated audio (the bundled presets, autoplay).
  await page.waitForFunction(() => window.phospheneDemo.vis.frames > 60, null, { timeout: 120000 });
  const stats = await page.evaluate(() => {
    const px = window.phospheneDemo.vis.readPixels();
    let lit = 0, sum = 0;
    for (let i = 0; i < px.length; i += 4) {
      const v = px[i] + px[i + 1] + px[i + 2];
      sum += v;
      if (v > 30) lit++;
    }
    return { lit: lit / (px.length / 4), mean: sum / (px.length / 4) / 3,
      name: window.phospheneDemo.vis.currentPresetName };
  });
  check(stats.lit > 0.05 && stats.mean > 4,
    `autoplay draws non-black frames (${stats.name}: ${(stats.lit * 100).toFixed(1)}% lit, mean ${stats.mean.toFixed(1)})`);
  await page.locator('#canvas').screenshot({ path: path.join(outDir, 'autoplay.png') });
  metrics.fpsBundled = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 3200));
    return window.phospheneDemo.fps;
  });

  // A projectM shader preset, dropped on the page.
  const milk = fs.readFileSync(shaderPreset, 'latin1');
  const fileName = path.basename(shaderPreset);
  const drop = await page.evaluate(async ({ text, name }) => {
    const demo = window.phospheneDemo;
    const started = performance.now();
    const result = new Promise((resolve) => {
      const off = demo.vis.on('presetstarted', (e) => {
        if (e.name === name) { off(); resolve({ e, ms: performance.now() - started }); }
      });
    });
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: 'text/plain' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    const { e, ms } = await result;
    return { ms, loadSeconds: e.loadSeconds, diagnostics: e.diagnostics, frames: demo.vis.frames,
      listed: demo.vis.playlist.some((p) => p.name === name) };
  }, { text: milk, name: fileName });
  check(drop.listed, `dropped ${fileName} is in the preset list`);
  const fallbacks = drop.diagnostics.filter((d) => d.id === 'SHD010');
  check(fallbacks.length === 0,
    `its shaders translate in the page (${fallbacks.map((d) => d.message).join('; ') || 'no SHD010'})`);
  metrics.shaderPresetLoadMs = drop.ms;
  metrics.shaderPresetPrepareSeconds = drop.loadSeconds;
  await page.waitForTimeout(4000); // past the transition into it
  await page.locator('#canvas').screenshot({ path: path.join(outDir, 'shader-preset.png') });
  metrics.fpsShaderPreset = await page.evaluate(() => window.phospheneDemo.fps);

  // The same preset with and without its shaders, on a canvas of its own: same seed, same
  // audio, same frame times, so only the shaders differ.
  const compare = await page.evaluate(async ({ text }) => {
    const { createVisualizer } = await import('../phosphene.mjs');
    const demo = window.phospheneDemo;
    const noShaders = text.split(/\r?\n/).filter((l) => !/^(warp|comp)_\d+=/i.test(l)).join('\n');
    const render = async (presetText) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      document.body.appendChild(canvas);
      const vis = await createVisualizer(canvas, { seed: 7 });
      let started = false, diagnostics = [];
      vis.on('presetstarted', (e) => { started = true; diagnostics = e.diagnostics; });
      const loading = vis.loadPreset(presetText, { transition: 0, name: 'compare.milk' });
      await new Promise((r) => setTimeout(r, 0)); // the request is made after reading the text
      const g = demo.generated;
      let pos = 0;
      for (let f = 0; f < 400 && !started; f++) vis.render(1 / 60);
      for (let f = 0; f < 90; f++) {
        const n = Math.round(g.rate / 60);
        vis.addPcm(g.samples.subarray(2 * pos, 2 * (pos + n)), 2, g.rate);
        pos += n;
        vis.render(1 / 60);
      }
      await loading;
      const px = vis.readPixels();
      const png = canvas.toDataURL('image/png');
      vis.destroy();
      canvas.remove();
      return { px, png, started, diagnostics };
    };
    const a = await render(text);
    const b = await render(noShaders);
    let diff = 0, litA = 0;
    for (let i = 0; i < a.px.length; i += 4) {
      diff += Math.abs(a.px[i] - b.px[i]) + Math.abs(a.px[i + 1] - b.px[i + 1]) +
        Math.abs(a.px[i + 2] - b.px[i + 2]);
      if (a.px[i] + a.px[i + 1] + a.px[i + 2] > 30) litA++;
    }
    const n = a.px.length / 4;
    return { startedA: a.started, startedB: b.started, meanDiff: diff / n / 3, litA: litA / n,
      pngA: a.png, pngB: b.png, fallbackA: a.diagnostics.filter((d) => d.id === 'SHD010').length };
  }, { text: milk });
  fs.writeFileSync(path.join(outDir, 'shaders-on.png'), Buffer.from(compare.pngA.split(',')[1], 'base64'));
  fs.writeFileSync(path.join(outDir, 'shaders-off.png'), Buffer.from(compare.pngB.split(',')[1], 'base64'));
  check(compare.startedA && compare.startedB, 'the preset starts with and without its shaders');
  check(compare.fallbackA === 0 && compare.litA > 0.05,
    `with shaders it is drawn (${(compare.litA * 100).toFixed(1)}% lit)`);
  check(compare.meanDiff > 4, `its pixels differ from the shaders-off rendering (mean |diff| ${compare.meanDiff.toFixed(1)})`);
  metrics.shaderOnOffMeanDiff = compare.meanDiff;

  // MilkDrop's sprites and messages through the page API over a preset that draws black: a
  // red sprite image handed over as bytes shows in the centre, killing it clears it, a custom
  // message draws white text.
  const overlays = await page.evaluate(async () => {
    const { createVisualizer } = await import('../phosphene.mjs');
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    document.body.appendChild(canvas);
    const vis = await createVisualizer(canvas, { seed: 7 });
    const black = '[preset00]\nfDecay=0\nfWaveAlpha=0\nfOuterBorderSize=0\nfInnerBorderSize=0\n' +
      'nMotionVectorsX=0\nnMotionVectorsY=0\nfMotionVectorsA=0\n';
    let started = false;
    vis.on('presetstarted', () => { started = true; });
    const loading = vis.loadPreset(black, { transition: 0, name: 'black.milk' });
    await new Promise((r) => setTimeout(r, 0));
    for (let f = 0; f < 400 && !started; f++) vis.render(1 / 60);
    await loading;
    const red = new OffscreenCanvas(8, 8);
    const g2 = red.getContext('2d');
    g2.fillStyle = '#ff0000';
    g2.fillRect(0, 0, 8, 8);
    const png = new Uint8Array(await (await red.convertToBlob({ type: 'image/png' })).arrayBuffer());
    vis.addSpriteImage('red.png', png);
    const diagnostics = vis.loadSprites('[img07]\nimg=red.png\ninit_1=burn = 0; sx = 0.3; sy = 0.3;\n');
    const centre = () => {
      const px = vis.readPixels();
      let r = 0, g = 0, b = 0, bright = 0, n = 0;
      for (let y = 90; y < 150; y++)
        for (let x = 130; x < 190; x++) {
          const i = (y * 320 + x) * 4;
          r += px[i]; g += px[i + 1]; b += px[i + 2]; n++;
          if (px[i] > 150 && px[i + 1] > 150 && px[i + 2] > 150) bright++;
        }
      return { r: r / n, g: g / n, b: b / n, bright };
    };
    for (let f = 0; f < 3; f++) vis.render(1 / 60);
    const before = centre();
    const id = vis.launchSprite(7);
    for (let f = 0; f < 3; f++) vis.render(1 / 60);
    const withSprite = centre();
    const ids = vis.spriteIds;
    let missing = '';
    try { vis.launchSprite(8); } catch (e) { missing = String(e.message); }
    vis.killSprite(id);
    for (let f = 0; f < 3; f++) vis.render(1 / 60);
    const killed = centre();
    vis.showMessage('HELLO', { size: 70, time: 30, fade: 0 });
    for (let f = 0; f < 10; f++) vis.render(1 / 60);
    const withMessage = centre();
    const shot = canvas.toDataURL('image/png');
    vis.destroy();
    canvas.remove();
    return { diagnostics, before, withSprite, ids, id, missing, killed, withMessage, shot };
  });
  fs.writeFileSync(path.join(outDir, 'message.png'), Buffer.from(overlays.shot.split(',')[1], 'base64'));
  check(overlays.diagnostics.length === 0 && overlays.before.r < 10,
    `sprites load without diagnostics over a black centre (${JSON.stringify(overlays.diagnostics)})`);
  check(overlays.withSprite.r > 200 && overlays.withSprite.g < 40 && overlays.ids.length === 1 &&
    overlays.ids[0] === overlays.id,
    `launchSprite(7) draws the red sprite in the centre (mean rgb ${overlays.withSprite.r.toFixed(0)}, ${overlays.withSprite.g.toFixed(0)}, ${overlays.withSprite.b.toFixed(0)})`);
  check(/launchSprite\(8\)/.test(overlays.missing), `a sprite the text lacks is refused (${overlays.missing})`);
  check(overlays.killed.r < 10, `killSprite clears it (mean red ${overlays.killed.r.toFixed(0)})`);
  check(overlays.withMessage.bright > 50, `showMessage draws white text (${overlays.withMessage.bright} bright pixels)`);

  // A transition: next bundled preset with a 3 s blend, seen in flight and ended.
  const transition = await page.evaluate(async () => {
    const vis = window.phospheneDemo.vis;
    let ended = false, inFlight = false;
    const off = vis.on('transitionended', () => { ended = true; });
    const startedWithBlend = await vis.playIndex(0, { transition: 3 });
    const t0 = performance.now();
    while (!ended && performance.now() - t0 < 60000) {
      if (vis.isTransitioning) inFlight = true;
      await new Promise((r) => requestAnimationFrame(r));
      if (inFlight && !window.__midShot) window.__midShot = true;
    }
    off();
    return { ok: startedWithBlend.ok, inFlight, ended, ms: performance.now() - t0 };
  });
  check(transition.ok && transition.inFlight && transition.ended,
    `a 3 s transition runs and ends (in flight: ${transition.inFlight}, ended after ${transition.ms.toFixed(0)} ms)`);
  await page.locator('#canvas').screenshot({ path: path.join(outDir, 'after-transition.png') });
  await page.screenshot({ path: path.join(outDir, 'page.png') });

  const demoErrors = await page.evaluate(() => window.phospheneDemo.errors);
  problems.push(...demoErrors.map((e) => `demo error: ${e}`));
} catch (e) {
  failures.push(`exception: ${e.stack || e}`);
  console.log(`FAIL exception: ${e.stack || e}`);
  await page.screenshot({ path: path.join(outDir, 'failure.png') }).catch(() => {});
}
check(problems.length === 0, `no console errors, page errors or failed requests${problems.length ? ':\n  ' + problems.join('\n  ') : ''}`);

for (const f of ['phosphene.wasm', 'phosphene.js']) metrics[`${f} bytes`] = fs.statSync(path.join(siteDir, f)).size;
fs.writeFileSync(path.join(outDir, 'metrics.json'), JSON.stringify(metrics, null, 2) + '\n');
console.log(JSON.stringify(metrics, null, 2));
await browser.close();
server.close();
fs.rmSync(profile, { recursive: true, force: true });
if (failures.length) {
  console.log(`browser-test: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log('browser-test: all checks passed');
