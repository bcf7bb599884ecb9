/**
 * Browser storage for the few things the console keeps locally (call options,
 * session). Keys are prefixed so nothing collides with other apps on the origin;
 * values are JSON and a corrupt or foreign value reads as "absent" instead of crashing.
 */
export const STORAGE_PREFIX = 'ogo.';

type Listener = (key: string) => void;
const listeners = new Set<Listener>();

const backend = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Some privacy modes throw on access: behave as an empty, read-only store.
    return null;
  }
};

export const storage = {
  /** Reads a value; `validate` narrows unknown JSON to T (null means "not a T"). */
  get<T>(key: string, validate?: (value: unknown) => value is T): T | null {
    const raw = backend()?.getItem(STORAGE_PREFIX + key);
    if (raw == null) return null;
    try {
      const value: unknown = JSON.parse(raw);
      if (validate && !validate(value)) return null;
      return value as T;
    } catch {
      return null;
    }
  },

  set(key: string, value: unknown): void {
    try {
      backend()?.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    } catch {
      // Quota exceeded or storage disabled: the value lives only for this page view.
    }
    notify(key);
  },

  remove(key: string): void {
    backend()?.removeItem(STORAGE_PREFIX + key);
    notify(key);
  },

  /** Called with the unprefixed key after every change here or in another tab. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function notify(key: string) {
  for (const listener of listeners) listener(key);
}

// Another tab logging out or changing call options updates this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(STORAGE_PREFIX)) notify(event.key.slice(STORAGE_PREFIX.length));
  });
}
