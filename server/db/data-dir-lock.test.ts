import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'ogo-lock-'));

describe('lockDataDir (PGlite has no lock of its own)', () => {
  it('refuses a directory held by a live process, naming it', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'ogo.lock'), String(process.ppid)); // our parent is alive
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another OGO Dispatch process/);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'ogo.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'ogo.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });
});
