import type { PhoneMaskingConfig } from '../../config';

/** Which side of the ride a participant is: also their name at the proxy (no personal data there). */
export type CallSide = 'rider' | 'driver';

/** The two people of a ride, with the numbers only the masking service ever receives. */
export type CallParties = { rideId: string; phones: Record<CallSide, string> };

/**
 * A number-masking service: gives each side of a ride a proxy number that rings the other side, so
 * neither ever learns the other's number (contract §9, ADR 035).
 */
export interface PhoneMasking {
  /** The number `caller` dials to reach the other side of the ride. */
  maskedNumberFor(parties: CallParties, caller: CallSide): Promise<string>;
}

export class PhoneMaskingError extends Error {}

/** How long a ride's proxy session stays open after its last call or message (Twilio's `Ttl`). */
const SESSION_TTL_SECONDS = 4 * 3600;
const REQUEST_TIMEOUT_MS = 5000;

/**
 * A phone number as the proxy wants it (E.164). Sign-up takes any 10 to 30 characters: a 10-digit
 * number is taken as North American (the product's market), 11 digits starting with 1 likewise;
 * anything else keeps its digits after a '+'. Null when there are too few digits to dial.
 */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits.length >= 8 ? `+${digits}` : null;
}

type Participant = { friendly_name?: string | null; proxy_identifier?: string | null };

/**
 * Twilio's Proxy API (and anything that speaks it): one session per ride, named `ride-<id>`, with the
 * rider and the driver as participants named by their side; each participant's `proxy_identifier` is
 * the number they dial to reach the other. Found again by its unique name, so any process (and a
 * retry) reuses the ride's session instead of opening a second one.
 */
export class TwilioProxyMasking implements PhoneMasking {
  private readonly authorization: string;

  constructor(
    private readonly config: PhoneMaskingConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;
  }

  async maskedNumberFor(parties: CallParties, caller: CallSide): Promise<string> {
    const sessionSid = await this.sessionOf(parties.rideId);
    const participantsUrl = `/Sessions/${encodeURIComponent(sessionSid)}/Participants`;
    const { participants = [] } = await this.request<{ participants?: Participant[] }>('GET', participantsUrl);
    const numbers = new Map<string, string>();
    for (const p of participants) if (p.friendly_name && p.proxy_identifier) numbers.set(p.friendly_name, p.proxy_identifier);
    // Both sides must be in the session for the call to go through; the caller's own entry is the number to dial.
    for (const side of ['rider', 'driver'] as const) {
      if (numbers.has(side)) continue;
      const added = await this.request<Participant>('POST', participantsUrl, { Identifier: parties.phones[side], FriendlyName: side });
      if (!added.proxy_identifier) throw new PhoneMaskingError('the proxy gave the participant no number');
      numbers.set(side, added.proxy_identifier);
    }
    return numbers.get(caller)!;
  }

  /** The ride's session: fetched by its unique name, created when there is none (fetched again after a lost race). */
  private async sessionOf(rideId: string): Promise<string> {
    const name = `ride-${rideId}`;
    const existing = await this.find<{ sid?: string }>(`/Sessions/${name}`);
    if (existing?.sid) return existing.sid;
    try {
      const created = await this.request<{ sid?: string }>('POST', '/Sessions', { UniqueName: name, Mode: 'voice-only', Ttl: String(SESSION_TTL_SECONDS) });
      if (created.sid) return created.sid;
      throw new PhoneMaskingError('the proxy created a session without an id');
    } catch (error) {
      // Another request may have created it in between: then it exists now.
      const again = await this.find<{ sid?: string }>(`/Sessions/${name}`);
      if (again?.sid) return again.sid;
      throw error;
    }
  }

  /** A GET that answers null for 404. */
  private async find<T>(path: string): Promise<T | null> {
    const response = await this.send('GET', path);
    return response.status === 404 ? null : this.read<T>(response, 'GET', path);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<T> {
    return this.read<T>(await this.send(method, path, form), method, path);
  }

  private async send(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.config.serviceUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PhoneMaskingError(`the proxy did not answer ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async read<T>(response: Response, method: string, path: string): Promise<T> {
    // The method and path only, never a body: requests carry phone numbers.
    if (!response.ok) throw new PhoneMaskingError(`the proxy answered ${response.status} to ${method} ${path}`);
    return (await response.json()) as T;
  }
}
