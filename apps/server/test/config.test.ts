import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration defaults that the contract fixes', () => {
  it('releases escrow at least every 10 seconds unless told otherwise (contract §1)', () => {
    expect(loadConfig({}).settlementSweepMs).toBeLessThanOrEqual(10_000);
    expect(loadConfig({}).settlementSweepMs).toBeGreaterThan(0);
    expect(loadConfig({ SETTLEMENT_SWEEP_MS: '2500' }).settlementSweepMs).toBe(2500);
  });

  it('holds fares without delay by default; a delay is only a rehearsal setting', () => {
    expect(loadConfig({}).embeddedAuthDelayMs).toBe(0);
    expect(loadConfig({ EMBEDDED_AUTH_DELAY_MS: '3000' }).embeddedAuthDelayMs).toBe(3000);
    expect(() => loadConfig({ EMBEDDED_AUTH_DELAY_MS: '-1' })).toThrow(/EMBEDDED_AUTH_DELAY_MS/);
  });
});

describe('configuration that keeps test-only and unbounded settings out of production', () => {
  it('refuses the test clock in production, with a message that names both settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK.*NODE_ENV=production/);
  });

  it('refuses the test clock when NODE_ENV is unset, since production is the default', () => {
    expect(() => loadConfig({ TEST_CLOCK: '1' })).toThrow(ConfigError);
  });

  it.each(['test', 'development'])('accepts the test clock when NODE_ENV=%s', (env) => {
    expect(loadConfig({ NODE_ENV: env, TEST_CLOCK: 'true' }).testClock).toBe(true);
  });

  it('starts in production without the test clock', () => {
    expect(loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'false' }).testClock).toBe(false);
  });

  it('bounds PostgreSQL statements at 15 s and connecting at 5 s unless told otherwise', () => {
    expect(loadConfig({}).postgresTimeouts).toEqual({ statementMs: 15_000, connectMs: 5000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2000', DB_CONNECT_TIMEOUT_MS: '1500' }).postgresTimeouts).toEqual({ statementMs: 2000, connectMs: 1500 });
  });

  it('refuses a timeout that is not a positive number of milliseconds', () => {
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });
});

describe('mail and link configuration (contract §8)', () => {
  it('builds links from PUBLIC_URL, by default http://localhost on the server’s port, without a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://rides.example.com/' }).publicUrl).toBe('https://rides.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://rides.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('sends through SMTP_URL when it is an smtp:// or smtps:// address, and logs mails without it', () => {
    expect(loadConfig({}).mail).toMatchObject({ smtpUrl: undefined, from: 'CoRide <no-reply@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).mail.smtpUrl).toBe('smtps://user:pass@mail.example.com:465');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Rides <rides@example.com>' }).mail.from).toBe('Rides <rides@example.com>');
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('refuses a bad SMTP_URL without echoing it (it holds a password)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).not.toThrow(/hunter2/);
  });

  it('reads PHONE_MASKING_URL as the proxy service and its Basic-auth credentials, and refuses another scheme without echoing it (ADR 035)', () => {
    expect(loadConfig({}).phoneMasking).toBeUndefined();
    expect(loadConfig({ PHONE_MASKING_URL: 'https://AC12:to%2Fken@proxy.twilio.com/v1/Services/KS34/' }).phoneMasking).toEqual({
      serviceUrl: 'https://proxy.twilio.com/v1/Services/KS34',
      username: 'AC12',
      password: 'to/ken',
    });
    expect(() => loadConfig({ PHONE_MASKING_URL: 'ftp://AC12:hunter2@proxy.example.com' })).toThrow(/PHONE_MASKING_URL/);
    expect(() => loadConfig({ PHONE_MASKING_URL: 'ftp://AC12:hunter2@proxy.example.com' })).not.toThrow(/hunter2/);
  });

  it('delivers due mails every 2 s with up to 20 attempts by default; tests drive delivery themselves', () => {
    expect(loadConfig({}).mail).toMatchObject({ deliveryMs: 2000, maxAttempts: 20 });
    expect(loadConfig({ NODE_ENV: 'test' }).mail.deliveryMs).toBe(0);
    expect(loadConfig({ MAIL_DELIVERY_MS: '500', MAIL_MAX_ATTEMPTS: '5' }).mail).toMatchObject({ deliveryMs: 500, maxAttempts: 5 });
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
