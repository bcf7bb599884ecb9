import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the ANAF VAT registry's web service (PlatitorTvaRest v9), on 127.0.0.1:
 * tests never reach the real registry. POST `[{cui, data}]` → `{cod: 200, message: 'SUCCESS',
 * found: [{date_generale, inregistrare_scop_Tva, …}], notFound: [cui]}` for the companies it was
 * given; `mode` makes it fail (HTTP 500) or answer late.
 */
export interface FakeCompany {
  cui: number;
  denumire: string;
  adresa: string;
  scpTVA: boolean;
}

export async function startFakeAnaf(companies: FakeCompany[]) {
  const requests: unknown[] = [];
  let mode: { kind: 'ok' } | { kind: 'fail' } | { kind: 'slow'; delayMs: number } = {
    kind: 'ok',
  };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const asked = JSON.parse(body || '[]') as { cui: number; data: string }[];
      requests.push(asked);
      const answer = () => {
        if (mode.kind === 'fail') {
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
          return;
        }
        const found = asked.flatMap(({ cui, data }) => {
          const company = companies.find((c) => c.cui === cui);
          return company
            ? [
                {
                  date_generale: {
                    cui: company.cui,
                    data,
                    denumire: company.denumire,
                    adresa: company.adresa,
                    nrRegCom: 'J22/100/2020',
                    telefon: '',
                    stare_inregistrare: 'INREGISTRAT din data 01.01.2020',
                  },
                  inregistrare_scop_Tva: { scpTVA: company.scpTVA, perioade_TVA: [] },
                  stare_inactiv: { statusInactivi: false },
                },
              ]
            : [];
        });
        const notFound = asked
          .filter(({ cui }) => !companies.some((c) => c.cui === cui))
          .map(({ cui }) => cui);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ cod: 200, message: 'SUCCESS', found, notFound }));
      };
      if (mode.kind === 'slow') setTimeout(answer, mode.delayMs);
      else answer();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/PlatitorTvaRest/v9/tva`,
    requests,
    setMode(next: typeof mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
