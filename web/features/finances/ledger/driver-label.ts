/** A driver as the ledger's screens name him: '101 · Ion Popescu', or his name alone. */
export const ledgerDriverLabel = (driver: { indicativ: string | null; name: string }) =>
  driver.indicativ ? `${driver.indicativ} · ${driver.name}` : driver.name;
