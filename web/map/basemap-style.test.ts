import { describe, expect, it } from 'vitest';
import { badgeId, parseBadgeId } from './badge-images';
import { basemapStyle } from './basemap-style';

describe('basemapStyle (MAP_TILES_URL)', () => {
  it('draws the configured raster tiles with their attribution', () => {
    const style = basemapStyle({
      tiles_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(style.sources.basemap).toMatchObject({
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      attribution: '© OpenStreetMap contributors',
    });
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'basemap']);
  });

  it('is a plain background, reaching no network, without tiles', () => {
    for (const config of [{ tiles_url: null, attribution: '' }, undefined]) {
      const style = basemapStyle(config);
      expect(style.sources).toEqual({});
      expect(style.layers.map((l) => l.id)).toEqual(['background']);
      // No glyphs or sprite: labels are canvas-drawn icons.
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
    }
  });
});

describe('badge icons', () => {
  it('round-trips a label through its icon id', () => {
    expect(parseBadgeId(badgeId('start', 'A'))).toEqual({ color: '#2f9e44', text: 'A' });
    expect(parseBadgeId(badgeId('busy', '112'))).toEqual({ color: '#868e96', text: '112' });
  });

  it('ignores icons that are not badges', () => {
    expect(parseBadgeId('marker-15')).toBeNull();
    expect(parseBadgeId('badge:purple:A')).toBeNull();
  });
});
