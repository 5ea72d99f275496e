import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  splitFare,
  type ChatResponse,
  type Conversation,
  type ConversationSummary,
  type Dispute,
  type Mediation,
  type Notification,
  type Ride,
  type SupportTicket,
  type VoiceResponse,
} from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubTap } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  goOnline,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

const MINUTE = 60_000;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A local stand-in for an OpenAI-compatible endpoint: answers what the test sets, records what it was asked. */
async function startStub() {
  const requests: { headers: http.IncomingHttpHeaders; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  let respond: (res: http.ServerResponse) => void = (res) => res.writeHead(500).end();
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/chat/completions' && req.method === 'POST') requests.push({ headers: req.headers, body: JSON.parse(data) });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (content: string) =>
      (respond = (res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }))),
    fail: (status = 500) => (respond = (res) => res.writeHead(status).end('upstream error')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('assistants on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let otherLicensee: Person & { territoryId: string };
  let driver: Person;

  const get = (url: string, who: Person) => api.get(t.app, url, who);
  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const chat = async (who: Person, message: string, extra: Record<string, unknown> = {}) =>
    expectOk<ChatResponse>(await post('/api/ai/chat', who, { message, ...extra }));

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    otherLicensee = await approvedLicensee(t.app, admin, ['10026', '10027'], 'Harlem');
    driver = await registeredDriver(t.app, admin, { overrides: { firstName: 'Grace', lastName: 'Hopper' } });
    await goOnline(t.app, driver, HERALD_SQUARE);
  });
  afterAll(() => t.close());

  /** A rider whose ride the driver has accepted. */
  async function acceptedRide(person?: Person): Promise<{ person: Person; ride: Ride }> {
    const owner = person ?? (await rider(t.app));
    const since = tap.mark();
    const booked = await expectOk<Ride>(await book(t.app, owner), 201);
    await tap.dispatched(booked.id, since);
    await expectOk(await post(`/api/rides/${booked.id}/accept`, driver));
    return { person: owner, ride: await expectOk<Ride>(await get(`/api/rides/${booked.id}`, owner)) };
  }

  /** A completed ride that took `minutes` from start to completion. */
  async function completedRide(minutes: (ride: Ride) => number): Promise<{ person: Person; ride: Ride }> {
    const { person, ride } = await acceptedRide();
    advance(4 * MINUTE);
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    advance(minutes(ride) * MINUTE);
    const completed = await expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver));
    advance(MINUTE);
    return { person, ride: completed };
  }

  describe('answers from the caller’s own data', () => {
    it("tells the rider where their driver is, by name and ETA, and explains the ride's real fare and split", async () => {
      const { person, ride } = await acceptedRide();
      expect(ride.driver?.name).toBe('Grace H.');
      expect(ride.etaMinutes).toEqual(expect.any(Number));

      const where = await chat(person, 'where is my driver', { language: 'en' });
      expect(where).toMatchObject({ intent: 'ride.where_is_driver', language: 'en', escalate: false });
      expect(where.confidence).toBeGreaterThanOrEqual(0.7);
      expect(where.message).toContain('Grace H.');
      expect(where.message).toContain(`${ride.etaMinutes} min`);
      expect(where.message).toContain(ride.driver!.vehiclePlate);

      const fare = await chat(person, 'why is my fare so high', { language: 'en', conversationId: where.conversationId });
      expect(fare.intent).toBe('fare.explain');
      expect(fare.conversationId).toBe(where.conversationId);
      expect(fare.message).toContain(dollars(ride.totalFare));
      expect(fare.message).toContain(dollars(ride.platformFee));
      expect(fare.message).toContain(dollars(splitFare(ride).driver));

      const cancel = await chat(person, 'cancel my ride', { language: 'en', conversationId: where.conversationId });
      expect(cancel).toMatchObject({ intent: 'ride.cancel', action: { type: 'cancel_ride', rideId: ride.id } });
      // It only proposes: the ride is untouched.
      expect((await expectOk<Ride>(await get(`/api/rides/${ride.id}`, person))).status).toBe('accepted');

      const conversation = await expectOk<Conversation>(await get(`/api/ai/conversations/${where.conversationId}`, person));
      expect(conversation.messages.map((m) => m.from)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
      expect(conversation.messages[1]).toMatchObject({ text: where.message, intent: 'ride.where_is_driver' });
      expect(await expectOk(await get('/api/ai/conversations', person))).toMatchObject([
        { id: where.conversationId, language: 'en', lastMessage: cancel.message, openTickets: 0 },
      ]);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));
    });

    it('answers the payment and escrow status from the receipt', async () => {
      const { person, ride } = await completedRide((r) => r.duration);
      const status = await chat(person, 'was i charged', { language: 'en' });
      expect(status.intent).toBe('payment.status');
      expect(status.message).toContain(dollars(ride.totalFare));
      expect(status.message).toMatch(/held in escrow until/);
      expect(status.action).toEqual({ type: 'view_receipt', rideId: ride.id });
    });

    it('proposes a dispute (or a lost-item report) on the latest completed ride, even with another ride under way', async () => {
      const { person, ride } = await completedRide((r) => r.duration);
      const next = await acceptedRide(person);
      const lost = await chat(person, 'i left my phone in the car', { language: 'en' });
      expect(lost).toMatchObject({ intent: 'lost_item', escalate: false, action: { type: 'open_dispute', rideId: ride.id } });
      expect(lost.message).toContain('Grace H.');
      const dispute = await chat(person, 'the driver took a longer route', { language: 'en' });
      expect(dispute).toMatchObject({ intent: 'dispute.open', action: { type: 'open_dispute', rideId: ride.id } });
      expect(dispute.message).toContain(dollars(ride.totalFare));
      await expectOk(await post(`/api/rides/${next.ride.id}/cancel`, person));
    });

    it('answers in Spanish and in Chinese, with the same real data', async () => {
      const { person, ride } = await acceptedRide();
      const es = await chat(person, '¿dónde está mi conductor?', { language: 'es' });
      expect(es).toMatchObject({ language: 'es', intent: 'ride.where_is_driver', escalate: false });
      expect(es.message).toContain('va en camino');
      expect(es.message).toContain('Grace H.');
      expect(es.message).toContain(`${ride.etaMinutes} min`);

      // Chinese typed with an English UI: the answer follows the message's language.
      const zh = await chat(person, '我的司机在哪里', { language: 'en' });
      expect(zh).toMatchObject({ language: 'zh', intent: 'ride.where_is_driver', escalate: false });
      expect(zh.message).toContain('Grace H.');
      expect(zh.message).toContain(`${ride.etaMinutes} 分钟`);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));
    });

    it("refuses a conversation or a ride that is not the caller's", async () => {
      const owner = await rider(t.app);
      const first = await chat(owner, 'hello', { language: 'en' });
      const stranger = await rider(t.app);
      expect((await post('/api/ai/chat', stranger, { message: 'hello', conversationId: first.conversationId })).statusCode).toBe(404);
      expect((await get(`/api/ai/conversations/${first.conversationId}`, stranger)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/ai/chat', payload: { message: 'hello' } })).statusCode).toBe(401);
      expect((await post('/api/ai/chat', owner, { message: '' })).statusCode).toBe(400);
    });

    it('answers drivers about going online and their earnings, and licensees about their territory', async () => {
      const online = await chat(driver, 'how do i go online', { language: 'en' });
      expect(online.intent).toBe('driver.go_online');
      expect(online.message).toContain('approved');
      const earnings = await chat(driver, 'how much did i earn today', { language: 'en' });
      expect(earnings.intent).toBe('driver.earnings');
      expect(earnings.message).toMatch(/Today you earned \$\d+\.\d\d/);
      const territory = await chat(licensee, 'which zip codes are in my territory', { language: 'en' });
      expect(territory.intent).toBe('licensee.territory');
      for (const zip of MIDTOWN_ZIPS) expect(territory.message).toContain(zip);
    });
  });

  describe('escalation to people', () => {
    it("opens a ticket for the territory's licensee when the rider asks for a person; the answer reaches the conversation and the WebSocket", async () => {
      const { person, ride } = await completedRide((r) => r.duration);
      const opened = tap.mark();
      const reply = await chat(person, 'i want to speak to a real person', { language: 'en' });
      expect(reply).toMatchObject({ escalate: true, action: { type: 'escalate_support', ticketId: expect.any(String) } });
      expect(reply.message).toMatch(/A person will answer you here/);
      const ticketId = reply.action!.ticketId!;
      // The territory's licensee is told at once, with the conversation; nobody else is.
      const pushed = tap.to(licensee.id, 'ticket_opened', opened);
      expect(pushed.map((m) => m.ticket)).toMatchObject([
        { id: ticketId, reason: 'asked_for_person', user: { id: person.id }, messages: [{ from: 'user' }, { from: 'assistant' }] },
      ]);
      expect(tap.to(otherLicensee.id, 'ticket_opened', opened)).toEqual([]);
      expect(tap.to(admin.id, 'ticket_opened', opened)).toEqual([]);

      const mine = await expectOk<SupportTicket[]>(await get('/api/support/tickets', licensee));
      const ticket = mine.find((x) => x.id === ticketId)!;
      expect(ticket).toMatchObject({
        status: 'open',
        reason: 'asked_for_person',
        territoryId: ride.territoryId,
        conversationId: reply.conversationId,
        user: { id: person.id },
      });
      expect(ticket.messages.map((m) => m.from)).toEqual(['user', 'assistant']);
      expect((await expectOk<SupportTicket[]>(await get('/api/support/tickets', otherLicensee))).map((x) => x.id)).not.toContain(ticketId);
      expect((await get('/api/support/tickets', person)).statusCode).toBe(403);
      expect((await get('/api/support/tickets', driver)).statusCode).toBe(403);
      expect((await expectOk<SupportTicket[]>(await get('/api/support/tickets', admin))).map((x) => x.id)).toContain(ticketId);

      // Another territory's licensee cannot answer it.
      expect((await post(`/api/support/tickets/${ticketId}/answer`, otherLicensee, { answer: 'Not mine' })).statusCode).toBe(404);
      const since = tap.mark();
      const answered = await expectOk<SupportTicket>(
        await post(`/api/support/tickets/${ticketId}/answer`, licensee, { answer: 'Hi, this is Midtown support: how can we help?' }),
      );
      expect(answered).toMatchObject({ status: 'answered', answer: 'Hi, this is Midtown support: how can we help?' });
      expect(tap.to(person.id, 'support_answer', since)).toEqual([
        { type: 'support_answer', ticketId, conversationId: reply.conversationId, answer: 'Hi, this is Midtown support: how can we help?' },
      ]);
      const conversation = await expectOk<Conversation>(await get(`/api/ai/conversations/${reply.conversationId}`, person));
      expect(conversation.messages.at(-1)).toMatchObject({ from: 'staff', text: 'Hi, this is Midtown support: how can we help?' });
      expect(conversation.tickets).toMatchObject([{ id: ticketId, status: 'answered' }]);
      // The answer stays where the person looks later: the newest conversation, and the bell.
      const [latest] = await expectOk<ConversationSummary[]>(await get('/api/ai/conversations', person));
      expect(latest).toMatchObject({ id: reply.conversationId, lastMessage: 'Hi, this is Midtown support: how can we help?' });
      const bell = await expectOk<Notification[]>(await get('/api/notifications', person));
      expect(bell.filter((n) => n.kind === 'support_answered')).toMatchObject([
        { data: { ticketId, conversationId: reply.conversationId, excerpt: 'Hi, this is Midtown support: how can we help?' }, readAt: null },
      ]);
    });

    it('escalates a low-confidence message, joining the open ticket of the conversation', async () => {
      const { person } = await completedRide((r) => r.duration);
      const first = await chat(person, 'what is the capital of france', { language: 'en' });
      expect(first.confidence).toBeLessThan(0.7);
      expect(first).toMatchObject({ escalate: true, action: { type: 'escalate_support' } });
      expect(first.message).toMatch(/not sure I understood/);
      const second = await chat(person, 'how many legs does a spider have', { language: 'en', conversationId: first.conversationId });
      expect(second.action?.ticketId).toBe(first.action?.ticketId);
      const ticket = (await expectOk<SupportTicket[]>(await get('/api/support/tickets', licensee))).find((x) => x.id === first.action!.ticketId)!;
      expect(ticket).toMatchObject({ reason: 'low_confidence', status: 'open' });
      expect(ticket.messages).toHaveLength(4);
    });

    it("sends a driver's request for a person to the licensee of the driver's territory", async () => {
      const reply = await chat(driver, 'talk to a human', { language: 'en' });
      expect(reply).toMatchObject({ intent: 'support.human', escalate: true });
      const ticket = (await expectOk<SupportTicket[]>(await get('/api/support/tickets', licensee))).find((x) => x.id === reply.action!.ticketId);
      expect(ticket).toMatchObject({ territoryId: licensee.territoryId, user: { id: driver.id, role: 'driver' }, reason: 'asked_for_person' });
    });

    it('sends a safety concern to people with the emergency action', async () => {
      const person = await rider(t.app);
      const reply = await chat(person, 'my driver is drunk', { language: 'en' });
      expect(reply).toMatchObject({ intent: 'safety.concern', escalate: true, action: { type: 'call_emergency', ticketId: expect.any(String) } });
      expect(reply.message).toContain('911');
      // A rider without rides has no territory: the ticket goes to the admins.
      const ticket = (await expectOk<SupportTicket[]>(await get('/api/support/tickets', admin))).find((x) => x.id === reply.action!.ticketId)!;
      expect(ticket.territoryId).toBeNull();
      expect(ticket.reason).toBe('safety');
      expect(tap.to(admin.id, 'ticket_opened').map((m) => m.ticket.id)).toContain(ticket.id);
      expect((await expectOk<SupportTicket[]>(await get('/api/support/tickets', licensee))).map((x) => x.id)).not.toContain(ticket.id);
    });
  });

  describe('voice assistant', () => {
    it('limits the turns a caller may take per minute on each endpoint, per user and per address when signed out', async () => {
      const limited = await createTestApp(backend, { AI_RATE_LIMIT_PER_MINUTE: '2' }, () => clock);
      try {
        const person = await rider(limited.app);
        const ask = (who?: Person) =>
          who
            ? api.post(limited.app, '/api/ai/voice-assistant', who, { message: 'how do I cancel', language: 'en' })
            : limited.app.inject({ method: 'POST', url: '/api/ai/voice-assistant', payload: { message: 'how do I cancel', language: 'en' } });
        expect((await ask(person)).statusCode).toBe(200);
        expect((await ask(person)).statusCode).toBe(200);
        const refused = await ask(person);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        // The chat has a budget of its own, as has a signed-out caller.
        const chatTurn = () => api.post(limited.app, '/api/ai/chat', person, { message: 'how do I cancel', language: 'en' });
        expect([(await chatTurn()).statusCode, (await chatTurn()).statusCode, (await chatTurn()).statusCode]).toEqual([200, 200, 429]);
        expect((await ask()).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('answers without a token, with no personal data', async () => {
      const general = await t.app.inject({
        method: 'POST',
        url: '/api/ai/voice-assistant',
        payload: { message: 'how is the price calculated', language: 'en', context: 'coride' },
      });
      const body = await expectOk<VoiceResponse>(general);
      expect(body).toMatchObject({ intent: 'fare.explain', language: 'en' });
      expect(body.response).toContain('$2.50');
      const personal = await expectOk<VoiceResponse>(
        await t.app.inject({ method: 'POST', url: '/api/ai/voice-assistant', payload: { message: 'where is my driver' } }),
      );
      expect(personal.response).toMatch(/sign in/i);
    });

    it('answers a signed-in rider with their ride, read aloud without the plate', async () => {
      const { person, ride } = await acceptedRide();
      const body = await expectOk<VoiceResponse>(await post('/api/ai/voice-assistant', person, { message: 'where is my driver', language: 'en' }));
      expect(body.response).toContain('Grace H.');
      expect(body.response).not.toContain(ride.driver!.vehiclePlate);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));
    });
  });

  describe('dispute mediation', () => {
    async function disputed(minutes: (ride: Ride) => number, reason: string) {
      const { person, ride } = await completedRide(minutes);
      const dispute = await expectOk<Dispute>(
        await post(`/api/rides/${ride.id}/disputes`, person, { reason, description: 'Something about this ride was not right.' }),
        201,
      );
      return { person, ride, dispute };
    }

    it('proposes refunding the time difference of a ride 50% longer than quoted, and records that the licensee followed it', async () => {
      const { person, ride, dispute } = await disputed((r) => r.duration * 1.5, 'wrong_route');
      const mediation = await expectOk<Mediation>(await get(`/api/disputes/${dispute.id}/mediation`, licensee));
      expect(mediation.rulesVersion).toBe('2026-11-1');
      expect(mediation.facts).toMatchObject({
        quotedDuration: ride.duration,
        actualDuration: ride.duration * 1.5,
        durationRatio: 1.5,
        disputable: ride.totalFare,
        released: false,
      });
      expect(mediation.facts.waitMinutes).toBe(4);
      expect(mediation.proposal).toMatchObject({ resolution: 'refund_partial', rule: 'M3-longer-than-quoted', refundAmount: Math.round(ride.timeFare * 0.5) });
      expect(mediation.proposal.reason).toContain('50% longer');

      expect((await get(`/api/disputes/${dispute.id}/mediation`, otherLicensee)).statusCode).toBe(404);
      expect((await get(`/api/disputes/${dispute.id}/mediation`, person)).statusCode).toBe(403);

      const resolved = await expectOk<Dispute>(
        await post(`/api/disputes/${dispute.id}/resolve`, licensee, {
          resolution: 'refund_partial',
          refundAmount: mediation.proposal.refundAmount,
          note: 'Longer route: refunded the extra time.',
        }),
      );
      expect(resolved.mediation).toMatchObject({
        rulesVersion: '2026-11-1',
        proposal: mediation.proposal,
        shownAt: expect.any(String),
        decision: {
          resolution: 'refund_partial',
          refundAmount: mediation.proposal.refundAmount,
          followedProposal: true,
          reason: 'Longer route: refunded the extra time.',
          decidedBy: licensee.id,
        },
      });
    });

    it('proposes release for a ride that matched its quote, and records a decision that changed it', async () => {
      const { dispute } = await disputed((r) => r.duration, 'overcharged');
      const mediation = await expectOk<Mediation>(await get(`/api/disputes/${dispute.id}/mediation`, admin));
      expect(mediation.proposal).toMatchObject({ resolution: 'release', refundAmount: 0, rule: 'M7-matches-quote' });
      const resolved = await expectOk<Dispute>(
        await post(`/api/disputes/${dispute.id}/resolve`, licensee, { resolution: 'refund_partial', refundAmount: 100, note: 'Goodwill dollar.' }),
      );
      expect(resolved.mediation?.decision).toMatchObject({
        followedProposal: false,
        resolution: 'refund_partial',
        refundAmount: 100,
        reason: 'Goodwill dollar.',
      });
    });

    it('proposes a full refund for a safety report, whatever the times', async () => {
      const { ride, dispute } = await disputed((r) => r.duration, 'safety');
      const mediation = await expectOk<Mediation>(await get(`/api/disputes/${dispute.id}/mediation`, licensee));
      expect(mediation.proposal).toMatchObject({ resolution: 'refund_full', refundAmount: ride.totalFare, rule: 'M1-safety' });
    });
  });
});

