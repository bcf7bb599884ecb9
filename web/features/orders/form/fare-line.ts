import { formatRon } from '@common/lib/money';
import type { FareEstimate } from '@common/money/tariffs.schema';

const kilometres = (metres: number) => `${(metres / 1000).toFixed(1).replace('.', ',')} km`;

/** '· cu reducere 28,97 RON' beside the fare, when a discount is chosen. */
const discountedPart = (discounted: number | null) =>
  discounted === null ? [] : [`cu reducere ${formatRon(discounted)}`];

/**
 * The estimate in one line: 'Tarif estimat: 32,19 RON · 7,3 km · 14 min', what made it
 * (a surcharge, the minimum, a zone price, a route guessed from the straight line), and with a
 * chosen discount what the client pays, next to the fare: '· cu reducere 28,97 RON'.
 */
export function fareEstimateText(estimate: FareEstimate, discounted: number | null = null): string {
  const parts = [
    `Tarif estimat: ${formatRon(estimate.cost)}`,
    ...discountedPart(discounted),
    kilometres(estimate.distance_m),
    `${Math.round(estimate.duration_s / 60)} min`,
  ];
  if (estimate.source === 'zone') parts.push('preț fix zonă');
  else {
    if (estimate.percent > 100) parts.push(`adaos ${estimate.percent}%`);
    if (estimate.minimum_applied) parts.push('minim');
  }
  if (!estimate.routed) parts.push('estimat în linie dreaptă');
  return parts.join(' · ');
}

export const fixedPriceText = (bani: number, discounted: number | null = null) =>
  [`Preț fix: ${formatRon(bani)}`, ...discountedPart(discounted)].join(' · ');
