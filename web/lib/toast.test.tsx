import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, TOAST_PLACEMENT, toastSuccess } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

const renderToasts = () =>
  render(
    <MantineProvider env="test">
      <Notifications {...TOAST_PLACEMENT} autoClose={4000} />
    </MantineProvider>,
  );

describe('toasts', () => {
  it('close when their time is up, even while the mouse rests on them', async () => {
    renderToasts();
    act(() => toastSuccess('Salvat cu succes!'));
    const toast = screen.getByText('Salvat cu succes!');
    // Mantine pauses its own timer on hover: the pointer stays on the toast.
    fireEvent.mouseEnter(toast.closest('.mantine-Notification-root') ?? toast);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_MS.success + 1000);
    });
    expect(screen.queryByText('Salvat cu succes!')).toBeNull();
  });

  it('sit at the bottom left, clear of the right where Comandă is', () => {
    renderToasts();
    act(() => toastSuccess('Salvat cu succes!'));
    const container = screen
      .getByText('Salvat cu succes!')
      .closest('[data-position]') as HTMLElement | null;
    expect(container?.dataset.position).toBe('bottom-left');
  });
});
