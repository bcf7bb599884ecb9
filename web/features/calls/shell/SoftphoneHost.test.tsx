import { CLIENT_HUNG_UP_TOAST, SIP_MESSAGES } from '@common/calls/calls.schema';
import { Modal } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShortcuts } from '../../../lib/shortcuts';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderSoftphone } from '../testing/render-softphone';
import { acceptedOrder, SETTINGS } from '../testing/softphone-fixture';

afterEach(() => vi.unstubAllGlobals());

function serve(settings: unknown = SETTINGS) {
  return stubFetch({
    'GET /api/calls/sip-settings': () => json(200, settings),
    'POST /api/calls/accept': (request) => {
      const body = request.body as { phone_number: string; sip_caller_id: string };
      const id = body.sip_caller_id === 'call-a' ? 100 : 101;
      return json(200, acceptedOrder(id, body.phone_number, body.sip_caller_id));
    },
    'PATCH /api/calls/cancel': (request) => {
      const body = request.body as { phone_number: string; sip_caller_id: string };
      return json(200, acceptedOrder(100, body.phone_number, body.sip_caller_id));
    },
    'PATCH /api/calls/hold/100': () => json(200, acceptedOrder(100, '+40722111001', 'call-a')),
  });
}

async function registered(ui = <div />) {
  const setup = renderSoftphone(ui);
  await waitFor(() => expect(setup.uas).toHaveLength(1));
  act(() => setup.ua().registered());
  return setup;
}

describe('telephony alerts', () => {
  it('shows why calls are not available, once', async () => {
    serve({ available: false, message: SIP_MESSAGES.noMeta });
    const { phone } = renderSoftphone(<div />);
    expect(await screen.findByText(SIP_MESSAGES.noMeta)).toBeTruthy();
    expect(phone.getSnapshot().status).toBe('unavailable');
    expect(screen.getAllByText(SIP_MESSAGES.noMeta)).toHaveLength(1);
  });

  it("keeps 'SIP is disabled' with a useful text while registration fails, then clears it", async () => {
    serve();
    const { ua } = await registered();
    act(() => ua().failRegistration(403, 'Forbidden'));
    expect(await screen.findByText(SIP_MESSAGES.disabled)).toBeTruthy();
    expect(
      screen.getByText(/Centrala telefonică a refuzat credențialele telefonului \(403 Forbidden\)/),
    ).toBeTruthy();
    expect(screen.getByText(/se reîncearcă automat/)).toBeTruthy();
    act(() => ua().registered());
    await waitFor(() => expect(screen.queryByText(SIP_MESSAGES.disabled)).toBeNull());
  });

  it('tells the dispatcher when the client hangs up', async () => {
    serve();
    const { ua, phone } = await registered();
    let session: ReturnType<ReturnType<typeof ua>['ring']> | undefined;
    act(() => {
      session = ua().ring('call-a', '+40722111001');
    });
    await act(() => phone.answer('call-a'));
    act(() => session?.hangUpRemote());
    expect(await screen.findByText(CLIENT_HUNG_UP_TOAST)).toBeTruthy();
  });
});

/** A page with its own F6 (the call-sign search) and a modal that owns Esc while open. */
function Page() {
  const [modal, setModal] = useState(false);
  useShortcuts({ callSignSearch: () => document.body.setAttribute('data-search', 'open') });
  return (
    <>
      <button type="button" onClick={() => setModal(true)}>
        Deschide
      </button>
      <Modal opened={modal} onClose={() => undefined} title="Dialog">
        conținut
      </Modal>
    </>
  );
}

describe('call keys in the console', () => {
  it('leaves F6 to the call-sign search without a 6th call, and Esc to an open modal', async () => {
    serve();
    const { ua, phone } = await registered(<Page />);
    act(() => {
      ua().ring('call-a', '+40722111001');
    });
    await act(() => phone.answer('call-a'));

    fireEvent.keyDown(window, { key: 'F6' });
    expect(document.body.getAttribute('data-search')).toBe('open');
    document.body.removeAttribute('data-search');

    // F1 puts the only call on hold (the answer key answers only while something rings).
    fireEvent.keyDown(window, { key: 'F1' });
    await waitFor(() => expect(phone.getSnapshot().lines[0]?.state).toBe('held'));
    fireEvent.keyDown(window, { key: 'F1' });
    await waitFor(() => expect(phone.getSnapshot().lines[0]?.state).toBe('active'));
    expect(document.body.getAttribute('data-search')).toBeNull();

    fireEvent.click(screen.getByText('Deschide'));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(phone.getSnapshot().lines).toHaveLength(1);
  });

  it('ends the active call with Esc, past the hidden lists a form keeps mounted', async () => {
    const api = serve();
    // Mantine's selects keep their (hidden) option lists in the page.
    const { ua, phone } = await registered(
      <div role="listbox" style={{ display: 'none' }} aria-label="Alte opțiuni" />,
    );
    act(() => {
      ua().ring('call-a', '+40722111001');
    });
    await act(() => phone.answer('call-a'));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(phone.getSnapshot().lines).toHaveLength(0);
    await waitFor(() => expect(api.calls('PATCH /api/calls/cancel')).toHaveLength(1));
  });
});
