import { assistantActionTypes, ESCROW_DAYS, DISPUTE_WINDOW_DAYS, PRICING, type AssistantAction } from '@coride/domain';
import { z } from 'zod';
import { INTENTS, NONE_INTENT } from './engine';
import type { Facts } from './facts';
import { formatMoney } from '../../lib/intl';

/**
 * The optional replacement engine (contract §6): an OpenAI-compatible chat-completions endpoint
 * (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`). It gets the caller's facts and the product's policies in
 * the system prompt and must answer JSON {intent, confidence, reply, action}. Any failure — network,
 * status, timeout, JSON that does not fit — throws, and the service falls back to the offline engine.
 */
export type LlmAnswer = { intent: string; confidence: number; reply: string; action: AssistantAction | null };

export interface LlmResponder {
  answer(input: { message: string; language: string; facts: Facts; channel: 'chat' | 'voice' }): Promise<LlmAnswer>;
}

export type OpenAiSettings = { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };

const answerSchema = z.object({
  intent: z.string(),
  confidence: z.number().min(0).max(1),
  reply: z.string().trim().min(1).max(2000),
  action: z
    .object({ type: z.enum(assistantActionTypes), rideId: z.string().optional() })
    .nullable()
    .optional(),
});

const completionSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });

/** The product's rules, as the model must state them. */
export const POLICIES = [
  `Prices are upfront and fixed at booking, never surge: base ${formatMoney(PRICING.baseFare, 'en')} + ${formatMoney(PRICING.perMile, 'en')} per mile + ${formatMoney(PRICING.perMinute, 'en')} per minute, plus a 3% platform fee and a 3% admin fee.`,
  'The card is authorised (held) at booking and charged at completion; a cancelled ride releases the hold. Riders can cancel free while the ride is requested or accepted, not once it has started.',
  `After completion the fare stays in escrow for ${ESCROW_DAYS} days, then is released to the driver, the local licensee and the platform.`,
  `A rider may open a dispute within ${DISPUTE_WINDOW_DAYS} days of completion; the territory's licensee reviews it and the escrow is held meanwhile. Lost items are reported the same way.`,
  'Tips go 100% to the driver. Drivers go online once approved, with location sharing on.',
  'Safety: anyone in danger must call 911 first.',
  'You never act for the user: you only propose one action the user may take, or say a person will answer.',
].join('\n');

/** Facts as the model reads them: money in dollars, only what the answers need. */
export function factsForPrompt(facts: Facts): Record<string, unknown> {
  const money = (cents: number) => formatMoney(cents, 'en');
  if (facts.kind === 'anonymous') return { signedIn: false };
  if (facts.kind === 'customer') {
    const { ride, receipt } = facts;
    return {
      role: 'rider',
      firstName: facts.name,
      ride: ride && {
        id: ride.id,
        status: ride.status,
        pickup: ride.pickupLocation.address,
        dropoff: ride.dropoffLocation.address,
        distanceMiles: ride.distance,
        durationMinutes: ride.duration,
        fare: {
          total: money(ride.totalFare),
          base: money(ride.baseFare),
          distance: money(ride.distanceFare),
          time: money(ride.timeFare),
          platformFee: money(ride.platformFee),
          adminFee: money(ride.adminFee),
        },
        driver: ride.driver && { name: ride.driver.name, vehicle: `${ride.driver.vehicleColor} ${ride.driver.vehicleModel}`, plate: ride.driver.vehiclePlate },
        etaMinutes: ride.etaMinutes,
      },
      payment: receipt && {
        escrow: receipt.escrow,
        paid: money(receipt.paid),
        refunded: money(receipt.refunded),
        releaseAfter: receipt.releaseAfter,
        disputeUntil: receipt.disputeUntil,
        disputeStatus: receipt.dispute?.status ?? null,
      },
      cards: facts.cards.map((c) => `${c.brand} ${c.lastFour}${c.isDefault ? ' (default)' : ''}`),
    };
  }
  if (facts.kind === 'driver') {
    const e = facts.earnings;
    return {
      role: 'driver',
      firstName: facts.name,
      approved: facts.isApproved,
      applicationStatus: facts.applicationStatus,
      online: facts.status === 'online',
      territory: facts.territoryName,
      earnings: {
        today: money(e.today),
        week: money(e.week),
        pending: money(e.pending),
        released: money(e.released),
        tips: money(e.tips),
        nextReleaseAt: e.nextReleaseAt,
      },
      tierGoals: 'not available yet (coming soon)',
    };
  }
  if (facts.kind === 'licensee')
    return {
      role: 'licensee',
      firstName: facts.name,
      territories: facts.territories.map((t) => ({ name: t.name, zipCodes: t.zipCodes })),
      pendingDriverApplications: facts.pendingDriverApplications,
    };
  return { role: 'admin', firstName: facts.name };
}

export function systemPrompt(language: string, facts: Facts, channel: 'chat' | 'voice'): string {
  return [
    'You are the support assistant of CoRide, a ride-hailing marketplace. Answer only from the facts and policies below; never invent data.',
    `Reply in the language with ISO code "${language}".${channel === 'voice' ? ' The reply is spoken aloud: one or two short sentences.' : ' Keep the reply under 80 words.'}`,
    `Policies:\n${POLICIES}`,
    `Facts about the user (JSON):\n${JSON.stringify(factsForPrompt(facts))}`,
    `Answer with one JSON object only: {"intent": one of ${JSON.stringify([...INTENTS, NONE_INTENT])}, "confidence": 0..1 (how sure you are that you understood and can answer), "reply": string, "action": null or {"type": one of ${JSON.stringify(assistantActionTypes)}, "rideId"?: string}}.`,
    'Use intent "support.human" when the user asks for a person, and "None" with low confidence when the question is outside the service.',
  ].join('\n\n');
}

export class OpenAiCompatibleResponder implements LlmResponder {
  constructor(
    private readonly settings: OpenAiSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async answer({ message, language, facts, channel }: { message: string; language: string; facts: Facts; channel: 'chat' | 'voice' }): Promise<LlmAnswer> {
    const response = await this.fetchImpl(`${this.settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: this.settings.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: systemPrompt(language, facts, channel) },
          { role: 'user', content: message },
        ],
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
    const completion = completionSchema.parse(await response.json());
    const content = completion.choices[0]!.message.content.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
    const parsed = answerSchema.parse(JSON.parse(content));
    const intent = (INTENTS as readonly string[]).includes(parsed.intent) || parsed.intent === NONE_INTENT ? parsed.intent : NONE_INTENT;
    // The model may only point at the ride the facts are about.
    const rideId = facts.kind === 'customer' || facts.kind === 'driver' ? facts.ride?.id : undefined;
    const action = parsed.action ? { type: parsed.action.type, ...(parsed.action.rideId && parsed.action.rideId === rideId ? { rideId } : {}) } : null;
    if (action && ['cancel_ride', 'open_dispute'].includes(action.type) && !action.rideId)
      throw new Error('AI proposed a ride action without a ride of the user');
    return { intent, confidence: intent === NONE_INTENT ? Math.min(parsed.confidence, 0.5) : parsed.confidence, reply: parsed.reply, action };
  }
}
