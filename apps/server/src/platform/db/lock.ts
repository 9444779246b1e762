import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the embedded database. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La base de données embarquée (${dataDir}) est déjà utilisée par le processus ${pid}. ` +
        "Arrêtez l'autre instance, ou choisissez un autre DATA_DIR, ou utilisez un serveur PostgreSQL (DATABASE_URL).",
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no inter-process lock: two processes on one folder would silently lose writes. A pid file
 * created with O_EXCL guards the folder; a stale file (its process is gone) is replaced.
 */
const heldHere = new Set<string>();

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      heldHere.add(file);
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, -1);
}
