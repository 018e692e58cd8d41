// Side-by-side measurement (issue 15): Phosphene's web module and Butterchurn (npm, this folder's
// package.json) render the same projectM/Butterchurn preset from the same generated audio at
// 640x480 in the same headless chromium (SwiftShader WebGL 2). Numbers are reported, never
// asserted.
//   (cd web/bench && npm ci) && node web/bench/bench.mjs SITE_DIR OUT_DIR
import { chromium } from '../node_modules/playwright-core/index.mjs';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const [siteDir, outDir] = process.argv.slice(2);
const presetFile = process.env.BENCH_PRESET ||
  "/usr/share/projectM/presets/presets_tryptonaut/Rovastar - Harlequin's Fractal Encounter - cancer of saints.milk";
const butterchurnName = process.env.BENCH_BUTTERCHURN_NAME || 'cancer of saints';
const seconds = process.env.BENCH_SECONDS || '8';
fs.mkdirSync(outDir, { recursive: true });
const benchDir = path.dirname(new URL(import.meta.url).pathname);
const mounts = { '/site/': path.resolve(siteDir), '/bench/': benchDir };
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.milk': 'text/plain' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/preset.milk') return fs.createReadStream(presetFile).pipe(res);
  for (const [prefix, dir] of Object.entries(mounts)) {
    if (!url.pathname.startsWith(prefix)) continue;
    const file = path.resolve(dir, '.' + decodeURIComponent(url.pathname.slice(prefix.length - 1)));
    if (file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
      return fs.createReadStream(file).pipe(res);
    }
  }
  res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const sizes = {};
for (const f of ['phosphene.wasm', 'phosphene.js', 'phosphene.mjs']) {
  const data = fs.readFileSync(path.join(siteDir, f));
  sizes[f] = { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
}
for (const f of ['butterchurn/lib/butterchurn.min.js', 'butterchurn-presets/lib/butterchurnPresetsExtra2.min.js']) {
  const data = fs.readFileSync(path.join(benchDir, 'node_modules', f));
  sizes[path.basename(f)] = { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
}

const results = { machine: `${os.cpus().length} CPUs (${os.cpus()[0]?.model}), headless chromium, SwiftShader`,
  preset: path.basename(presetFile), sizes, runs: [] };
for (const page of ['phosphene', 'butterchurn', 'phosphene']) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'phosphene-bench-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 640, height: 480 },
    args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
  });
  const p = await ctx.newPage();
  const errors = [];
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(`${base}/bench/${page}.html?preset=/preset.milk&name=${encodeURIComponent(butterchurnName)}&seconds=${seconds}`);
  await p.waitForFunction(() => window.benchResult, null, { timeout: 300000 });
  const r = await p.evaluate(() => window.benchResult);
  r.errors = errors;
  await p.locator('#c').screenshot({ path: path.join(outDir, `bench-${page}.png`) });
  results.runs.push(r);
  console.log(JSON.stringify(r));
  await ctx.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
fs.writeFileSync(path.join(outDir, 'bench.json'), JSON.stringify(results, null, 2) + '\n');
console.log(JSON.stringify(results.sizes, null, 2));
server.close();
