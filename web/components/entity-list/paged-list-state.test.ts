import { describe, expect, it, vi } from 'vitest';
import { pagedListState } from './paged-list-state';

describe('pagedListState', () => {
  const paging = { page: 2, setPage: vi.fn() };

  it('fills the states, the empty flag and the pages from a paged answer', () => {
    const state = pagedListState(
      {
        data: { data: [{}], meta: { total: 60 } },
        isPending: false,
        isFetching: true,
        isError: false,
        error: null,
      },
      paging,
      25,
    );
    expect(state).toEqual({
      isPending: false,
      isFetching: true,
      error: null,
      isEmpty: false,
      pagination: { page: 2, total: 60, perPage: 25, onChange: paging.setPage, showTotal: true },
    });
  });

  it("is empty while nothing came, and says a failed read's message", () => {
    const state = pagedListState(
      { isPending: false, isFetching: false, isError: true, error: new Error('Rețea căzută') },
      paging,
      25,
    );
    expect(state.isEmpty).toBe(true);
    expect(state.error).toBe('Rețea căzută');
    expect(state.pagination.total).toBe(0);
  });
});
