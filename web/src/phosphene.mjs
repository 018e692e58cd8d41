// Phosphene in the browser: the JavaScript API over the WebAssembly module (phosphene.js +
// phosphene.wasm, built from phosphene_web.cpp over the C API). Types: phosphene.d.ts.
//
//   import { createVisualizer } from './phosphene.mjs';
//   const vis = await createVisualizer(canvas, { audioContext, width: 640, height: 480 });
//   vis.connectAudio(analyserOrSourceNode);
//   const { ok, diagnostics } = await vis.loadPreset('presets/phosphene-aurora.milk');
//   vis.start();                       // or call vis.render() from your own animation loop
//
// No threads, no SharedArrayBuffer: it runs on any page, without cross-origin isolation. Preset
// loads are prepared in slices between frames, so a shader preset never freezes the page.

import createPhospheneModule from './phosphene.js';

const PLAY = { next: 0, previous: 1, random: 2, index: 3 };

let modulePromise = null;

/** Loads the WebAssembly module once per page (every visualizer shares it). */
export function loadModule() {
  if (!modulePromise) modulePromise = createPhospheneModule();
  return modulePromise;
}

function bindings(m) {
  const f = (name, ret, args) => m.cwrap(name, ret, args);
  return {
    create: f('pw_create', 'number', ['string', 'number', 'number', 'number']),
    destroy: f('pw_destroy', null, ['number']),
    lastError: f('pw_last_error', 'string', ['number']),
    setSize: f('pw_set_size', 'number', ['number', 'number', 'number']),
    setMesh: f('pw_set_mesh', 'number', ['number', 'number', 'number']),
    pcm: f('pw_pcm', 'number', ['number', 'number', 'number', 'number', 'number']),
    render: f('pw_render', 'number', ['number', 'number']),
    presetCreate: f('pw_preset_create', 'number', ['number', 'number', 'string']),
    presetDestroy: f('pw_preset_destroy', null, ['number']),
    presetStatus: f('pw_preset_status', 'number', ['number']),
    presetDiagnostics: f('pw_preset_diagnostics', 'string', ['number', 'number']),
    switchPreset: f('pw_switch', 'number', ['number', 'number', 'number']),
    playlistAdd: f('pw_playlist_add', 'number', ['number', 'number']),
    playlistSize: f('pw_playlist_size', 'number', ['number']),
    playlistName: f('pw_playlist_name', 'string', ['number', 'number']),
    playlistPosition: f('pw_playlist_position', 'number', ['number']),
    playlistPlay: f('pw_playlist_play', 'number', ['number', 'number', 'number', 'number']),
    setAutoSwitch: f('pw_set_auto_switch', 'number', ['number', 'number', 'number', 'number']),
    isTransitioning: f('pw_is_transitioning', 'number', ['number']),
    currentName: f('pw_current_name', 'string', ['number']),
    pollEvent: f('pw_poll_event', 'string', ['number']),
    version: f('pw_version', 'string', []),
    loadMessages: f('pw_load_messages', 'string', ['number', 'string', 'number']),
    launchMessage: f('pw_launch_message', 'number', ['number', 'number']),
    showMessage: f('pw_show_message', 'number', ['number', 'string', 'number', 'number', 'number',
      'number', 'number', 'number', 'number', 'number', 'number']),
    showSongTitle: f('pw_show_song_title', 'number', ['number', 'string']),
    stopMessage: f('pw_stop_message', 'number', ['number']),
    messageShowing: f('pw_message_showing', 'number', ['number']),
    showPresetName: f('pw_show_preset_name', 'number', ['number', 'number']),
    setPresetNameDisplay: f('pw_set_preset_name_display', 'number', ['number', 'number', 'number']),
    putSpriteImage: f('pw_put_sprite_image', 'number', ['number', 'string', 'number', 'number']),
    loadSprites: f('pw_load_sprites', 'string', ['number', 'string']),
    launchSprite: f('pw_launch_sprite', 'number', ['number', 'number', 'string']),
    spriteDiagnostics: f('pw_sprite_diagnostics', 'string', ['number']),
    killSprite: f('pw_kill_sprite', 'number', ['number', 'number']),
    killAllSprites: f('pw_kill_all_sprites', 'number', ['number']),
    spriteIds: f('pw_sprite_ids', 'string', ['number']),
  };
}

let canvasCounter = 0;

async function presetText(textOrUrl) {
  if (typeof textOrUrl !== 'string') {
    // A File or Blob (a .milk dropped on the page).
    return { text: await textOrUrl.text(), name: textOrUrl.name || 'preset.milk' };
  }
  // .milk text has several lines; a URL has none.
  if (textOrUrl.includes('\n')) return { text: textOrUrl, name: null };
  const response = await fetch(textOrUrl);
  if (!response.ok) throw new Error(`${textOrUrl}: HTTP ${response.status}`);
  const name = decodeURIComponent(textOrUrl.split('/').pop().split('?')[0]);
  return { text: await response.text(), name };
}

