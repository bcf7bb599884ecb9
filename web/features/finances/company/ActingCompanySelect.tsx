import { Select } from '@mantine/core';
import { useActingCompany } from './use-acting-company';

/**
 * The money screens' company, in their heading: only for someone acting in more than one
 * company (the platform admin, a manager of several). Nothing for anyone else.
 */
export function ActingCompanySelect() {
  const acting = useActingCompany();
  if (!acting.picks) return null;
  return (
    <Select
      size="xs"
      w={220}
      aria-label="Firma"
      placeholder="Alegeți firma"
      searchable
      allowDeselect={false}
      nothingFoundMessage="Nicio firmă"
      data={acting.choices.map((c) => ({ value: String(c.id), label: c.name }))}
      value={acting.shownId === null ? null : String(acting.shownId)}
      onChange={(value) => value && acting.setCompanyId(Number(value))}
      comboboxProps={{ withinPortal: false }}
      data-testid="acting-company"
    />
  );
}
