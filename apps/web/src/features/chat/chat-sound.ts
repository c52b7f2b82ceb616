/**
 * The short chime when an advisor writes: two soft sine notes made with WebAudio, so no sound
 * file is downloaded. Silent when localStorage `sound` is 'false'.
 */
export const SOUND_KEY = 'sound';

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'false';
  } catch {
    return true;
  }
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Class: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Class) return null;
  context = new Class();
  return context;
}

/**
 * Browsers start audio only after a user gesture; the chat calls this on the first tap or key
 * press so that a later chime (which arrives without a gesture) can play.
 */
export function unlockSound(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => {});
}

export function playMessageSound(): void {
  if (!soundEnabled()) return;
  const audio = audioContext();
  if (!audio || audio.state !== 'running') return;
  const start = audio.currentTime;
  const notes: Array<[frequency: number, at: number]> = [
    [880, 0],
    [1318.5, 0.09],
  ];
  for (const [frequency, at] of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick rise and an exponential fade: a soft "ding", not a click.
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.22);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + 0.25);
  }
}