class Visualizer {
  constructor(module, api, handle, canvas, options) {
    this._m = module;
    this._api = api;
    this._h = handle;
    this.canvas = canvas;
    this.audioContext = options.audioContext || null;
    this._listeners = new Map();
    this._pending = new Map(); // request id -> { resolve, diagnostics }
    this._analyser = null;
    this._timeData = null;
    this._lastTime = null;
    this._raf = 0;
    this._pcmBuffer = 0;
    this._pcmCapacity = 0;
    this.frames = 0;
  }

  /** Library version, e.g. "1.0.0". */
  get version() { return this._api.version(); }

  _check(result, what) {
    if (result !== 0) throw new Error(`${what}: ${this._api.lastError(this._h) || 'error ' + result}`);
  }

  /** Size of the drawing buffer in pixels (the canvas's width/height attributes too). */
  setSize(width, height) {
    this.canvas.width = width;
    this.canvas.height = height;
    this._check(this._api.setSize(this._h, width, height), 'setSize');
  }

  /** Warp mesh size (MilkDrop's "mesh size"; default 48 x 36). */
  setMeshSize(x, y) { this._check(this._api.setMesh(this._h, x, y), 'setMeshSize'); }

  /**
   * Audio input. An AnalyserNode is read every frame (its newest samples); any other AudioNode is
   * connected to a new AnalyserNode of the visualizer's audioContext. For PCM from an
   * AudioWorklet, call addPcm() from its port's messages instead. null disconnects.
   */
  connectAudio(node) {
    if (!node) { this._analyser = null; return; }
    let analyser = node;
    if (typeof AnalyserNode === 'undefined' || !(node instanceof AnalyserNode)) {
      const ctx = node.context || this.audioContext;
      analyser = ctx.createAnalyser();
      node.connect(analyser);
    }
    analyser.fftSize = 2048;
    this._analyser = analyser;
    this._timeData = new Float32Array(analyser.fftSize);
  }

  /** Interleaved float PCM (-1..1), `channels` per frame, at `sampleRate` Hz. */
  addPcm(samples, channels = 1, sampleRate = 44100) {
    const bytes = samples.length * 4;
    if (bytes > this._pcmCapacity) {
      if (this._pcmBuffer) this._m._free(this._pcmBuffer);
      this._pcmBuffer = this._m._malloc(bytes);
      this._pcmCapacity = bytes;
    }
    this._m.HEAPF32.set(samples, this._pcmBuffer >> 2);
    return this._api.pcm(this._h, this._pcmBuffer, samples.length / channels, channels, sampleRate);
  }

  _pullAnalyser(dt) {
    const a = this._analyser;
    if (!a) return;
    a.getFloatTimeDomainData(this._timeData);
    // The analyser shows the newest fftSize samples; only those that arrived since the last
    // frame are new, so the analysis sees each sample once.
    const rate = a.context.sampleRate;
    const fresh = Math.min(this._timeData.length, Math.max(1, Math.round(dt * rate)));
    this.addPcm(this._timeData.subarray(this._timeData.length - fresh), 1, rate);
  }

  /**
   * One frame: advance by dt seconds (default: the time since the previous render) and draw
   * into the canvas. Events of the frame are dispatched after it.
   */
  render(dt) {
    const now = performance.now() / 1000;
    if (dt === undefined) dt = this._lastTime === null ? 1 / 60 : Math.min(now - this._lastTime, 1);
    dt = Math.min(Math.max(dt, 0), 10); // the engine refuses negative steps and paused hosts' gaps
    this._lastTime = now;
    this._pullAnalyser(dt);
    const r = this._api.render(this._h, dt);
    this.frames++;
    this._dispatchEvents();
    this._check(r, 'render');
  }

  /** Renders on every animation frame until stop(). */
  start() {
    if (this._raf) return;
    const loop = () => {
      this._raf = requestAnimationFrame(loop);
      try {
        this.render();
      } catch (e) {
        this._emit('error', { type: 'error', message: String(e.message || e) });
      }
    };
    this._raf = requestAnimationFrame(loop);
  }

  stop() {
    if (this._raf) cancelAnimationFrame(this._raf);
    this._raf = 0;
  }

  _createPreset(text, name) {
    const bytes = this._m.lengthBytesUTF8(text) + 1;
    const ptr = this._m._malloc(bytes);
    try {
      this._m.stringToUTF8(text, ptr, bytes);
      return this._api.presetCreate(ptr, bytes - 1, name || 'preset.milk');
    } finally {
      this._m._free(ptr);
    }
  }