describe.each(backends)('the OpenAI-compatible engine on %s', (backend) => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof startStub>>;
  let person: Person;

  beforeAll(async () => {
    stub = await startStub();
    t = await createTestApp(backend, { AI_BASE_URL: stub.url, AI_API_KEY: 'sk-test', AI_MODEL: 'test-model', AI_TIMEOUT_MS: '2000' });
    person = await rider(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it("answers with the endpoint's JSON, sending the caller's facts and the policies", async () => {
    stub.answer(
      JSON.stringify({
        intent: 'fare.explain',
        confidence: 0.93,
        reply: 'Fares are upfront: base plus distance and time, plus 6% fees.',
        action: { type: 'book_ride' },
      }),
    );
    const before = stub.requests.length;
    const reply = await expectOk<ChatResponse>(await api.post(t.app, '/api/ai/chat', person, { message: 'how are fares computed?', language: 'en' }));
    expect(reply).toMatchObject({
      message: 'Fares are upfront: base plus distance and time, plus 6% fees.',
      intent: 'fare.explain',
      confidence: 0.93,
      escalate: false,
      action: { type: 'book_ride' },
    });
    const request = stub.requests[before]!;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    const system = request.body.messages[0]!.content;
    expect(system).toContain('"role":"rider"');
    expect(system).toContain('"firstName":"Ada"');
    expect(system).toContain('escrow');
    expect(request.body.messages[1]).toEqual({ role: 'user', content: 'how are fares computed?' });
  });

  it('escalates when the endpoint is not confident, appending the hand-over', async () => {
    stub.answer(JSON.stringify({ intent: 'None', confidence: 0.2, reply: 'I can only help with rides.', action: null }));
    const reply = await expectOk<ChatResponse>(await api.post(t.app, '/api/ai/chat', person, { message: 'tell me a joke', language: 'en' }));
    expect(reply).toMatchObject({ escalate: true, action: { type: 'escalate_support' } });
    expect(reply.message).toMatch(/^I can only help with rides\. .*A person will answer you here\.$/);
  });

  it('falls back to the offline engine when the endpoint fails or answers something that is not the JSON asked for', async () => {
    stub.fail(500);
    const failed = await expectOk<ChatResponse>(await api.post(t.app, '/api/ai/chat', person, { message: 'how is the price calculated', language: 'en' }));
    expect(failed).toMatchObject({ intent: 'fare.explain', escalate: false });
    expect(failed.message).toContain('$2.50');

    stub.answer('Sure! The fare is $5.');
    const notJson = await expectOk<ChatResponse>(await api.post(t.app, '/api/ai/chat', person, { message: 'how is the price calculated', language: 'en' }));
    expect(notJson.message).toContain('$2.50');

    stub.answer(JSON.stringify({ intent: 'fare.explain', confidence: 7, reply: '' }));
    const invalid = await expectOk<ChatResponse>(await api.post(t.app, '/api/ai/chat', person, { message: 'how is the price calculated', language: 'en' }));
    expect(invalid.message).toContain('$2.50');

    const voice = await expectOk<VoiceResponse>(
      await t.app.inject({ method: 'POST', url: '/api/ai/voice-assistant', payload: { message: 'how is the price calculated', language: 'en' } }),
    );
    expect(voice.response).toContain('$2.50');
  });
});
