import { maskTimeInput, parseTimeInput, shiftTime } from '../lib/date-input';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';

const TIME_FORMAT = {
  mask: maskTimeInput,
  parse: parseTimeInput,
  format: (value: string) => value,
  step: (value: string, direction: 1 | -1, large: boolean) =>
    shiftTime(value, direction * (large ? 10 : 1)),
};

/**
 * A time of day typed and shown as HH:mm, 24 h, under any browser locale; its value
 * is HH:mm or ''. ↑/↓ move a minute, with Shift ten.
 */
export function TimeField(props: MaskedInputProps) {
  return <MaskedInput placeholder="hh:mm" maxLength={5} {...props} format={TIME_FORMAT} />;
}
