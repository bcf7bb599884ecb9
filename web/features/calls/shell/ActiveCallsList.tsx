import { VisuallyHidden } from '@mantine/core';
import { formatElapsed } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import { fKeyOf, type Line } from '../engine/lines';
import { LINE_STATE_LABELS } from '../labels';

/**
 * Shell "hidden active-calls list": every line of this softphone, for screen readers
 * and tests (the visible view of a call is its order's row and form): F-key, number, state
 * and the time since it was answered.
 */
export function ActiveCallsList({ lines }: { lines: readonly Line[] }) {
  const now = useNow(
    1000,
    lines.some((line) => line.answeredAt !== null),
  );
  return (
    <VisuallyHidden>
      <ul aria-label="Apeluri active" data-testid="active-calls" data-count={lines.length}>
        {lines.map((line) => {
          const fKey = fKeyOf(lines, line.id);
          const elapsed =
            line.answeredAt === null
              ? null
              : formatElapsed(Math.max(0, Math.floor((now - line.answeredAt) / 1000)));
          return (
            <li
              key={line.id}
              data-testid="active-call"
              data-line-id={line.id}
              data-phone={line.phone}
              data-state={line.state}
              data-fkey={fKey ?? undefined}
              data-order-id={line.orderId ?? undefined}
            >
              {[fKey, line.phone, LINE_STATE_LABELS[line.state], elapsed]
                .filter(Boolean)
                .join(' · ')}
            </li>
          );
        })}
      </ul>
    </VisuallyHidden>
  );
}
