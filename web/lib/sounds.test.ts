import { describe, expect, it, vi } from 'vitest';
import {
  type AudioContextLike,
  DEFAULT_SOUND,
  isSoundId,
  playSound,
  RING_PERIOD_MS,
  SOUND_IDS,
  SOUNDS,
  soundLength,
  startRinging,
} from './sounds';

describe('SOUNDS', () => {
  it('has exactly the ring sounds, in order', () => {
    expect(SOUNDS.map((sound) => sound.label)).toEqual([
      'Beep beep',
      'Radar ping',
      'Light call',
      'Air puff',
      'Bell echo',
      'Ding',
      'Fără sunet',
    ]);
  });

  it('has unique ids and a silent "none"', () => {
    expect(new Set(SOUND_IDS).size).toBe(SOUNDS.length);
    expect(SOUNDS.find((s) => s.id === 'none')?.tones).toHaveLength(0);
  });

  it('gives every audible sound sane tones, short enough not to mask the caller', () => {
    for (const sound of SOUNDS.filter((s) => s.id !== 'none')) {
      expect(sound.tones.length, sound.id).toBeGreaterThan(0);
      expect(soundLength(sound), sound.id).toBeLessThanOrEqual(2.5);
      for (const tone of sound.tones) {
        expect(tone.freq).toBeGreaterThan(20);
        expect(tone.freq).toBeLessThan(20_000);
        expect(tone.peak).toBeGreaterThan(0);
        expect(tone.peak).toBeLessThanOrEqual(0.4);
        expect(tone.duration).toBeGreaterThan(0);
        expect(tone.at).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('makes every sound distinct', () => {
    const fingerprints = SOUNDS.map((sound) => JSON.stringify(sound.tones));
    expect(new Set(fingerprints).size).toBe(SOUNDS.length);
  });

  it('validates stored ids', () => {
    expect(isSoundId('ding')).toBe(true);
    expect(isSoundId('Ding')).toBe(false);
    expect(isSoundId(3)).toBe(false);
  });
});

function fakeContext() {
  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  });
  const oscillators: { type: string; start: ReturnType<typeof vi.fn> }[] = [];
  const context = {
    currentTime: 10,
    state: 'running',
    destination: {},
    resume: vi.fn(async () => undefined),
    createOscillator: () => {
      const oscillator = {
        type: 'sine',
        frequency: param(),
        connect: vi.fn(),
        start: vi.fn(),
        stop: vi.fn(),
      };
      oscillators.push(oscillator);
      return oscillator;
    },
    createGain: () => ({ gain: param(), connect: vi.fn() }),
  };
  return { context: context as unknown as AudioContextLike, oscillators };
}

describe('playSound', () => {
  it('schedules one oscillator per tone', () => {
    for (const sound of SOUNDS) {
      const { context, oscillators } = fakeContext();
      playSound(sound.id, context, null);
      expect(oscillators, sound.id).toHaveLength(sound.tones.length);
      for (const oscillator of oscillators) {
        expect(oscillator.start).toHaveBeenCalledWith(expect.any(Number));
        expect(oscillator.start.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('does nothing without Web Audio', () => {
    expect(() => playSound('ding', null)).not.toThrow();
  });

  it('plays the default, Beep beep, from the file the app serves (the issue)', () => {
    expect(DEFAULT_SOUND).toBe('beep-beep');
    const { context, oscillators } = fakeContext();
    const playFile = vi.fn(async () => undefined);
    playSound('beep-beep', context, playFile);
    expect(playFile).toHaveBeenCalledWith('/audio/sound.wav');
    expect(oscillators).toHaveLength(0);
    // Synthesised sounds never touch a file.
    playSound('ding', context, playFile);
    expect(playFile).toHaveBeenCalledTimes(1);
  });

  it('falls back to the tones when the file cannot play', async () => {
    const { context, oscillators } = fakeContext();
    playSound('beep-beep', context, () => Promise.reject(new Error('NotAllowedError')));
    await vi.waitFor(() => expect(oscillators).toHaveLength(2));
  });
});

describe('startRinging', () => {
  it('repeats the sound until stopped, and stays silent for "none"', () => {
    vi.useFakeTimers();
    try {
      const play = vi.fn();
      const stop = startRinging('beep-beep', play);
      expect(play).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(RING_PERIOD_MS * 2);
      expect(play).toHaveBeenCalledTimes(3);
      stop();
      vi.advanceTimersByTime(RING_PERIOD_MS * 5);
      expect(play).toHaveBeenCalledTimes(3);

      const silent = vi.fn();
      startRinging('none', silent)();
      expect(silent).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
