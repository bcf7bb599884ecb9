import { useEffect } from 'react';
import { startRinging } from '../../../lib/sounds';
import { useRingSound } from '../use-call-options';

/** Call options: the chosen ring sound loops while any call rings ('none' is silent). */
export function useRinger(ringing: boolean): void {
  const [sound] = useRingSound();
  useEffect(() => {
    if (!ringing) return;
    return startRinging(sound);
  }, [ringing, sound]);
}
