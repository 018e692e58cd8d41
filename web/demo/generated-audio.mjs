// A generated stereo buffer, 8 s at 44.1 kHz, looped: a kick on every beat at 120 BPM, a
// hi-hat on the off-beats and a chord that changes every two bars, so bass, mid and treble all
// move and the beat detector fires.
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
    const l = 0.8 * kick + hat + pad;
    const r = 0.8 * kick + hat * 0.7 + pad * 1.1;
    out[2 * i] = Math.max(-1, Math.min(1, l));
    out[2 * i + 1] = Math.max(-1, Math.min(1, r));
  }
  return { samples: out, rate, frames: n };
}
