import type { ExpressionSpecification, Map as MaplibreMap } from 'maplibre-gl';
import { BADGE_TONES } from './badge-images';
import type { MapDriver } from './drivers';

/**
 * The drivers' markers (labelled with the driver id, another icon for busy and paused,
 * red on an offer): one stretchable pill per status, which the symbol layer stretches around
 * each driver's label (`icon-text-fit`). Four images for any number of drivers, where a badge
 * image per id cost one canvas, one atlas slot and one copy to the map's worker per driver
 * (docs/DECISIONS.md "Drivers map labels").
 */
export const DRIVER_STATUSES: readonly MapDriver['status'][] = ['free', 'busy', 'paused', 'offer'];

const PREFIX = 'driver-pill:';

export const driverPillId = (status: MapDriver['status']) => `${PREFIX}${status}`;

/** The same id as a layer expression over the feature's `status`. */
export const driverPillExpression: ExpressionSpecification = ['concat', PREFIX, ['get', 'status']];

const SCALE = 2; // drawn at twice the size: crisp on high-density screens
const SIZE = 22; // css px: a circle of 22 px, stretched sideways for longer ids
const RADIUS = SIZE / 2 - 1;

function drawPill(color: string): ImageData | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE * SCALE;
  canvas.height = SIZE * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(SCALE, SCALE);
  ctx.beginPath();
  ctx.roundRect(1, 1, SIZE - 2, SIZE - 2, RADIUS);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** Adds the four pills to this map once (image pixels: the stretch bands are its middle). */
export function registerDriverPills(map: MaplibreMap): void {
  const middle = (SIZE / 2) * SCALE;
  for (const status of DRIVER_STATUSES) {
    const id = driverPillId(status);
    if (map.hasImage(id)) continue;
    const image = drawPill(BADGE_TONES[status]);
    if (!image) continue;
    map.addImage(id, image, {
      pixelRatio: SCALE,
      // Only the straight middle stretches; the rounded ends keep their shape.
      stretchX: [[middle - 1, middle + 1]],
      stretchY: [[middle - 1, middle + 1]],
      // Where the label goes: inside the ends' curve.
      content: [RADIUS * SCALE - 2, 4 * SCALE, (SIZE - RADIUS) * SCALE + 2, (SIZE - 4) * SCALE],
    });
  }
}
