import { type LoggedUser, PACKAGES } from '@common/auth/auth.schema';
import type { Flavour } from './labels';

/** Packages 2 (courier) and 3 (restaurant) get the delivery flavour. */
export function flavourOf(user: Pick<LoggedUser, 'companies'>): Flavour {
  const packageId = user.companies[0]?.package_id;
  return packageId === PACKAGES.courier || packageId === PACKAGES.restaurant ? 'delivery' : 'taxi';
}

/** Where an order's form lives: /operator/order/{id} or /delivery/order/{id}. */
export const orderFormPath = (flavour: Flavour, id: number | string) =>
  flavour === 'delivery' ? `/delivery/order/${id}` : `/operator/order/${id}`;
