import type { Message } from '@common/messages/messages.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openConversation } from '../../lib/chat-launcher';
import { connectSocket, disconnectSocket } from '../../lib/socket';
import { lastFakeSocket } from '../../test/fake-socket';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { MessagesShell } from './MessagesShell';
import { buildConversation, buildMessage } from './testing/messages-fixtures';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

beforeEach(() => {
  connectSocket('tok');
});
afterEach(() => {
  disconnectSocket();
  vi.unstubAllGlobals();
});

const ME = dispatcher.id;

/** The server's side: the count, the list and one conversation (newest first, as it answers). */
function renderShell(
  options: { count?: number; messages?: Message[]; send?: (request: StubRequest) => Response } = {},
) {
  let count = options.count ?? 0;
  let messages = options.messages ?? [];
  const api = stubFetch({
    'GET /api/messages/unread-count': () => json(200, { count }),
    'GET /api/messages/self-interlocutors': () =>
      json(200, [
        buildConversation({
          interlocutor_id: 42,
          name: 'Maria Ionescu',
          identifier: '102',
          last_message_at: '2030-01-01 07:00:00',
          last_message: 'Am ajuns',
          last_message_mine: true,
          has_unread: false,
          unread_count: 0,
        }),
        buildConversation({ unread_count: 3 }),
      ]),
    'GET /api/messages/self': () =>
      json(200, {
        data: [...messages].sort((a, b) => b.id - a.id),
        has_more: false,
      }),
    'POST /api/messages/to-user':
      options.send ??
      ((request) =>
        json(
          201,
          buildMessage({
            id: 99,
            sender_id: ME,
            user_id: 41,
            message: (request.body as { message: string }).message,
            order_id: (request.body as { order_id?: number }).order_id ?? null,
          }),
        )),
  });
  const utils = renderUi(<MessagesShell />, { user: dispatcher });
  return {
    api,
    ...utils,
    setCount: (n: number) => (count = n),
    setMessages: (list: Message[]) => (messages = list),
  };
}

const countShown = () => screen.getByTestId('messages-count').dataset.count;
const shownIds = () =>
  screen
    .getAllByTestId(/^message-\d+$/)
    .map((element) => Number(element.dataset.testid?.replace('message-', '')));

async function openWindow(messages: Message[], send?: (request: StubRequest) => Response) {
  const shell = renderShell({ messages, send });
  act(() => openConversation({ userId: 41, companyId: 1, name: 'Ion Popescu', callSign: '101' }));
  await screen.findByTestId('chat-window');
  return shell;
}

describe('the messages badge', () => {
  it('shows the unread count and adds one for a message to me, not for mine', async () => {
    renderShell({ count: 2 });
    await waitFor(() => expect(countShown()).toBe('2'));
    const socket = lastFakeSocket();

    await socket.push('message received', buildMessage({ id: 50 }));
    expect(countShown()).toBe('3');
    // The sender's ✓✓: this device received it.
    expect(socket.emittedOf('messageDelivered')).toEqual([{ interlocutor_id: 41, company_id: 1 }]);

    // His own message from another tab is not unread.
    await socket.push('message received', buildMessage({ id: 51, sender_id: ME, user_id: 41 }));
    expect(countShown()).toBe('3');
  });

  it('reads the count again when I read messages elsewhere (message_status to me)', async () => {
    const { setCount } = renderShell({ count: 4 });
    await waitFor(() => expect(countShown()).toBe('4'));
    setCount(0);
    await lastFakeSocket().push('message_status', {
      company_id: 1,
      sender_id: 41,
      user_id: ME,
      status: 'read',
      up_to_id: 50,
      at: '2030-01-02 08:05:00',
    });
    await waitFor(() => expect(countShown()).toBe('0'));
  });

  it('is not shown to a protocol client', () => {
    stubFetch({});
    renderUi(<MessagesShell />, {
      user: {
        ...dispatcher,
        roles: ['company'],
        companies: [{ ...dispatcher.companies[0], type: 'protocol' } as never],
      },
    });
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });
});

