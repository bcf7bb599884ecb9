import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRequest, stubFetch } from '../../../test/fetch-stub';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import type { TabId } from '../tabs';
import { TabOrderList } from './TabOrderList';
import { TabSearchInput } from './TabSearchInput';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// 70 orders of someone else (so the list keeps the server's order), newest id first.
const ALL = Array.from({ length: 70 }, (_, i) => buildOrder({ id: 70 - i, dispatcher_id: 99 }));

/** The endpoint's paging: `per_page` rows of page `page`, search on the address. */
function answer({ query }: StubRequest) {
  const search = query.get('search');
  const perPage = Number(query.get('per_page'));
  const page = Number(query.get('page'));
  const matching = search ? ALL.filter((o) => String(o.id).startsWith(search)) : ALL;
  return json(200, {
    data: matching.slice((page - 1) * perPage, page * perPage),
    meta: { total: matching.length, page, per_page: perPage },
  });
}

function Board({ tab }: { tab: TabId }) {
  const [search, setSearch] = useState('');
  return (
    <>
      <TabSearchInput tab={tab} value={search} onChange={setSearch} />
      <TabOrderList
        tab={tab}
        search={search}
        userId={dispatcher.id}
        flavour="taxi"
        onOpen={() => {}}
      />
    </>
  );
}

const rowCount = () => screen.getAllByTestId(/^order-row-/).length;
const pagesAsked = (requests: StubRequest[]) => requests.map((r) => r.query.get('page'));

describe('a tab longer than a page (counters)', () => {
  it("shows 50, then a page more per 'Afișează mai multe', until the total", async () => {
    const api = stubFetch({ 'GET /api/dispatcher-orders/live': answer });
    renderUi(<Board tab="live" />, { user: dispatcher });
    await screen.findByTestId('order-row-70');
    expect(rowCount()).toBe(50);
    expect(screen.queryByTestId('order-row-20')).toBeNull();
    expect(screen.getByTestId('tab-shown-live').textContent).toBe('50 din 70 de comenzi');
    expect(api.calls('GET /api/dispatcher-orders/live')[0]?.query.get('per_page')).toBe('50');

    fireEvent.click(screen.getByTestId('tab-show-more-live'));
    await screen.findByTestId('order-row-1');
    expect(rowCount()).toBe(70);
    // Everything is shown: no more button.
    expect(screen.queryByTestId('tab-more-live')).toBeNull();
    expect(pagesAsked(api.calls('GET /api/dispatcher-orders/live'))).toEqual(['1', '2']);
  });

  it('keeps polling every shown page (3 s in call)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubFetch({ 'GET /api/dispatcher-orders/in-call': answer });
    renderUi(<Board tab="in-call" />, { user: dispatcher });
    await screen.findByTestId('order-row-70');
    fireEvent.click(screen.getByTestId('tab-show-more-in-call'));
    await screen.findByTestId('order-row-1');
    const before = api.calls('GET /api/dispatcher-orders/in-call').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    const polled = pagesAsked(api.calls('GET /api/dispatcher-orders/in-call').slice(before));
    expect(polled).toContain('1');
    expect(polled).toContain('2');
  });

  it('starts a new search again at one page', async () => {
    const api = stubFetch({ 'GET /api/dispatcher-orders/live': answer });
    renderUi(<Board tab="live" />, { user: dispatcher });
    await screen.findByTestId('order-row-70');
    fireEvent.click(screen.getByTestId('tab-show-more-live'));
    await screen.findByTestId('order-row-1');

    // Ids starting with 1: 1 and 10…19.
    fireEvent.change(screen.getByTestId('tab-search-live'), { target: { value: '1' } });
    await waitFor(() => expect(rowCount()).toBe(11));
    const searched = api.calls('GET /api/dispatcher-orders/live').filter((r) => {
      return r.query.get('search') === '1';
    });
    expect(pagesAsked(searched)).toEqual(['1']);
    expect(screen.queryByTestId('tab-more-live')).toBeNull();
  });
});
