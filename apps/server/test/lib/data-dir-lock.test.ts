import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/lib/data-dir-lock';

let root: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-lock-'));
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Another process that is alive for the length of the test. */
function liveProcess(): number {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const lockModule = fileURLToPath(new URL('../../src/lib/data-dir-lock.ts', import.meta.url));

/** A separate Node process that takes the lock with the real code and keeps it until killed. */
async function processHoldingLock(dir: string): Promise<ChildProcess> {
  const script =
    `const { lockDataDir } = await import(${JSON.stringify(lockModule)});` +
    `lockDataDir(${JSON.stringify(dir)}); process.stdout.write('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited early with ${code}`)));
  });
  return child;
}

const readLock = (dir: string) => fs.readFileSync(path.join(dir, 'server.lock'), 'utf8');

describe('lockDataDir', () => {
  it('creates the data folder and its missing parents and records this process as the owner', () => {
    const dir = path.join(root, 'a', 'b', 'data');
    const lock = lockDataDir(dir);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(readLock(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('refuses the folder while another live process holds it, with a message naming the folder, the pid and the way out', () => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(dir);
    const owner = liveProcess();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(owner));

    let thrown: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const message = (thrown as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${owner}`);
    expect(message).toContain('DATA_DIR');
    // The owner's lock is left alone.
    expect(readLock(dir)).toBe(String(owner));
  });

  it('lets the folder be locked once the other process has released it', () => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(liveProcess()));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    fs.rmSync(path.join(dir, 'server.lock')); // what the other process's release() does
    const lock = lockDataDir(dir);
    expect(readLock(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a folder locked by another running server process, and takes it over after that process is killed', async () => {
    const dir = path.join(root, 'nested', 'data');
    const holder = await processHoldingLock(dir);
    expect(readLock(dir)).toBe(String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    // SIGKILL: the holder never gets to release, so its lock file stays behind.
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    expect(readLock(dir)).toBe(String(holder.pid));

    const lock = lockDataDir(dir);
    expect(readLock(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock left by a process that no longer exists', async () => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(await deadPid()));
    const lock = lockDataDir(dir);
    expect(readLock(dir)).toBe(String(process.pid));
    lock.release();
  });

  it.each([
    ['an empty lock file (a crash before the pid was written)', ''],
    ['a lock file without a pid', 'not a pid'],
  ])('takes over %s', (_case, content) => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), content);
    const lock = lockDataDir(dir);
    expect(readLock(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('removes the lock file on release, and a second release is harmless', () => {
    const dir = path.join(root, 'data');
    const lock = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(true);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    expect(() => lock.release()).not.toThrow();
    // The folder and its data stay; only the lock goes.
    expect(fs.existsSync(dir)).toBe(true);
  });
});
