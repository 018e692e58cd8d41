// Types of phosphene.mjs, the browser API of Phosphene (WebAssembly + WebGL 2).

export interface Diagnostic {
  severity: 'info' | 'warning' | 'error';
  /** Stable identifier, e.g. "EEL001", "SHD010". */
  id: string;
  /** e.g. "per_frame", "comp_shader"; "" when none. */
  section: string;
  line: number;
  column: number;
  message: string;
}

export interface LoadResult {
  ok: boolean;
  name: string;
  diagnostics: Diagnostic[];
  /** Time the preparation (parse, compile, shader translation) took, in seconds. */
  loadSeconds: number;
}

export interface PlaylistAddResult {
  ok: boolean;
  name: string;
  index: number;
  diagnostics: Diagnostic[];
}

export type VisualizerEventType =
  | 'presetstarted'
  | 'presetloaded'
  | 'presetloadfailed'
  | 'transitionended'
  | 'beat'
  | 'hardcut'
  | 'presetoverbudget'
  | 'error';

export interface VisualizerEvent {
  type: VisualizerEventType | 'unknown';
  requestId: number;
  reason: number;
  name: string;
  playlistIndex: number;
  time: number;
  loadSeconds: number;
  transitionSeconds: number;
  diagnostics: Diagnostic[];
  message?: string;
}

export interface VisualizerOptions {
  /** Used by connectAudio for nodes that are not AnalyserNodes. */
  audioContext?: AudioContext;
  /** Drawing buffer size; default: the canvas's width/height attributes (else 640 x 480). */
  width?: number;
  height?: number;
  /** Warp mesh [x, y]; default [48, 36]. */
  mesh?: [number, number];
  /** Seed of the engine's random numbers. */
  seed?: number;
}

export interface TransitionOptions {
  /** Seconds; 0 is a hard cut; default MilkDrop's 1.7 s. */
  transition?: number;
}

export interface LoadOptions extends TransitionOptions {
  /** Name shown in events and diagnostics. */
  name?: string;
}

export type PresetInput = string | Blob | File;

export interface Visualizer {
  readonly canvas: HTMLCanvasElement;
  readonly version: string;
  readonly frames: number;
  setSize(width: number, height: number): void;
  setMeshSize(x: number, y: number): void;
  connectAudio(node: AudioNode | null): void;
  addPcm(samples: Float32Array, channels?: number, sampleRate?: number): number;
  render(dt?: number): void;
  start(): void;
  stop(): void;
  /** .milk text, a URL, or a File/Blob. */
  loadPreset(textOrUrl: PresetInput, options?: LoadOptions): Promise<LoadResult>;
  addToPlaylist(textOrUrl: PresetInput, options?: { name?: string }): Promise<PlaylistAddResult>;
  readonly playlist: { name: string }[];
  readonly playlistSize: number;
  readonly playlistPosition: number;
  next(options?: TransitionOptions): Promise<LoadResult>;
  previous(options?: TransitionOptions): Promise<LoadResult>;
  random(options?: TransitionOptions): Promise<LoadResult>;
  playIndex(index: number, options?: TransitionOptions): Promise<LoadResult>;
  setAutoSwitch(on: boolean, seconds?: number, blendSeconds?: number): void;
  /** milk_msg.ini text (MilkDrop's custom messages): its diagnostics. */
  loadMessages(text: string): Diagnostic[];
  /** Message 0..99 of the loaded text; -1: a random one. */
  launchMessage(number: number): void;
  showMessage(text: string, options?: {
    size?: number; x?: number; y?: number; growth?: number; time?: number; fade?: number;
    color?: [number, number, number];
  }): void;
  showSongTitle(title: string): void;
  stopMessage(): void;
  readonly messageShowing: boolean;
  showPresetName(seconds?: number): void;
  setPresetNameDisplay(always: boolean, onSwitchSeconds?: number): void;
  /** An image for the sprites (the file name their img= lines use). */
  addSpriteImage(name: string, bytes: Uint8Array | ArrayBuffer): void;
  /** milk_img.ini text (MilkDrop 2's user sprites): its diagnostics. */
  loadSprites(text: string): Diagnostic[];
  /** Sprite [imgNN] of the loaded text; its id. Throws with the reason when it cannot start. */
  launchSprite(number: number): number;
  /** A sprite from one section's body (img=, colorkey=, init_N=, code_N=); its id. */
  launchSpriteCode(code: string): number;
  killSprite(id: number): void;
  killAllSprites(): void;
  readonly spriteIds: number[];
  readonly isTransitioning: boolean;
  readonly currentPresetName: string;
  on(type: VisualizerEventType | '*', listener: (event: VisualizerEvent) => void): () => void;
  off(type: VisualizerEventType | '*', listener: (event: VisualizerEvent) => void): void;
  /** RGBA pixels of the canvas, bottom row first. */
  readPixels(): Uint8Array;
  destroy(): void;
}

export function loadModule(): Promise<unknown>;
export function createVisualizer(
  canvas: HTMLCanvasElement,
  options?: VisualizerOptions,
): Promise<Visualizer>;
