import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data folder: two processes on one folder both open it and silently lose
 * writes. This lock file (created with O_EXCL, holding the owner's pid) makes a second server refuse to
 * start. A lock left by a process that no longer exists is taken over.
 */
export class DataDirLockedError extends Error {}

export type DataDirLock = { release(): void };

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server process (pid ${owner}). ` + 'Stop that process or start this one with a different DATA_DIR.',
        );
      }
      // Stale lock from a process that died: remove it and try once more.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}
