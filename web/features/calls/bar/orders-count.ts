/**
 * '1 comandă', '5 comenzi', '23 de comenzi': Romanian puts 'de' before counts whose last two
 * digits are 00 or 20–99 (but not before 0–19).
 */
export function ordersCountLabel(count: number): string {
  if (count === 1) return '1 comandă';
  const lastTwo = count % 100;
  const de = count >= 20 && (lastTwo === 0 || lastTwo >= 20);
  return `${count} ${de ? 'de ' : ''}comenzi`;
}
