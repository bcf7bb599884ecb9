import { DEFAULT_SOUND, isSoundId, type SoundId } from '../../lib/sounds';
import { useStoredState } from '../../lib/use-stored-state';

/** Call options: the key that answers a ringing call. */
export const ANSWER_KEYS = [
  { value: 'F1', label: 'F1' },
  { value: '`', label: 'Backtick ( ` )' },
] as const;
export type AnswerKey = (typeof ANSWER_KEYS)[number]['value'];

const isAnswerKey = (value: unknown): value is AnswerKey =>
  ANSWER_KEYS.some((key) => key.value === value);

/** Both choices are stored locally in the browser. */
export const CALL_OPTION_KEYS = { answerKey: 'calls.answerKey', ringSound: 'calls.ringSound' };

export function useAnswerKey() {
  return useStoredState<AnswerKey>(CALL_OPTION_KEYS.answerKey, 'F1', isAnswerKey);
}

export function useRingSound() {
  return useStoredState<SoundId>(CALL_OPTION_KEYS.ringSound, DEFAULT_SOUND, isSoundId);
}
