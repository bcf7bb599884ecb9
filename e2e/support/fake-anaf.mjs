// A local stand-in for the ANAF VAT registry's web service (PlatitorTvaRest v9), on 127.0.0.1:
// neither the tests nor the browser tests reach the real registry. POST
// `[{cui, data}]` → `{cod: 200, message: 'SUCCESS', found: [{date_generale,
// inregistrare_scop_Tva, …}], notFound: [cui]}` for the companies it was given; `setMode` makes
// it fail (HTTP 500) or answer late. Plain JavaScript: the browser tests' server script
// (scripts/e2e-server.mjs) starts it beside the built app; server/test/fake-anaf.ts re-exports it.
import { createServer } from 'node:http';

/** The companies the browser tests' registry knows (e2e/ui/signup.spec.ts signs one up). */
export const E2E_ANAF_COMPANIES = [
  {
    cui: 14146589,
    denumire: 'TNT COMPUTERS SRL',
    adresa: 'MUN. IAȘI, STR. PALAT NR.1',
    scpTVA: true,
  },
  { cui: 37024165, denumire: 'PRAVALIA SRL', adresa: 'MUN. CLUJ-NAPOCA', scpTVA: false },
];

const registryRecord = (company, data) => ({
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
});

export async function startFakeAnaf(companies, options = {}) {
  const requests = [];
  let mode = { kind: 'ok' };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      let asked;
      try {
        asked = JSON.parse(body || '[]');
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
        return;
      }
      requests.push(asked);
      const answer = () => {
        if (mode.kind === 'fail') {
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
          return;
        }
        const found = asked.flatMap(({ cui, data }) => {
          const company = companies.find((c) => c.cui === cui);
          return company ? [registryRecord(company, data)] : [];
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
  server.listen(options.port ?? 0, '127.0.0.1');
  // Never what keeps a process alive: it lives as long as whoever started it.
  server.unref();
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/api/PlatitorTvaRest/v9/tva`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
