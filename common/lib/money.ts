/** Money is integer bani (1 RON = 100 bani) on the wire and in the database. */
export function formatRon(bani: number | null | undefined): string {
  const value = (bani ?? 0) / 100;
  const [whole = '0', fraction = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${grouped},${fraction} RON`;
}
