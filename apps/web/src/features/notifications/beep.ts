type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

/**
 * A short, soft two-tone beep from WebAudio (no audio file): the sound of a live notification. Silent where
 * WebAudio is missing, or while the browser keeps audio off until the page is first clicked.
 */
export function beep(): void {
  const Ctor =
    (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const start = ctx.currentTime;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    gain.connect(ctx.destination);
    for (const [frequency, at] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, start + at);
      osc.connect(gain);
      osc.start(start + at);
      osc.stop(start + at + 0.16);
    }
  } catch {
    // no sound is better than a broken page
  }
}
