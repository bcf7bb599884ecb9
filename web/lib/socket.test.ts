import { afterEach, describe, expect, it, vi } from 'vitest';

// The network boundary: record what the console asks socket.io-client for.
const ioMock = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', () => ({ io: ioMock }));

import { connectSocket, disconnectSocket, getSocket, getSocketStatus } from './socket';

function fakeSocket(token: string) {
  const handlers = new Map<string, () => void>();
  return {
    auth: { token },
    active: true,
    on: vi.fn((event: string, handler: () => void) => handlers.set(event, handler)),
    io: { on: vi.fn(), removeAllListeners: vi.fn() },
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
    fire: (event: string) => handlers.get(event)?.(),
  };
}

afterEach(() => {
  disconnectSocket();
  ioMock.mockReset();
});

describe('socket', () => {
  it('connects to the same origin with the token in auth, never in the query', () => {
    ioMock.mockImplementation((options: { auth: { token: string } }) =>
      fakeSocket(options.auth.token),
    );
    connectSocket('secret-token');
    expect(ioMock).toHaveBeenCalledOnce();
    const [options] = ioMock.mock.calls[0] ?? [];
    expect(options).toEqual({
      auth: { token: 'secret-token' },
      reconnectionAttempts: 100,
      reconnectionDelay: 3000,
      reconnectionDelayMax: 3000,
    });
    expect(JSON.stringify(options)).not.toContain('query');
  });

  it('keeps one socket per token and replaces it when the token changes', () => {
    ioMock.mockImplementation((options: { auth: { token: string } }) =>
      fakeSocket(options.auth.token),
    );
    const first = connectSocket('a');
    expect(connectSocket('a')).toBe(first);
    const second = connectSocket('b');
    expect(second).not.toBe(first);
    expect(first.disconnect).toHaveBeenCalled();
    expect(ioMock).toHaveBeenCalledTimes(2);
  });

  it('reports its status for the header indicator', () => {
    const socket = fakeSocket('t');
    ioMock.mockReturnValue(socket);
    connectSocket('t');
    expect(getSocketStatus()).toBe('connecting');
    socket.fire('connect');
    expect(getSocketStatus()).toBe('connected');
    socket.fire('disconnect');
    expect(getSocketStatus()).toBe('reconnecting');
    disconnectSocket();
    expect(getSocketStatus()).toBe('offline');
    expect(getSocket()).toBeNull();
    expect(socket.disconnect).toHaveBeenCalled();
  });
});
