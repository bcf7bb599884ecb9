import { formatRon } from '@common/lib/money';
import type { FareEstimate } from '@common/money/tariffs.schema';

const kilometres = (metres: number) => `${(metres / 1000).toFixed(1).replace('.', ',')} km`;

/**
 * The estimate in one line: 'Tarif estimat: 32,19 RON · 7,3 km · 14 min', and what made it
 * (a surcharge, the minimum, a zone price, a route guessed from the straight line).
 */
export function fareEstimateText(estimate: FareEstimate): string {
  const parts = [
    `Tarif estimat: ${formatRon(estimate.cost)}`,
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

export const fixedPriceText = (bani: number) => `Preț fix: ${formatRon(bani)}`;
