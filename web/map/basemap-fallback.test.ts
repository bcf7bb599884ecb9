import { describe, expect, it, vi } from 'vitest';
import {
  type BasemapError,
  type BasemapHost,
  dropBasemapWhenUnreachable,
} from './basemap-fallback';

/** A map with a basemap source and layer, and the error listeners maplibre would call. */
function fakeMap() {
  const listeners = new Set<(event: BasemapError) => void>();
  const present = new Set(['source:basemap', 'layer:basemap']);
  const map: BasemapHost & { fail: (event: BasemapError) => void; present: Set<string> } = {
    on: (_type, listener) => listeners.add(listener),
    off: (_type, listener) => listeners.delete(listener),
    getSource: (id) => (present.has(`source:${id}`) ? {} : undefined),
    getLayer: (id) => (present.has(`layer:${id}`) ? {} : undefined),
    removeLayer: (id) => present.delete(`layer:${id}`),
    removeSource: (id) => present.delete(`source:${id}`),
    fail: (event) => {
      for (const listener of listeners) listener(event);
    },
    present,
  };
  return map;
}

describe('dropBasemapWhenUnreachable', () => {
  it('drops the basemap at its first failed tile and says so once', () => {
    const map = fakeMap();
    const onLost = vi.fn();
    dropBasemapWhenUnreachable(map, onLost);
    map.fail({ sourceId: 'basemap', error: new Error('Failed to fetch') });
    map.fail({ sourceId: 'basemap', error: new Error('Failed to fetch') });
    expect(map.present.size).toBe(0);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('leaves the basemap alone for other errors, and logs them as maplibre would', () => {
    const map = fakeMap();
    const onLost = vi.fn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    dropBasemapWhenUnreachable(map, onLost);
    const error = new Error('a layer failed');
    map.fail({ sourceId: 'route', error });
    expect(map.present.size).toBe(2);
    expect(onLost).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(error);
    log.mockRestore();
  });

  it('stops listening once unsubscribed', () => {
    const map = fakeMap();
    const onLost = vi.fn();
    dropBasemapWhenUnreachable(map, onLost)();
    map.fail({ sourceId: 'basemap' });
    expect(onLost).not.toHaveBeenCalled();
    expect(map.present.size).toBe(2);
  });
});
