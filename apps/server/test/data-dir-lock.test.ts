import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/platform/db/lock.ts';

describe('embedded database lock', () => {
  it('refuses a second opener with a French message naming the holder, and frees the folder on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    // Another live process holds it: the parent process of this test is alive.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`déjà utilisée par le processus ${process.ppid}`));
    fs.rmSync(path.join(dir, 'server.lock'));
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('two servers on one DATA_DIR', () => {
  it('refuses the second with the French message', async () => {
    const { createServer } = await import('../src/server.ts');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-twice-'));
    const first = await createServer({ databaseUrl: null, dataDir, demoSeed: false, logLevel: 'error', webDist: '/nonexistent' });
    try {
      await expect(
        createServer({ databaseUrl: null, dataDir, demoSeed: false, logLevel: 'error', webDist: '/nonexistent' }),
      ).rejects.toThrow(/La base de données embarquée .* est déjà utilisée par le processus/);
    } finally {
      await first.close();
    }
    // Once the first has stopped, the folder opens again.
    const again = await createServer({ databaseUrl: null, dataDir, demoSeed: false, logLevel: 'error', webDist: '/nonexistent' });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
