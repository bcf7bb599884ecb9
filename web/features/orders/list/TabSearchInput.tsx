import { TextInput } from '@mantine/core';
import { TABS, type TabId } from '../tabs';

interface TabSearchInputProps {
  tab: TabId;
  value: string;
  onChange: (value: string) => void;
}

/** A tab's search box (each tab has its own; it matches a call sign or an address). */
export function TabSearchInput({ tab, value, onChange }: TabSearchInputProps) {
  return (
    <TextInput
      size="xs"
      type="search"
      placeholder="Caută indicativ sau adresă"
      aria-label={`Caută în ${TABS[tab].title}`}
      data-testid={`tab-search-${tab}`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={260}
    />
  );
}