describe('the conversations list', () => {
  it('lists the newest first with call signs, my prefix and unread badges; ↓ Enter opens one', async () => {
    renderShell();
    fireEvent.click(await screen.findByTestId('messages-badge'));
    const popover = await screen.findByTestId('chat-popover');
    const ion = await within(popover).findByTestId('conversation-41');
    const maria = within(popover).getByTestId('conversation-42');
    // Newest first, whatever order the answer had.
    expect(ion.compareDocumentPosition(maria) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(ion.textContent).toContain('101');
    expect(ion.dataset.unread).toBe('3');
    expect(maria.textContent).toContain('Tu: Am ajuns');

    const list = within(popover).getByTestId('conversations');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect((await screen.findByTestId('chat-title')).textContent).toBe('Maria Ionescu');
    fireEvent.click(screen.getByTestId('chat-back'));
    expect(await screen.findByTestId('conversation-41')).toBeTruthy();
  });
});

describe('a conversation window', () => {
  it('shows the oldest at the top, merges a pushed message once, and marks read', async () => {
    await openWindow([
      buildMessage({ id: 1, read_at: '2030-01-02 08:01:00' }),
      buildMessage({ id: 2, sender_id: ME, user_id: 41, message: '<b>Vin</b>' }),
      buildMessage({ id: 3, message: 'Unde sunteți?' }),
    ]);
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3]));
    // Text is text, never markup.
    expect(screen.getByTestId('message-2').textContent).toContain('<b>Vin</b>');
    expect(screen.getByTestId('message-2').querySelector('b')).toBeNull();
    expect(screen.getByTestId('message-2').dataset.mine).toBe('true');
    const socket = lastFakeSocket();
    await waitFor(() =>
      expect(socket.emittedOf('messageRead')).toEqual([{ interlocutor_id: 41, company_id: 1 }]),
    );

    const pushed = buildMessage({ id: 4, message: 'Sunt jos' });
    await socket.push('message received', pushed);
    await socket.push('message received', pushed);
    expect(shownIds()).toEqual([1, 2, 3, 4]);
    // Shown while open: read at once.
    await waitFor(() => expect(socket.emittedOf('messageRead')).toHaveLength(2));
  });

  it('reads the open window again when the polled count disagrees (a push was lost)', async () => {
    const first = buildMessage({ id: 1, read_at: '2030-01-02 08:01:00' });
    const { setCount, setMessages, queryClient } = await openWindow([first]);
    await waitFor(() => expect(shownIds()).toEqual([1]));
    // A message whose push never came: only the server knows of it.
    setMessages([first, buildMessage({ id: 7, message: 'Pierdut pe drum' })]);
    setCount(1);
    await act(() => queryClient.refetchQueries({ queryKey: ['messages', 'unread'] }));
    await waitFor(() => expect(shownIds()).toEqual([1, 7]));
  });

  it('moves my ticks from sent to delivered to read on message_status', async () => {
    await openWindow([
      buildMessage({ id: 5, sender_id: ME, user_id: 41 }),
      buildMessage({ id: 6, sender_id: ME, user_id: 41 }),
    ]);
    const ticks = (id: number) => screen.getByTestId(`message-ticks-${id}`).dataset.status;
    await waitFor(() => expect(ticks(6)).toBe('sent'));
    const socket = lastFakeSocket();
    const status = { company_id: 1, sender_id: ME, user_id: 41, at: '2030-01-02 08:03:00' };
    await socket.push('message_status', { ...status, status: 'delivered', up_to_id: 6 });
    expect([ticks(5), ticks(6)]).toEqual(['delivered', 'delivered']);
    await socket.push('message_status', { ...status, status: 'read', up_to_id: 5 });
    expect([ticks(5), ticks(6)]).toEqual(['read', 'delivered']);
  });

  it('sends on Enter with an Idempotency-Key, breaks the line on Shift+Enter, refuses empty', async () => {
    const { api } = await openWindow([]);
    const composer = screen.getByTestId('chat-composer') as HTMLTextAreaElement;
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    // Enter on an empty text sends nothing.
    fireEvent.keyDown(composer, { key: 'Enter' });
    fireEvent.change(composer, { target: { value: 'Vin în 5 minute' } });
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
    // Shift+Enter keeps the browser's new line.
    expect(fireEvent.keyDown(composer, { key: 'Enter', shiftKey: true })).toBe(true);
    expect(api.calls('POST /api/messages/to-user')).toHaveLength(0);

    expect(fireEvent.keyDown(composer, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(shownIds()).toEqual([99]));
    const [sent] = api.calls('POST /api/messages/to-user');
    expect(sent?.body).toEqual({ user_id: 41, message: 'Vin în 5 minute', company_id: 1 });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(composer.value).toBe('');
    expect(screen.getByTestId('message-ticks-99').dataset.status).toBe('sent');

    // The server's push of the same message to my other tabs does not show it twice.
    await lastFakeSocket().push(
      'message received',
      buildMessage({ id: 99, sender_id: ME, user_id: 41, message: 'Vin în 5 minute' }),
    );
    expect(shownIds()).toEqual([99]);
  });

  it('keeps the text after a failed send and retries with the same key', async () => {
    const { api } = await openWindow([], () => json(500, { message: 'x', code: 'internal' }));
    const composer = screen.getByTestId('chat-composer') as HTMLTextAreaElement;
    fireEvent.change(composer, { target: { value: 'Alo' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(await screen.findByText('Error on message send. Try again.')).toBeTruthy();
    expect(composer.value).toBe('Alo');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.calls('POST /api/messages/to-user')).toHaveLength(2));
    const [first, second] = api.calls('POST /api/messages/to-user');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('from an order: names it in the first message, and links back to it', async () => {
    const { api } = renderShell();
    act(() => openConversation({ userId: 41, companyId: 1, orderId: 9, name: 'Ion Popescu' }));
    expect((await screen.findByTestId('chat-order')).textContent).toContain('Despre comanda #9');
    fireEvent.change(screen.getByTestId('chat-composer'), {
      target: { value: 'Clientul așteaptă' },
    });
    fireEvent.click(screen.getByTestId('chat-send'));
    await screen.findByTestId('message-99');
    expect(api.calls('POST /api/messages/to-user')[0]?.body).toMatchObject({ order_id: 9 });
    const link = screen.getByTestId('message-order-99');
    expect(link.textContent).toBe('Comanda #9');
    expect(link.getAttribute('href')).toBe('/operator/order/9');
    // Named once: the next message is about nothing in particular.
    expect(screen.queryByTestId('chat-order')).toBeNull();
  });
});

describe('a new conversation', () => {
  function renderNew(broadcast: (request: StubRequest) => Response) {
    const api = stubFetch({
      'GET /api/messages/unread-count': () => json(200, { count: 0 }),
      'GET /api/messages/self-interlocutors': () => json(200, []),
      'GET /api/messages/self': () => json(200, { data: [], has_more: false }),
      'GET /api/messages/recipients': () =>
        json(200, [
          {
            id: 41,
            company_id: 1,
            name: 'Ion Popescu',
            phone: null,
            identifier: '101',
            kind: 'driver',
          },
        ]),
      'POST /api/messages/to-all-drivers': broadcast,
      'POST /api/messages/to-all-clients': broadcast,
    });
    renderUi(<MessagesShell />, { user: dispatcher });
    fireEvent.click(screen.getByTestId('messages-badge'));
    fireEvent.click(screen.getByTestId('chat-tab-new'));
    return api;
  }

  it('finds a driver by call sign and opens his conversation', async () => {
    const api = renderNew(() => json(201, {}));
    fireEvent.change(await screen.findByTestId('chat-recipient-search'), {
      target: { value: '101' },
    });
    fireEvent.click(await screen.findByTestId('recipient-41', {}, { timeout: 2_000 }));
    expect((await screen.findByTestId('chat-title')).textContent).toBe('Ion Popescu');
    expect(api.calls('GET /api/messages/recipients')[0]?.query.get('search')).toBe('101');
  });

  it('sends to all drivers or clients only with a text, and says how it went', async () => {
    let answer = json(201, {
      id: 1,
      company_id: 1,
      sender_id: ME,
      audience: 'drivers',
      message: 'x',
      recipients: 12,
      created_at: '2030-01-02 08:00:00',
    });
    const api = renderNew(() => answer);
    const drivers = (await screen.findByTestId('broadcast-drivers')) as HTMLButtonElement;
    const clients = screen.getByTestId('broadcast-clients') as HTMLButtonElement;
    expect([drivers.disabled, clients.disabled]).toEqual([true, true]);
    fireEvent.change(screen.getByTestId('broadcast-text'), { target: { value: '   ' } });
    expect(drivers.disabled).toBe(true);

    fireEvent.change(screen.getByTestId('broadcast-text'), { target: { value: 'Drum închis' } });
    fireEvent.click(drivers);
    expect(await screen.findByText('Mesaj trimis!')).toBeTruthy();
    expect(api.calls('POST /api/messages/to-all-drivers')[0]?.body).toEqual({
      message: 'Drum închis',
    });
    expect((screen.getByTestId('broadcast-text') as HTMLTextAreaElement).value).toBe('');

    answer = json(500, { message: 'x', code: 'internal' });
    fireEvent.change(screen.getByTestId('broadcast-text'), { target: { value: 'Din nou' } });
    fireEvent.click(clients);
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();

    answer = json(429, {
      message: 'Prea multe mesaje către toți. Reîncercați în 12 minute.',
      code: 'rate_limited',
    });
    fireEvent.click(clients);
    expect(await screen.findByText(/Reîncercați în 12 minute/)).toBeTruthy();
    expect((screen.getByTestId('broadcast-text') as HTMLTextAreaElement).value).toBe('Din nou');
  });
});
