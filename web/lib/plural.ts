/**
 * A Romanian count with its noun: 1 comandă, 2 comenzi, 20 de comenzi. 'de' comes when the
 * last two digits are 20 or more, or 00 (100 de comenzi, 101 comenzi).
 */
export function countOf(n: number, one: string, many: string): string {
  if (n === 1) return `1 ${one}`;
  const lastTwo = Math.abs(n) % 100;
  const de = n !== 0 && (lastTwo === 0 || lastTwo >= 20);
  return `${n} ${de ? 'de ' : ''}${many}`;
}

export const ordersCount = (n: number): string => countOf(n, 'comandă', 'comenzi');