  _withPreset(text, name, use) {
    const p = this._createPreset(text, name);
    if (!p) throw new Error('out of memory');
    try {
      const diagnostics = JSON.parse(this._api.presetDiagnostics(this._h, p));
      const status = this._api.presetStatus(p);
      return use(p, status, diagnostics);
    } finally {
      this._api.presetDestroy(p);
    }
  }

  /**
   * Loads a preset (.milk text, a URL, or a File) and switches to it with a transition
   * (seconds; 0: a hard cut; default: MilkDrop's 1.7 s). Resolves when the preset starts, or
   * failed, with { ok, name, diagnostics, loadSeconds }: diagnostics from reading, compiling and
   * translating its shaders (a shader that does not translate is a warning: that stage is drawn
   * with MilkDrop's built-in shader). Needs render() to be called (the load finishes between
   * frames).
   */
  async loadPreset(textOrUrl, options = {}) {
    const { text, name } = await presetText(textOrUrl);
    const transition = options.transition === undefined ? -1 : options.transition;
    const presetName = options.name || name || 'preset.milk';
    return new Promise((resolve, reject) => {
      try {
        this._withPreset(text, presetName, (p, status, diagnostics) => {
          if (status !== 0) {
            resolve({ ok: false, name: presetName, diagnostics, loadSeconds: 0 });
            return;
          }
          const request = this._api.switchPreset(this._h, p, transition);
          if (request < 0) throw new Error(`loadPreset: ${this._api.lastError(this._h)}`);
          this._pending.set(request, { resolve, diagnostics, name: presetName });
        });
      } catch (e) {
        reject(e);
      }
    });
  }

  /** Adds a preset to the playlist (text, URL or File); returns its diagnostics. */
  async addToPlaylist(textOrUrl, options = {}) {
    const { text, name } = await presetText(textOrUrl);
    const presetName = options.name || name || 'preset.milk';
    return this._withPreset(text, presetName, (p, status, diagnostics) => {
      const ok = status === 0 && this._api.playlistAdd(this._h, p) === 0;
      return { ok, name: presetName, index: ok ? this.playlistSize - 1 : -1, diagnostics };
    });
  }

  get playlistSize() { return this._api.playlistSize(this._h); }
  get playlist() {
    const n = this.playlistSize;
    const out = [];
    for (let i = 0; i < n; i++) out.push({ name: this._api.playlistName(this._h, i) });
    return out;
  }
  /** Index of the playlist's current item, -1 when none. */
  get playlistPosition() { return this._api.playlistPosition(this._h); }

  _play(move, index, options) {
    const transition = options && options.transition !== undefined ? options.transition : -1;
    const request = this._api.playlistPlay(this._h, move, index, transition);
    if (request < 0) return Promise.resolve({ ok: false, diagnostics: [], name: '' });
    return new Promise((resolve) => this._pending.set(request, { resolve, diagnostics: [] }));
  }
  next(options) { return this._play(PLAY.next, 0, options); }
  previous(options) { return this._play(PLAY.previous, 0, options); }
  random(options) { return this._play(PLAY.random, 0, options); }
  playIndex(index, options) { return this._play(PLAY.index, index, options); }

  /** Automatic switching through the playlist every `seconds` (MilkDrop's default: on, 16 s). */
  setAutoSwitch(on, seconds = 0, blendSeconds = -1) {
    this._check(this._api.setAutoSwitch(this._h, on ? 1 : 0, seconds, blendSeconds), 'setAutoSwitch');
  }

  /**
   * MilkDrop's custom messages (milk_msg.ini text), the song title and the preset name
   * (phosphene_message.h). loadMessages returns the file's diagnostics.
   */
  loadMessages(text) {
    // The byte length of the UTF-8 text, which is what the library reads.
    return JSON.parse(this._api.loadMessages(this._h, text, new TextEncoder().encode(text).length));
  }
  launchMessage(number) { this._check(this._api.launchMessage(this._h, number), 'launchMessage'); }
  showMessage(text, options = {}) {
    const o = { size: 50, x: 0.5, y: 0.5, growth: 1, time: 1.5, fade: 0.2, color: [-1, -1, -1],
      ...options };
    this._check(this._api.showMessage(this._h, text, o.size, o.x, o.y, o.growth, o.time, o.fade,
      o.color[0], o.color[1], o.color[2]), 'showMessage');
  }
  showSongTitle(title) { this._check(this._api.showSongTitle(this._h, title), 'showSongTitle'); }
  stopMessage() { this._check(this._api.stopMessage(this._h), 'stopMessage'); }
  get messageShowing() { return this._api.messageShowing(this._h) !== 0; }
  showPresetName(seconds = 3) {
    this._check(this._api.showPresetName(this._h, seconds), 'showPresetName');
  }
  setPresetNameDisplay(always, onSwitchSeconds = 0) {
    this._check(this._api.setPresetNameDisplay(this._h, always ? 1 : 0, onSwitchSeconds),
      'setPresetNameDisplay');
  }

