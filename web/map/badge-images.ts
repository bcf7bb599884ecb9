import type { ExpressionSpecification, Map as MaplibreMap } from 'maplibre-gl';

/**
 * Labelled markers (A, B… on a route, driver ids on the drivers map) as icons drawn on a
 * canvas when a symbol layer first asks for them: text would need glyph files from a font
 * server, and the map must work offline.
 */
export const BADGE_TONES = {
  start: '#2f9e44',
  stop: '#1c7ed6',
  end: '#e03131',
  free: '#2f9e44',
  busy: '#868e96',
  paused: '#f08c00',
  offer: '#e03131',
  /** The zone editor's names: zones in the drivers map's zone colour, taxi stands in teal. */
  zone: '#7048e8',
  stand: '#0c8599',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

const PREFIX = 'badge';

/** The icon id a feature asks for: `badge:<tone>:<text>`. */
export const badgeId = (tone: BadgeTone, text: string) => `${PREFIX}:${tone}:${text}`;

/** The same id as a layer expression over the feature's `tone` and `label` properties. */
export const badgeIdExpression = (toneProperty: string): ExpressionSpecification => [
  'concat',
  `${PREFIX}:`,
  ['get', toneProperty],
  ':',
  ['get', 'label'],
];

export function parseBadgeId(id: string): { color: string; text: string } | null {
  const [prefix, tone, ...rest] = id.split(':');
  if (prefix !== PREFIX || !tone || !(tone in BADGE_TONES)) return null;
  return { color: BADGE_TONES[tone as BadgeTone], text: rest.join(':') };
}

const SCALE = 2; // drawn at twice the size: crisp on high-density screens

function drawBadge(color: string, text: string) {
  const height = 22;
  const font = `700 ${12 * SCALE}px system-ui, sans-serif`;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.font = font;
  const width = Math.max(height, Math.ceil(ctx.measureText(text).width / SCALE) + 12);
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  ctx.scale(SCALE, SCALE);
  const r = height / 2 - 1;
  ctx.beginPath();
  ctx.roundRect(1, 1, width - 2, height - 2, r);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.font = font;
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, canvas.width / 2, canvas.height / 2 + SCALE);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * Draws badges on demand for this map. maplibre 6 resolves a missing icon only through its
 * resolver ('styleimagemissing' listeners come too late for the request that asked).
 */
export function registerBadgeImages(map: MaplibreMap): void {
  map.setMissingStyleImageResolver((id) => {
    const badge = parseBadgeId(id);
    if (!badge || map.hasImage(id)) return;
    const image = drawBadge(badge.color, badge.text);
    if (image) map.addImage(id, image, { pixelRatio: SCALE });
  });
}
