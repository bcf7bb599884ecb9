import type { CompanyLookup } from '@common/companies/signup.schema';
import { z } from 'zod';

/**
 * The ANAF public VAT registry's synchronous web service (PlatitorTvaRest v9, documented on
 * anaf.ro under "Servicii web"): POST a JSON
 * array of `{cui: number, data: 'YYYY-MM-DD'}`, answered `{cod, message, found: [...], notFound:
 * [...]}` where each found item has `date_generale` {cui, denumire, adresa, …} and
 * `inregistrare_scop_Tva` {scpTVA, …}. Tests use a local stand-in (server/test/fake-anaf.ts).
 */
export interface CompanyRegistry {
  /** The company, null when the registry does not know it; throws RegistryFailure. */
  lookup(cui: string): Promise<CompanyLookup | null>;
}

export class RegistryFailure extends Error {}

const FoundSchema = z.object({
  date_generale: z.object({
    cui: z.union([z.number(), z.string()]),
    denumire: z.string(),
    adresa: z.string().nullable().optional(),
  }),
  inregistrare_scop_Tva: z.object({ scpTVA: z.boolean() }).optional(),
});
const AnswerSchema = z.object({
  cod: z.number(),
  found: z.array(FoundSchema).default([]),
  notFound: z.array(z.unknown()).default([]),
});

/** `url` empty: no registry (every lookup fails, the user types the details). */
export function createCompanyRegistry(options: {
  url: string | undefined;
  timeoutMs: number;
  today?: () => string;
}): CompanyRegistry {
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  return {
    async lookup(cui) {
      if (!options.url) throw new RegistryFailure('no registry configured');
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify([{ cui: Number(cui), data: today() }]),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new RegistryFailure(error instanceof Error ? error.name : 'network error');
      }
      if (!response.ok) throw new RegistryFailure(`HTTP ${response.status}`);
      const parsed = AnswerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success || parsed.data.cod !== 200)
        throw new RegistryFailure('unexpected answer');
      const [found] = parsed.data.found;
      if (!found) return null;
      return {
        cui: String(found.date_generale.cui),
        denumire: found.date_generale.denumire,
        adresa: found.date_generale.adresa ?? '',
        scpTVA: found.inregistrare_scop_Tva?.scpTVA ?? false,
      };
    },
  };
}
