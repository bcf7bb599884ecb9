import type { UserCompany } from '@common/auth/auth.schema';
import { FALLBACK_MAP_CENTER } from '@common/lib/geo';

export interface MapCenter {
  lat: number;
  lng: number;
  /** True when the company has no coordinates and the fixed fallback is used. */
  isFallback: boolean;
}

/** A company without coordinates uses the fixed fallback map centre. */
export function companyCenter(
  company: Pick<UserCompany, 'lat' | 'lng'> | null | undefined,
): MapCenter {
  if (company && company.lat !== null && company.lng !== null) {
    return { lat: company.lat, lng: company.lng, isFallback: false };
  }
  return { ...FALLBACK_MAP_CENTER, isFallback: true };
}
