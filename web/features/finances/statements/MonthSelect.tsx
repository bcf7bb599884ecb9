import { Select } from '@mantine/core';
import { currentMonth, monthLabel, monthsBefore } from './months';

/** The last three years' months, newest first ('noiembrie 2026'). */
export function MonthSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (month: string) => void;
}) {
  const months = monthsBefore(currentMonth(), 36);
  const data = (months.includes(value) ? months : [value, ...months]).map((month) => ({
    value: month,
    label: monthLabel(month),
  }));
  return (
    <Select
      size="xs"
      w={170}
      aria-label="Luna"
      data={data}
      value={value}
      onChange={(month) => month && onChange(month)}
      allowDeselect={false}
      searchable
      data-testid="statement-month"
    />
  );
}
