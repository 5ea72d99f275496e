import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { customerPayload } from './support/fixtures';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-drain-'));
let child: ChildProcessWithoutNullStreams | undefined;
let fakeAi: http.Server | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fakeAi?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * An OpenAI-compatible endpoint that holds each request until the test lets it answer: a request to
 * the server that asks it stays in flight exactly as long as the test wants.
 */
async function heldAiEndpoint() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((request, response) => {
    request.resume();
    arrived();
    void released.then(() => {
      const content = JSON.stringify({ intent: 'none', confidence: 0.9, reply: 'Answered after the drain began.', action: null });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hasArrived, release };
}

describe('the server process on SIGTERM', () => {
  it('drains: /api/ready answers 503 at once, sockets close with 1012, the request in flight completes, then it exits 0', async () => {
    const ai = await heldAiEndpoint();
    fakeAi = ai.server;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PASSWORD_COST: '10',
        DEMO_DATA: 'false',
        // Long enough for this test to see the 503 before the server stops accepting.
        DRAIN_DELAY_MS: '3000',
        AI_BASE_URL: ai.url,
        AI_TIMEOUT_MS: '60000',
      },
    });
    const server = child;
    let output = '';
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
      });
      void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    // A signed-in socket.
    const registered = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(customerPayload()),
    });
    const { token } = (await registered.json()) as { token: string };
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (raw: Buffer) => {
        if ((JSON.parse(raw.toString()) as { type: string }).type === 'auth_ok') resolve();
      });
      socket.once('error', reject);
    });

    // A request in flight: the voice assistant waits on the held AI endpoint.
    const inFlight = fetch(`${url}/api/ai/voice-assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How much is a ride to the airport?', language: 'en' }),
    });
    await ai.hasArrived;

    server.kill('SIGTERM');
    // Not ready from the moment the signal is handled (the first answers may still come before it is).
    let ready = await fetch(`${url}/api/ready`);
    while (ready.status === 200) ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining', error: 'This process is shutting down' });
    // Still alive: liveness is not readiness.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // After the drain delay the sockets are told to reconnect elsewhere...
    expect(await closed).toEqual({ code: 1012, reason: 'service restart: reconnect' });
    // ...while the request in flight keeps the process up until it is answered.
    expect(server.exitCode).toBeNull();
    ai.release();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ response: 'Answered after the drain began.' });
    // Then it exits at once: the answer closed its keep-alive connection, which would otherwise hold the server open.
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);
});
