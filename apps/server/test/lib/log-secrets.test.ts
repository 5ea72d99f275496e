import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/client';
import type { SerializedError } from '../../src/lib/safe-error-log';
import { users } from '../../src/db/schema';
import { insertSession } from '../../src/modules/accounts/repository';
import { hashPassword } from '../../src/modules/accounts/password';
import { hashToken, newSessionToken } from '../../src/modules/accounts/tokens';
import { backends, openTestDatabase, testConfig } from '../support/test-app';

type LogLine = { msg: string; err?: SerializedError } & Record<string, unknown>;

describe.each(backends)('what the log says about a failed query on %s', (backend) => {
  let app: AppInstance;
  let database: DatabaseHandle;
  const lines: string[] = [];
  // One person's data, as a sign-up would write it: none of it may reach the log.
  const email = `secret.${randomUUID()}@example.com`;
  const phone = '2125550177';
  const homeAddress = '99 Hidden Lane, New York, NY';
  let passwordHash: string;
  const tokenHash = hashToken(newSessionToken());
  const person = () => ({ role: 'customer' as const, email, passwordHash, firstName: 'Secret', lastName: 'Person', phone, homeAddress });

  /** Throws the error the named failure gives; each one carries the person's data in its parameters. */
  const failures: Record<string, () => Promise<unknown>> = {
    // PostgreSQL refuses NUL in text (22021): the M5 finding's own reproduction.
    'nul-byte': () => database.db.insert(users).values({ ...person(), firstName: 'Ab\u0000cd' }),
    // A check violation's detail holds the whole row ("Failing row contains (...)").
    'check-violation': () => database.db.insert(users).values({ ...person(), role: 'superuser' as 'customer' }),
    // A unique violation's detail holds the value ("Key (email)=(...) already exists").
    'duplicate-email': () => database.db.insert(users).values(person()),
    'unknown-user-session': () => insertSession(database.db, randomUUID(), tokenHash, new Date()),
    // A caller that wraps the failure: pino's own serializer prints every cause's message too.
    wrapped: () =>
      database.db
        .insert(users)
        .values({ ...person(), firstName: 'Ab\u0000cd' })
        .catch((error: unknown) => {
          throw new Error('could not save the profile', { cause: error });
        }),
  };

  beforeAll(async () => {
    passwordHash = await hashPassword('correct horse battery', 10);
    database = await openTestDatabase(backend);
    const config = testConfig({ LOG_LEVEL: 'info', DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' });
    app = await buildApp({ config, database, logger: { stream: { write: (line: string) => void lines.push(line) } } });
    // A route of this test only, so a query fails on the real request path: error handler, logger, serializers.
    app.post<{ Params: { failure: string } }>('/api/test-only/fail/:failure', async (request) => {
      await failures[request.params.failure]!();
      return { saved: true };
    });
    await app.ready();
    await database.db.insert(users).values(person());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function logLineOf(failure: string): Promise<{ raw: string; line: LogLine }> {
    const before = lines.length;
    const response = await app.inject({ method: 'POST', url: `/api/test-only/fail/${failure}` });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    const logged = lines.slice(before).filter((raw) => (JSON.parse(raw) as LogLine).err);
    expect(logged).toHaveLength(1);
    return { raw: logged[0]!, line: JSON.parse(logged[0]!) as LogLine };
  }

  function expectNoSecret(raw: string): void {
    for (const secret of [passwordHash, email, phone, homeAddress, tokenHash]) expect(raw).not.toContain(secret);
    // Nor a piece of the hash long enough to matter (its salt or digest, after JSON escaping).
    for (const part of passwordHash.split('$').filter((piece) => piece.length >= 16)) expect(raw).not.toContain(part);
  }

  it.each([
    ['nul-byte', '22021'],
    ['check-violation', '23514'],
    ['duplicate-email', '23505'],
    ['unknown-user-session', '23503'],
  ])('logs the statement and the code of a %s failure, and none of its parameters', async (failure, code) => {
    const { raw, line } = await logLineOf(failure);
    expectNoSecret(raw);
    expect(line.err?.cause).toMatchObject({ code });
    expect(line.err?.statement).toMatch(/^insert into "(users|sessions)"/);
    expect(line.err?.statement).toContain('$1');
    expect(line).toMatchObject({ url: `/api/test-only/fail/${failure}`, method: 'POST' });
  });

  it('leaves the parameters out of every cause when a caller wraps the failed query', async () => {
    const { raw, line } = await logLineOf('wrapped');
    expectNoSecret(raw);
    expect(line.err).toMatchObject({
      message: 'could not save the profile',
      cause: { statement: expect.stringMatching(/^insert into "users"/), cause: { code: '22021' } },
    });
  });
});
