/**
 * Ring sounds for incoming calls (Call options). Each sound is a short score of tones
 * synthesised with the Web Audio API, so the table below is the whole sound bank and adding a
 * sound is adding a row. The default, Beep beep, is the recording the app serves at
 * /audio/sound.wav (the issue); its tones are the same two beeps, played when the file cannot.
 */

export interface Tone {
  /** Start, seconds after the sound starts. */
  at: number;
  /** Frequency in Hz. */
  freq: number;
  /** Seconds until the tone has faded out. */
  duration: number;
  type: OscillatorType;
  /** Peak gain, 0–1; kept low so a ringing console is not harsh over an 8-hour shift. */
  peak: number;
  /** Optional slide to this frequency over the tone (pings and puffs). */
  glideTo?: number;
  /** Attack in seconds; short for bells, longer for soft sounds. */
  attack?: number;
}

export interface SoundDefinition {
  id: string;
  label: string;
  tones: readonly Tone[];
  /** A recording served by the app, played instead of the tones when the browser can. */
  file?: string;
}

/** The default ring (web/public/audio/sound.wav): two 880 Hz beeps, 0.5 s. */
export const DEFAULT_RING_FILE = '/audio/sound.wav';

const bell = (at: number, freq: number, peak: number): Tone[] => [
  // Inharmonic partials are what make a sine sound like struck metal.
  { at, freq, duration: 1.4, type: 'sine', peak, attack: 0.004 },
  { at, freq: freq * 2.76, duration: 0.7, type: 'sine', peak: peak * 0.35, attack: 0.004 },
  { at, freq: freq * 5.4, duration: 0.3, type: 'sine', peak: peak * 0.12, attack: 0.004 },
];

/** Beep beep, Radar ping, Light call, Air puff, Bell echo, Ding, or no sound. */
export const SOUNDS = [
  {
    id: 'beep-beep',
    label: 'Beep beep',
    file: DEFAULT_RING_FILE,
    tones: [
      { at: 0, freq: 880, duration: 0.14, type: 'triangle', peak: 0.28, attack: 0.01 },
      { at: 0.2, freq: 880, duration: 0.14, type: 'triangle', peak: 0.28, attack: 0.01 },
    ],
  },
  {
    id: 'radar-ping',
    label: 'Radar ping',
    tones: [
      { at: 0, freq: 1480, glideTo: 1400, duration: 0.9, type: 'sine', peak: 0.3, attack: 0.005 },
      {
        at: 0.45,
        freq: 1480,
        glideTo: 1400,
        duration: 0.6,
        type: 'sine',
        peak: 0.1,
        attack: 0.005,
      },
    ],
  },
  {
    id: 'light-call',
    label: 'Light call',
    tones: [
      { at: 0, freq: 659.25, duration: 0.22, type: 'triangle', peak: 0.22, attack: 0.015 },
      { at: 0.12, freq: 830.61, duration: 0.22, type: 'triangle', peak: 0.22, attack: 0.015 },
      { at: 0.24, freq: 987.77, duration: 0.4, type: 'triangle', peak: 0.22, attack: 0.015 },
    ],
  },
  {
    id: 'air-puff',
    label: 'Air puff',
    tones: [
      { at: 0, freq: 420, glideTo: 140, duration: 0.35, type: 'sine', peak: 0.35, attack: 0.06 },
      { at: 0, freq: 840, glideTo: 280, duration: 0.25, type: 'sine', peak: 0.08, attack: 0.06 },
    ],
  },
  {
    id: 'bell-echo',
    label: 'Bell echo',
    tones: [...bell(0, 784, 0.26), ...bell(0.35, 784, 0.12), ...bell(0.7, 784, 0.05)],
  },
  {
    id: 'ding',
    label: 'Ding',
    tones: bell(0, 1318.5, 0.28),
  },
  { id: 'none', label: 'Fără sunet', tones: [] },
] as const satisfies readonly SoundDefinition[];

export type SoundId = (typeof SOUNDS)[number]['id'];
export const SOUND_IDS: readonly SoundId[] = SOUNDS.map((sound) => sound.id);
export const DEFAULT_SOUND: SoundId = 'beep-beep';

export const isSoundId = (value: unknown): value is SoundId =>
  typeof value === 'string' && (SOUND_IDS as readonly string[]).includes(value);

/** Length of a sound in seconds (0 for no sound). */
export const soundLength = (sound: SoundDefinition): number =>
  sound.tones.reduce((end, tone) => Math.max(end, tone.at + tone.duration), 0);

/** The subset of AudioContext the player uses; tests pass a fake. */
export type AudioContextLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain' | 'state' | 'resume'
>;

let sharedContext: AudioContext | null = null;

function defaultContext(): AudioContextLike | null {
  if (typeof AudioContext === 'undefined') return null;
  sharedContext ??= new AudioContext();
  return sharedContext;
}

/** Plays a recorded sound; rejects when the browser refuses (no user gesture yet, no file). */
export type FilePlayer = (url: string) => Promise<void>;

const audioElements = new Map<string, HTMLAudioElement>();

function defaultFilePlayer(): FilePlayer | null {
  if (typeof Audio === 'undefined') return null;
  return (url) => {
    let audio = audioElements.get(url);
    if (!audio) {
      audio = new Audio(url);
      audio.preload = 'auto';
      audioElements.set(url, audio);
    }
    audio.currentTime = 0;
    return audio.play();
  };
}

/**
 * Plays a sound once. Browsers only allow audio after a user gesture; an incoming call
 * after the operator has clicked anywhere plays fine, the first one may be silent. A sound with
 * a recording plays the file, and its tones if the file cannot be played.
 */
export function playSound(
  id: SoundId,
  context: AudioContextLike | null = defaultContext(),
  playFile: FilePlayer | null = defaultFilePlayer(),
): void {
  const sound: SoundDefinition | undefined = SOUNDS.find((s) => s.id === id);
  if (!sound) return;
  if (sound.file && playFile) {
    playFile(sound.file).catch(() => playTones(sound, context));
    return;
  }
  playTones(sound, context);
}

/** A ringing call repeats its sound; one ring every this many ms at least. */
export const RING_PERIOD_MS = 2000;

/**
 * Rings until the returned function is called: the sound now, then again every period (the
 * sound's length plus a pause, never faster than RING_PERIOD_MS). 'none' is silent.
 */
export function startRinging(id: SoundId, play: (id: SoundId) => void = playSound): () => void {
  const sound: SoundDefinition | undefined = SOUNDS.find((s) => s.id === id);
  if (!sound || (sound.tones.length === 0 && !sound.file)) return () => undefined;
  const period = Math.max(RING_PERIOD_MS, Math.round((soundLength(sound) + 1) * 1000));
  play(id);
  const timer = setInterval(() => play(id), period);
  return () => clearInterval(timer);
}

function playTones(sound: SoundDefinition, context: AudioContextLike | null): void {
  if (!context || sound.tones.length === 0) return;
  if (context.state === 'suspended') void context.resume();
  const start = context.currentTime + 0.02;
  for (const tone of sound.tones) {
    const begin = start + tone.at;
    const end = begin + tone.duration;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.setValueAtTime(tone.freq, begin);
    if (tone.glideTo) oscillator.frequency.exponentialRampToValueAtTime(tone.glideTo, end);
    // Envelope: silence → quick rise → exponential decay (never to 0: exponential ramps can't).
    gain.gain.setValueAtTime(0.0001, begin);
    gain.gain.exponentialRampToValueAtTime(tone.peak, begin + (tone.attack ?? 0.01));
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(begin);
    oscillator.stop(end + 0.05);
  }
}
