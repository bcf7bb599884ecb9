/** `?company_id=` as a company id, or undefined (none, or unreadable: the caller's first). */
export function companyIdOf(params: URLSearchParams): number | undefined {
  const text = params.get('company_id');
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The path with the acting company, so a link between the money screens stays in it. */
export const withCompany = (path: string, companyId: number | undefined): string =>
  companyId === undefined
    ? path
    : `${path}${path.includes('?') ? '&' : '?'}company_id=${companyId}`;
