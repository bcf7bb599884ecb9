import type { DbOrTx } from './client';
import { devices } from './schema';

const MODELS = [
  ['Samsung Galaxy A14', 'android'],
  ['Xiaomi Redmi Note 12', 'android'],
  ['iPhone 13', 'ios'],
  ['Motorola Moto G54', 'android'],
] as const;

/**
 * /devices: the demo taxi drivers' phones, one each for the first few, and a spare
 * tablet nobody has yet. Never seen: last_seen_at fills in when an app sends X-Device-Id.
 */
export async function seedDemoDevices(
  db: DbOrTx,
  companyId: number,
  drivers: readonly { id: number; indicativ: string }[],
): Promise<void> {
  const phones = drivers.slice(0, MODELS.length).map((driver, i) => {
    const [model, platform] = MODELS[i % MODELS.length] ?? MODELS[0];
    return {
      company_id: companyId,
      identifier: `ogo-${driver.indicativ}-${platform === 'ios' ? 'ios' : 'and'}`,
      model,
      platform,
      app_version: '3.4.1',
      driver_id: driver.id,
    };
  });
  await db.insert(devices).values([
    ...phones,
    {
      company_id: companyId,
      identifier: 'ogo-rezerva-1',
      model: 'Lenovo Tab M10',
      platform: 'android',
      app_version: null,
      driver_id: null,
    },
  ]);
}
