// The demo page: Phosphene's bundled presets (and any .milk dropped on the page) with audio from
// the microphone, an audio file, or a generated buffer. `?autoplay` needs no user action: it
// feeds the generated buffer and switches through the bundled presets by itself, so a headless
// browser sees it work. Other parameters: width, height, seed, duration (auto-switch seconds).
import { createVisualizer } from '../phosphene.mjs';
import { generatedBuffer } from './generated-audio.mjs';

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const log = (line) => {
  const el = $('log');
  el.textContent += line + '\n';
  el.scrollTop = el.scrollHeight;
};


const demo = {
  errors: [],
  vis: null,
  generated: null,
  generatedPos: 0,
  useGenerated: true,
  audioContext: null,
  fps: 0,
  firstFrameMs: null,
};
window.phospheneDemo = demo;
window.addEventListener('error', (e) => demo.errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => demo.errors.push(String(e.reason)));

function feedGenerated(dt) {
  const g = demo.generated;
  let want = Math.min(Math.round(dt * g.rate), g.rate); // at most a second per frame
  while (want > 0) {
    const take = Math.min(want, g.frames - demo.generatedPos);
    demo.vis.addPcm(g.samples.subarray(2 * demo.generatedPos, 2 * (demo.generatedPos + take)), 2, g.rate);
    demo.generatedPos = (demo.generatedPos + take) % g.frames;
    want -= take;
  }
}

function audioContext() {
  if (!demo.audioContext) demo.audioContext = new AudioContext();
  demo.audioContext.resume();
  return demo.audioContext;
}

function refreshPresetList() {
  const select = $('presets');
  const items = demo.vis.playlist;
  select.replaceChildren(...items.map((it, i) => new Option(it.name, String(i))));
  const pos = demo.vis.playlistPosition;
  if (pos >= 0) select.value = String(pos);
}

function transitionSeconds() {
  const v = parseFloat($('transition').value);
  return Number.isFinite(v) && v >= 0 ? v : -1;
}

function report(result) {
  const problems = result.diagnostics.filter((d) => d.severity !== 'info');
  log(`${result.ok ? 'started' : 'FAILED'} ${result.name}` +
      (result.loadSeconds ? ` (prepared in ${(result.loadSeconds * 1000).toFixed(0)} ms)` : '') +
      problems.map((d) => `\n  ${d.severity} ${d.id} ${d.section}:${d.line} ${d.message}`).join(''));
}

async function addMilkFiles(files) {
  let first = -1;
  for (const file of files) {
    if (!file.name.toLowerCase().endsWith('.milk')) continue;
    const r = await demo.vis.addToPlaylist(file);
    if (!r.ok) report({ ...r, loadSeconds: 0 });
    else if (first < 0) first = r.index;
  }
  refreshPresetList();
  if (first >= 0) demo.vis.playIndex(first, { transition: transitionSeconds() }).then(report);
}

async function main() {
  const canvas = $('canvas');
  const width = parseInt(params.get('width') || '640', 10);
  const height = parseInt(params.get('height') || '480', 10);
  const started = performance.now();
  demo.vis = await createVisualizer(canvas, { width, height, seed: parseInt(params.get('seed') || '1', 10) });
  const vis = demo.vis;
  demo.generated = generatedBuffer();
  log(`Phosphene ${vis.version}, WebGL 2, ${width}x${height}`);

  const index = await (await fetch('../presets/index.json')).json();
  for (const name of index) await vis.addToPlaylist(`../presets/${name}`);
  refreshPresetList();
  vis.on('presetstarted', () => { refreshPresetList(); $('current').textContent = vis.currentPresetName; });
  vis.on('presetloadfailed', (e) => log(`load failed: ${e.name}: ${e.diagnostics.map((d) => d.message).join('; ')}`));
  vis.on('error', (e) => { demo.errors.push(e.message); log(`error: ${e.message}`); });

  const autoplay = params.has('autoplay');
  const duration = parseFloat(params.get('duration') || $('duration').value);
  $('duration').value = String(duration);
  $('auto').checked = autoplay;
  vis.setAutoSwitch(autoplay, duration, transitionSeconds());
  if (vis.playlistSize > 0) vis.playIndex(0, { transition: 0 }).then(report);

  // The frame loop: generated audio (when chosen) goes in before each frame; fps over 1 s.
  let last = performance.now();
  let count = 0;
  let windowStart = last;
  const frame = (now) => {
    requestAnimationFrame(frame);
    // rAF's timestamp can precede the performance.now() taken before the first frame.
    const dt = Math.min(Math.max((now - last) / 1000, 0), 0.25);
    last = now;
    try {
      if (demo.useGenerated) feedGenerated(dt);
      vis.render(dt);
      if (demo.firstFrameMs === null) demo.firstFrameMs = performance.now() - started;
    } catch (e) {
      demo.errors.push(String(e.message || e));
    }
    count++;
    if (now - windowStart >= 1000) {
      demo.fps = (count * 1000) / (now - windowStart);
      $('fps').textContent = `${demo.fps.toFixed(1)} fps`;
      count = 0;
      windowStart = now;
    }
  };
  requestAnimationFrame(frame);

  // Controls.
  $('next').onclick = () => vis.next({ transition: transitionSeconds() }).then(report);
  $('prev').onclick = () => vis.previous({ transition: transitionSeconds() }).then(report);
  $('random').onclick = () => vis.random({ transition: transitionSeconds() }).then(report);
  $('presets').onchange = (e) =>
    vis.playIndex(parseInt(e.target.value, 10), { transition: transitionSeconds() }).then(report);
  const applySwitching = () =>
    vis.setAutoSwitch($('auto').checked, parseFloat($('duration').value) || 15, transitionSeconds());
  $('auto').onchange = applySwitching;
  $('duration').onchange = applySwitching;
  $('transition').onchange = applySwitching;
  $('fullscreen').onclick = () => $('stage').requestFullscreen();
  $('generated').onclick = () => {
    demo.useGenerated = true;
    vis.connectAudio(null);
    $('audio-state').textContent = 'generated buffer';
  };
  $('mic').onclick = async () => {
    try {
      const ctx = audioContext();
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      vis.connectAudio(ctx.createMediaStreamSource(stream));
      demo.useGenerated = false;
      $('audio-state').textContent = 'microphone';
    } catch (e) {
      log(`microphone: ${e.message}`);
    }
  };
  $('audio-file').onchange = async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const ctx = audioContext();
    const buffer = await ctx.decodeAudioData(await file.arrayBuffer());
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.loop = true;
    source.connect(ctx.destination);
    vis.connectAudio(source);
    source.start();
    demo.useGenerated = false;
    $('audio-state').textContent = file.name;
  };
  $('milk-files').onchange = (e) => addMilkFiles([...e.target.files]);
  // Drag and drop of .milk files anywhere on the page.
  const hint = $('drop-hint');
  window.addEventListener('dragover', (e) => { e.preventDefault(); hint.hidden = false; });
  window.addEventListener('dragleave', () => { hint.hidden = true; });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    hint.hidden = true;
    addMilkFiles([...e.dataTransfer.files]);
  });
  demo.ready = true;
}

demo.started = main().catch((e) => {
  demo.errors.push(String(e.message || e));
  log(`error: ${e.message || e}`);
});
