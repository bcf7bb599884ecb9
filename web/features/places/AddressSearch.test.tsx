import type { PlaceDetails } from '@common/places/places.schema';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { stefanCelMare } from '../../test/place-fixtures';
import { renderUi } from '../../test/render-ui';
import { AddressSearch } from './AddressSearch';

const center = { lat: 47.16, lng: 27.58, isFallback: false };

const predictions = {
  predictions: [
    { place_id: 'osm:1', description: 'Strada Ștefan cel Mare 1, Iași', terms: [] },
    {
      place_id: 'int:2',
      description: 'Bloc Nicolina',
      terms: [],
      is_internal: true,
      lat: 47.14,
      lng: 27.57,
      bloc: 'A1',
      scara: '2',
      reper: 'Farmacie',
      comment: null,
    },
  ],
};

const details: PlaceDetails = stefanCelMare;

function Harness({
  onPick,
  onBlocking,
}: {
  onPick: (p: PlaceDetails) => void;
  onBlocking: (b: boolean) => void;
}) {
  const [text, setText] = useState('');
  return (
    <AddressSearch
      label="Adresa A"
      value={text}
      center={center}
      testId="addr"
      onTextChange={setText}
      onPick={(place) => {
        setText(place.name);
        onPick(place);
      }}
      onBlockingChange={onBlocking}
    />
  );
}

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch({
    'POST /geo/places-search-new': () => json(200, predictions),
    'GET /geo/place-details-new/osm%3A1': () => json(200, details),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const setup = () => {
  const onPick = vi.fn();
  const onBlocking = vi.fn();
  const { unmount } = renderUi(<Harness onPick={onPick} onBlocking={onBlocking} />, {
    user: dispatcher,
  });
  const input = screen.getByTestId('addr');
  fireEvent.focus(input);
  return { input, onPick, onBlocking, unmount };
};

describe('address search', () => {
  it('waits for 3 characters and 500 ms of quiet before asking the server', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'st' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.calls('POST /geo/places-search-new')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'ste' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(input, { target: { value: 'stef' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(api.calls('POST /geo/places-search-new')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const calls = api.calls('POST /geo/places-search-new');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      input: 'stef',
      languageCode: 'ro',
      includedRegionCodes: ['ro'],
      locationRestriction: {
        circle: { center: { latitude: 47.16, longitude: 27.58 }, radius: 50000 },
      },
    });
    const body = calls[0]?.body as { sessionToken?: string } | undefined;
    expect(typeof body?.sessionToken).toBe('string');
  });

  it('picks with the keyboard and resolves the coordinates through place details', async () => {
    const { input, onPick, onBlocking } = setup();
    fireEvent.change(input, { target: { value: 'stefan' } });
    expect(await screen.findByTestId('addr-option-1', {}, { timeout: 2000 })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await vi.waitFor(() => expect(onBlocking).toHaveBeenLastCalledWith(true));
    expect(screen.getByTestId('addr-option-0').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledOnce());
    expect(onPick.mock.calls[0]?.[0]).toMatchObject({
      lat: 47.17,
      lng: 27.58,
      name: 'Strada Ștefan cel Mare 1, Iași',
    });
    expect(api.calls('GET /geo/place-details-new/osm%3A1')).toHaveLength(1);
    expect(screen.queryByTestId('addr-options')).toBeNull();
    expect(onBlocking).toHaveBeenLastCalledWith(false);
  });

  it('takes an internal place as it is, with bloc, scara and reper', async () => {
    const { input, onPick } = setup();
    fireEvent.change(input, { target: { value: 'nicolina' } });
    await screen.findByTestId('addr-option-1', {}, { timeout: 2000 });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByTestId('addr-option-1').getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledOnce());
    expect(onPick.mock.calls[0]?.[0]).toMatchObject({
      lat: 47.14,
      lng: 27.57,
      bloc: 'A1',
      scara: '2',
      reper: 'Farmacie',
    });
    expect(api.calls('GET /geo/place-details-new/int%3A2')).toHaveLength(0);
  });

  it('closes the list with Escape', async () => {
    const { input, onBlocking } = setup();
    fireEvent.change(input, { target: { value: 'stefan' } });
    await screen.findByTestId('addr-options', {}, { timeout: 2000 });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('addr-options')).toBeNull();
    expect(onBlocking).toHaveBeenLastCalledWith(false);
  });

  it('stops blocking when it unmounts with its list open (its place removed)', async () => {
    const { input, onBlocking, unmount } = setup();
    fireEvent.change(input, { target: { value: 'stefan' } });
    await screen.findByTestId('addr-options', {}, { timeout: 2000 });
    await vi.waitFor(() => expect(onBlocking).toHaveBeenLastCalledWith(true));
    unmount();
    expect(onBlocking).toHaveBeenLastCalledWith(false);
  });

  it('drops a pick that resolves after it unmounted', async () => {
    let answer: (response: Response) => void = () => {};
    api = stubFetch({
      'POST /geo/places-search-new': () => json(200, predictions),
      'GET /geo/place-details-new/osm%3A1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { input, onPick, onBlocking, unmount } = setup();
    fireEvent.change(input, { target: { value: 'stefan' } });
    await screen.findByTestId('addr-option-0', {}, { timeout: 2000 });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await vi.waitFor(() => expect(api.calls('GET /geo/place-details-new/osm%3A1')).toHaveLength(1));
    await vi.waitFor(() => expect(onBlocking).toHaveBeenLastCalledWith(true));
    unmount();
    expect(onBlocking).toHaveBeenLastCalledWith(false);
    await act(async () => {
      answer(json(200, details));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(onPick).not.toHaveBeenCalled();
  });

  it('takes the focus when it appears, unless the user is already in another field', () => {
    const field = (testId: string) => (
      <AddressSearch
        label="Adresa A"
        value=""
        center={center}
        autoFocus
        testId={testId}
        onTextChange={() => {}}
        onPick={() => {}}
      />
    );
    const first = renderUi(field('first'));
    expect(document.activeElement).toBe(screen.getByTestId('first'));
    first.unmount();

    // A dialog's field opened while the form was loading keeps the focus.
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    renderUi(field('second'));
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});
