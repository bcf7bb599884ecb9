import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { EntityList, type EntityListProps } from './EntityList';
import { ListSearch } from './ListSearch';
import { useListPaging } from './use-list-paging';

const base: EntityListProps = {
  testId: 'list',
  title: 'Transport',
  isPending: false,
  isFetching: false,
  error: null,
  isEmpty: false,
  emptyText: 'Nimic.',
  pagination: { page: 1, total: 3, perPage: 25, onChange: () => {} },
  children: <table data-testid="table" />,
};

/** A list whose search and page live in useListPaging, as the screens use them. */
function PagedList() {
  const paging = useListPaging(0);
  return (
    <EntityList
      {...base}
      actions={
        <ListSearch
          inHeading
          width={200}
          placeholder="Caută"
          value={paging.search}
          onChange={paging.setSearch}
          testId="search"
        />
      }
      pagination={{
        page: paging.page,
        total: 60,
        perPage: 25,
        onChange: paging.setPage,
        showTotal: true,
      }}
    >
      <p data-testid="page">{paging.page}</p>
    </EntityList>
  );
}

describe('EntityList', () => {
  it('swaps the table for a loader, the error, or the empty text', () => {
    const pending = renderUi(<EntityList {...base} isPending isFetching />);
    expect(screen.getAllByLabelText('Se încarcă')).toHaveLength(2); // the title's and the body's
    expect(screen.queryByTestId('table')).toBeNull();
    pending.unmount();

    const failed = renderUi(<EntityList {...base} error="Eroare de rețea" />);
    expect(screen.getByText('Eroare de rețea')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
    failed.unmount();

    const empty = renderUi(<EntityList {...base} isEmpty />);
    expect(screen.getByText('Nimic.')).toBeTruthy();
    expect(screen.queryByTestId('table')).toBeNull();
    empty.unmount();

    renderUi(<EntityList {...base} />);
    expect(screen.getByTestId('table')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Transport' })).toBeTruthy();
  });

  it("keeps the table with body='keep', the error above it and the empty text under it", () => {
    renderUi(<EntityList {...base} body="keep" isEmpty error="Eroare" />);
    const table = screen.getByTestId('table');
    expect(table.previousElementSibling?.textContent).toBe('Eroare');
    expect(table.nextElementSibling?.textContent).toBe('Nimic.');
  });

  it('ends the filters row with the loader when there is no title', () => {
    renderUi(
      <EntityList {...base} title={undefined} isFetching filters={<span data-testid="f" />} />,
    );
    expect(screen.getByTestId('f').nextElementSibling?.getAttribute('aria-label')).toBe(
      'Se încarcă',
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('pages only past one page, and a new search goes back to page 1', () => {
    renderUi(<PagedList />);
    expect(screen.getByText('60 în total')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByTestId('page').textContent).toBe('3');
    fireEvent.change(screen.getByLabelText('Caută'), { target: { value: 'B 12' } });
    expect(screen.getByTestId('page').textContent).toBe('1');
  });

  it('shows no pages for a single page', () => {
    renderUi(<EntityList {...base} />);
    expect(screen.queryByRole('button', { name: '1' })).toBeNull();
  });
});
