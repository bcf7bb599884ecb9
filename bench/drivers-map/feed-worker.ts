import { Fleet } from './fleet';

/**
 * The drivers map benchmark's socket, off the page's main thread: it keeps the fleet and sends
 * what the server would, as the text frames a socket delivers (the page parses them, as
 * socket.io-client does): a `drivers_positions` batch every second (batched fan-out),
 * `driver_state_updated` events in between, and the whole list for `GET /api/drivers-positions`.
 */
export type FeedCommand =
  | { type: 'init'; drivers: number; seed: number; share: number; stateEvents: number }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'snapshot'; id: number };

export type FeedMessage =
  | { type: 'drivers_positions' | 'driver_state_updated'; text: string }
  | { type: 'snapshot'; id: number; text: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<FeedCommand>) => void) | null;
  postMessage(message: FeedMessage): void;
}
const scope = self as unknown as WorkerScope;

let fleet: Fleet | null = null;
let share = 1;
let stateEvents = 0;
const timers: ReturnType<typeof setInterval>[] = [];

const send = (message: FeedMessage) => scope.postMessage(message);

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'init':
      fleet = new Fleet(data.drivers, data.seed);
      share = data.share;
      stateEvents = data.stateEvents;
      return;
    case 'snapshot':
      if (fleet) send({ type: 'snapshot', id: data.id, text: JSON.stringify(fleet.snapshot()) });
      return;
    case 'start': {
      const current = fleet;
      if (!current || timers.length > 0) return;
      timers.push(
        setInterval(() => {
          const positions = current.step(share);
          send({ type: 'drivers_positions', text: JSON.stringify({ positions, gone: [] }) });
        }, 1000),
      );
      if (stateEvents > 0) {
        timers.push(
          setInterval(() => {
            send({ type: 'driver_state_updated', text: JSON.stringify(current.stateChange()) });
          }, 1000 / stateEvents),
        );
      }
      return;
    }
    case 'stop':
      for (const timer of timers.splice(0)) clearInterval(timer);
      return;
  }
};
