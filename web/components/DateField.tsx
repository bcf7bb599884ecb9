import { formatDateInput, maskDateInput, parseDateInput, shiftDate } from '../lib/date-input';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';

const DATE_FORMAT = {
  mask: maskDateInput,
  parse: parseDateInput,
  format: formatDateInput,
  step: (value: string, direction: 1 | -1, large: boolean) =>
    shiftDate(value, direction * (large ? 7 : 1)),
};

/**
 * A date typed and shown as DD.MM.YYYY under any browser locale; its value is
 * YYYY-MM-DD or '' (what the API takes). ↑/↓ move a day, with Shift a week.
 */
export function DateField(props: MaskedInputProps) {
  return <MaskedInput placeholder="zz.ll.aaaa" maxLength={10} {...props} format={DATE_FORMAT} />;
}
