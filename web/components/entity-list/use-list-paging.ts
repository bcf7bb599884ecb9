import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A paged list's search text (trimmed and debounced for the query) and page. Any change of the
 * search or of a filter goes back to page 1, where the new results start.
 */
export function useListPaging(debounceMs: number) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), debounceMs);
  const [page, setPage] = useState(1);
  return {
    search,
    /** The search for the query: trimmed, once typing pauses. */
    debounced,
    page,
    setPage,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    /** Wraps a filter's setter so that a change also goes back to page 1. */
    firstPage:
      <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(1);
      },
  };
}
