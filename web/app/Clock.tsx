import { Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** Shell clock, refreshed every second. */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text
      size="sm"
      ff="monospace"
      c="dimmed"
      data-testid="clock"
      aria-label="Ora curentă"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {dayjs(now).format('HH:mm:ss')}
    </Text>
  );
}
