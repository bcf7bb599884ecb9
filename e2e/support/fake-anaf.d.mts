// Types of e2e/support/fake-anaf.mjs.
export interface FakeCompany {
  cui: number;
  denumire: string;
  adresa: string;
  scpTVA: boolean;
}

export type FakeAnafMode = { kind: 'ok' } | { kind: 'fail' } | { kind: 'slow'; delayMs: number };

export const E2E_ANAF_COMPANIES: FakeCompany[];

export function startFakeAnaf(
  companies: FakeCompany[],
  options?: { port?: number },
): Promise<{
  url: string;
  requests: unknown[];
  setMode(next: FakeAnafMode): void;
  close(): Promise<void>;
}>;
