import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Nothing but the write path writes the orders table, so no change can
 * skip the change stream. The lint rule (biome-plugins/orders-write-path.grit) refuses it where
 * it is written; this checks the rule still fires, and reads the sources itself as well.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');

/** Where the orders table may be written: the write path, and seeds/fixtures before any reader. */
const allowed = [
  /^server\/modules\/orders\/write\//,
  /\.test\.ts$/,
  /^server\/test\//,
  /^server\/db\/demo-orders\.ts$/,
];
const writesOrders =
  /\.(?:insert|update|delete)\(\s*orders\s*\)|\b(?:insert\s+into|update|delete\s+from)\s+(?:orders|\$\{orders\})(?:\s|$)/i;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(relative);
    return /\.(?:ts|tsx|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

describe('the orders write path', () => {
  it('is the only server module that writes the orders table', () => {
    const offenders = sources('server')
      .filter((file) => !allowed.some((rule) => rule.test(file)))
      .filter((file) => writesOrders.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('is enforced by the lint rule outside the write path, and only there', () => {
    const probeDir = path.join(root, 'server/modules', `write-path-probe-${process.pid}`);
    const write = `import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Db } from '../../db/client';
export const direct = (db: Db) => db.update(orders).set({ comment: null });
export const raw = sql\`update \${orders} set comment = null\`;
export const inserted = sql\`insert into orders (phone) values ('0744')\`;
`;
    mkdirSync(probeDir, { recursive: true });
    try {
      writeFileSync(path.join(probeDir, 'probe.ts'), write);
      const lint = spawnSync(process.execPath, [biome, 'lint', '--max-diagnostics=50', probeDir], {
        cwd: root,
        encoding: 'utf8',
      });
      const found = `${lint.stdout}${lint.stderr}`.match(/Only the orders write path/g) ?? [];
      expect(found).toHaveLength(3);
      expect(lint.status).not.toBe(0);

      const ownFolder = path.join(root, 'server/modules/orders/write/order-rows.repo.ts');
      const clean = spawnSync(process.execPath, [biome, 'lint', ownFolder], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(`${clean.stdout}${clean.stderr}`).not.toMatch(/Only the orders write path/);
    } finally {
      rmSync(probeDir, { recursive: true, force: true });
    }
  });
});