  /**
   * MilkDrop 2's user sprites (phosphene_sprite.h). addSpriteImage stores an image (PNG, JPEG,
   * TGA, BMP, DDS bytes) under the file name the ini's img= lines use; loadSprites reads
   * milk_img.ini text and returns its diagnostics; launchSprite(n) starts [imgNN] and
   * launchSpriteCode(text) a sprite from one section's body, each returning the sprite's id.
   */
  addSpriteImage(name, bytes) {
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const ptr = this._m._malloc(Math.max(1, data.length));
    try {
      this._m.HEAPU8.set(data, ptr);
      if (this._api.putSpriteImage(this._h, name, ptr, data.length) !== 0)
        throw new Error(`addSpriteImage: cannot store '${name}' (a plain file name is needed)`);
    } finally {
      this._m._free(ptr);
    }
  }
  loadSprites(text) { return JSON.parse(this._api.loadSprites(this._h, text)); }
  _launched(result, what) {
    if (result > 0) return result;
    const why = JSON.parse(this._api.spriteDiagnostics(this._h)).map((d) => d.message).join('; ');
    throw new Error(`${what}: ${why || this._api.lastError(this._h) || 'error ' + result}`);
  }
  launchSprite(number) {
    return this._launched(this._api.launchSprite(this._h, number, null), `launchSprite(${number})`);
  }
  launchSpriteCode(code) {
    return this._launched(this._api.launchSprite(this._h, 0, code), 'launchSpriteCode');
  }
  killSprite(id) { this._check(this._api.killSprite(this._h, id), 'killSprite'); }
  killAllSprites() { this._check(this._api.killAllSprites(this._h), 'killAllSprites'); }
  get spriteIds() { return JSON.parse(this._api.spriteIds(this._h)); }

  get isTransitioning() { return this._api.isTransitioning(this._h) !== 0; }
  get currentPresetName() { return this._api.currentName(this._h); }

  /**
   * Events: 'presetstarted', 'presetloaded', 'presetloadfailed', 'transitionended', 'beat',
   * 'hardcut', 'presetoverbudget', 'error'. The listener gets the event object.
   */
  on(type, listener) {
    if (!this._listeners.has(type)) this._listeners.set(type, new Set());
    this._listeners.get(type).add(listener);
    return () => this.off(type, listener);
  }
  off(type, listener) {
    const set = this._listeners.get(type);
    if (set) set.delete(listener);
  }
  _emit(type, event) {
    for (const key of [type, '*']) {
      const set = this._listeners.get(key);
      if (set) for (const l of set) l(event);
    }
  }

  _dispatchEvents() {
    for (;;) {
      const json = this._api.pollEvent(this._h);
      if (!json) break;
      const e = JSON.parse(json);
      const pending = this._pending.get(e.requestId);
      if (pending && (e.type === 'presetstarted' || e.type === 'presetloadfailed')) {
        this._pending.delete(e.requestId);
        pending.resolve({
          ok: e.type === 'presetstarted',
          name: e.name || pending.name,
          diagnostics: pending.diagnostics.concat(e.diagnostics),
          loadSeconds: e.loadSeconds,
        });
      }
      this._emit(e.type, e);
    }
  }

  /** The canvas's pixels (RGBA, bottom row first), read right after a render. */
  readPixels() {
    const gl = this.canvas.getContext('webgl2');
    const { width, height } = this.canvas;
    const out = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, out);
    return out;
  }

  destroy() {
    this.stop();
    if (this._pcmBuffer) this._m._free(this._pcmBuffer);
    this._pcmBuffer = 0;
    if (this._h) this._api.destroy(this._h);
    this._h = 0;
  }
}

/**
 * Makes a visualizer drawing into `canvas` (WebGL 2). options: audioContext (for
 * connectAudio of non-analyser nodes), width and height (drawing buffer; default: the canvas's),
 * mesh ([x, y] warp mesh), seed (random numbers; the same seed and audio give the same frames).
 */
export async function createVisualizer(canvas, options = {}) {
  const m = await loadModule();
  const api = bindings(m);
  if (!canvas.id) canvas.id = `phosphene-canvas-${++canvasCounter}`;
  const mesh = options.mesh || [0, 0];
  const handle = api.create(`#${canvas.id}`, mesh[0], mesh[1], options.seed || 0);
  if (!handle) throw new Error('createVisualizer: WebGL 2 is not available on this canvas');
  const vis = new Visualizer(m, api, handle, canvas, options);
  vis.setSize(options.width || canvas.width || 640, options.height || canvas.height || 480);
  return vis;
}
