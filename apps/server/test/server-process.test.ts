import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { customerPayload } from './support/fixtures';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-process-'));
const children: ChildProcessWithoutNullStreams[] = [];

type Started = { child: ChildProcessWithoutNullStreams; url: string };

/** Runs src/server.ts as `npm start` would run the bundle, on its own port and this test's data folder. */
function startServer(extraEnv: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_COST: '10',
      DEMO_DATA: 'false',
      ...extraEnv,
    },
  });
  children.push(child);
  return child;
}

function waitForUrl(child: ChildProcessWithoutNullStreams): Promise<Started> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1') });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function waitForExit(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process on the embedded database', () => {
  it('prints one line with its URL, refuses a second process on the same folder, and keeps committed data across a SIGTERM restart', async () => {
    const first = await waitForUrl(startServer());
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);

    const payload = customerPayload();
    const registered = await fetch(`${first.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(registered.status).toBe(201);

    const second = await waitForExit(startServer());
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by another server process/);

    const exited = waitForExit(first.child);
    first.child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const restarted = await waitForUrl(startServer());
    const login = await fetch(`${restarted.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: payload.email, password: payload.password }),
    });
    expect(login.status).toBe(200);
    const stopped = waitForExit(restarted.child);
    restarted.child.kill('SIGINT');
    expect((await stopped).code).toBe(0);
  }, 90_000);

  it('creates an admin with the CLI script, which refuses bad input with its usage line', async () => {
    const runCli = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts', ...args], {
          cwd: serverDir,
          env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PASSWORD_COST: '10', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => resolve({ code, output }));
      });
    const refused = await runCli(['not-an-email', 'short']);
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/Usage: npm run create-admin/);

    const created = await runCli(['cli-admin@example.com', 'cli-admin-password']);
    expect(created.code).toBe(0);
    expect(created.output).toMatch(/Admin cli-admin@example.com created/);
    const again = await runCli(['cli-admin@example.com', 'cli-admin-password']);
    expect(again.output).toMatch(/already exists/);

    const server = await waitForUrl(startServer());
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cli-admin@example.com', password: 'cli-admin-password' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');
    const stopped = waitForExit(server.child);
    server.child.kill('SIGTERM');
    expect((await stopped).code).toBe(0);
  }, 90_000);

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD and refuses a bad configuration with a clear message', async () => {
    const badConfig = await waitForExit(startServer({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '' }));
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD together/);

    // A REDIS_URL that answers nothing stops the start with the reason (and frees the data folder).
    const noRedis = await waitForExit(startServer({ REDIS_URL: 'redis://:secret@127.0.0.1:1' }));
    expect(noRedis.code).toBe(1);
    expect(noRedis.stderr).toMatch(/REDIS_URL is set but Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1\/? cannot be reached/);
    expect(noRedis.stderr).not.toMatch(/secret/);

    const server = await waitForUrl(startServer({ ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'admin-password-1' }));
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password-1' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');
    const stopped = waitForExit(server.child);
    server.child.kill('SIGTERM');
    expect((await stopped).code).toBe(0);
  }, 60_000);
});
