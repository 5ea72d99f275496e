import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminHeaders,
  approvedDriver,
  expectNoSeriousA11yViolations,
  forThisTry,
  licenseeFor,
  PASSWORD,
  registrationPayloads,
  signInThroughForm,
  signInWithToken,
  uniqueEmail,
  ridePin,
} from './support';

/** A licensed territory around Barclays Center (Brooklyn) and its licensee, set up through the API. */
async function brooklynLicensee(request: APIRequestContext) {
  const licensee = await licenseeFor(request, await adminHeaders(request), {
    emailPrefix: 'brooklyn-licensee',
    firstName: 'Lena',
    lastName: 'Licensee',
    territoryName: 'Downtown Brooklyn',
    zipCodes: '11217, 11238, 11201',
  });
  return licensee.email;
}

/** The rider's last name differs from try to try, so a retry finds its own ticket, not the first try's. */
const riderLastName = () => forThisTry(['Rider', 'Quinn', 'Stone']);

/** A rider with a card and a ride requested in that territory: their support tickets go to its licensee. */
async function riderWithBrooklynRide(request: APIRequestContext) {
  const email = uniqueEmail('chatting-rider');
  const signup = await request.post('/api/register', { data: { ...registrationPayloads.customer(email), firstName: 'Rita', lastName: riderLastName() } });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/payment-methods', { headers, data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } })).status()).toBe(
    201,
  );
  const booked = await request.post('/api/rides', {
    headers,
    data: {
      pickupLocation: { address: 'Barclays Center, 620 Atlantic Ave, Brooklyn, NY 11217', lat: 40.6826, lng: -73.9754 },
      dropoffLocation: { address: 'Brooklyn Bridge, New York, NY 10038', lat: 40.7061, lng: -73.9969 },
    },
  });
  expect(booked.status()).toBe(201);
  return token;
}

async function sendChat(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
}

test('a rider chats; asking for a person reaches the territory licensee, whose answer appears in the open chat', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const licenseeEmail = await brooklynLicensee(request);
  const riderToken = await riderWithBrooklynRide(request);

  const riderContext = await browser.newContext();
  const rider = await riderContext.newPage();
  await signInWithToken(rider, riderToken);
  await rider.goto('/dashboard');
  const chatButton = rider.getByTestId('ai-chat-button');
  await chatButton.click();
  const panel = rider.getByTestId('ai-chat-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'AI Assistant' })).toBeVisible();
  await expect(rider.getByTestId('chat-message-assistant')).toHaveCount(1);
  await expect(rider.getByTestId('chat-input')).toBeFocused();
  await expectNoSeriousA11yViolations(rider);

  // Whitespace is not sent; a question gets an answer (not the technical-difficulties bubble).
  await sendChat(rider, '   ');
  await expect(rider.getByTestId('chat-message-user')).toHaveCount(0);
  const chatRequest = rider.waitForRequest((r) => r.url().endsWith('/api/ai/chat') && r.method() === 'POST');
  await sendChat(rider, 'How do I add a payment card?');
  expect((await chatRequest).postDataJSON()).toMatchObject({ message: 'How do I add a payment card?', language: 'en' });
  await expect(rider.getByTestId('chat-message-user')).toHaveCount(1);
  await expect(rider.getByTestId('chat-message-assistant')).toHaveCount(2);
  await expect(rider.getByTestId('chat-message-assistant').last()).not.toContainText('technical difficulties');
  await expect(rider.getByTestId('chat-typing')).toHaveCount(0);

  // Asking for a person escalates: the same conversation is reused and a ticket is opened.
  const secondRequest = rider.waitForRequest((r) => r.url().endsWith('/api/ai/chat') && r.method() === 'POST');
  await sendChat(rider, 'I want to talk to a person');
  const firstReplyId = ((await secondRequest).postDataJSON() as { conversationId?: string }).conversationId;
  expect(firstReplyId).toBeTruthy();
  await expect(rider.getByTestId('chat-message-assistant')).toHaveCount(3);
  await expect(rider.getByTestId('toast').filter({ hasText: /Escalating to Human Support|Complex Issue Detected/ })).toBeVisible();
  await expect(rider.getByTestId('chat-message-assistant').last().getByTestId('chat-action')).toHaveText('Talk to a person');

  // The licensee of the rider's territory sees the ticket with the conversation and answers it.
  const licenseeContext = await browser.newContext();
  const licensee = await licenseeContext.newPage();
  await signInThroughForm(licensee, licenseeEmail, PASSWORD);
  await expect(licensee).toHaveURL(/\/licensee-dashboard$/);
  await licensee.getByRole('tab', { name: 'Support' }).click();
  const ticket = licensee
    .getByTestId('support-ticket')
    .filter({ hasText: `Rita ${riderLastName()[0]}.` })
    .first();
  await expect(ticket).toBeVisible();
  await expect(ticket.getByTestId('support-ticket-status')).toHaveText('Open');
  await expect(ticket.getByTestId('support-ticket-reason')).toHaveText('Asked for a person');
  await expect(ticket.getByTestId('support-ticket-conversation')).toContainText('I want to talk to a person');
  await expectNoSeriousA11yViolations(licensee);
  // The form checks the answer before sending it.
  await ticket.getByTestId('support-answer-submit').click();
  await expect(ticket.getByText('Write an answer')).toBeVisible();
  const answer = 'Hi Rita, this is Lena from Downtown Brooklyn support. I can help you right here.';
  await ticket.getByTestId('support-answer-input').fill(answer);
  await ticket.getByTestId('support-answer-submit').click();
  await expect(licensee.getByTestId('toast').filter({ hasText: 'Answer sent' })).toBeVisible();
  await expect(licensee.getByTestId('support-ticket').filter({ hasText: answer }).first().getByTestId('support-ticket-status')).toHaveText('Answered');

  // The answer arrives live in the rider's open chat.
  await expect(rider.getByTestId('chat-message-staff')).toContainText(answer);
  await expect(rider.getByTestId('toast').filter({ hasText: 'Support answered' })).toBeVisible();

  // The answer stays (contract §10): after a reload the chat opens where it was, and the bell has it.
  await rider.reload();
  await expect(rider.getByTestId('notification-badge')).toBeVisible();
  await rider.getByTestId('notification-bell').click();
  await expect(rider.getByTestId('notification-list')).toContainText('Local support answered you');
  await expect(rider.getByTestId('notification-list')).toContainText(answer);
  await rider.keyboard.press('Escape');
  await chatButton.click();
  await expect(panel).toBeVisible();
  await expect(rider.getByTestId('chat-message-staff')).toContainText(answer);
  await expect(rider.getByTestId('chat-message-user')).toHaveCount(2);

  // Escape closes the panel and focus returns to its button; Clear starts over with the welcome only.
  await rider.getByTestId('chat-input').press('Escape');
  await expect(panel).toBeHidden();
  await expect(chatButton).toBeFocused();
  await chatButton.click();
  await expect(rider.getByTestId('chat-message-staff')).toContainText(answer);
  await rider.getByTestId('chat-clear').click();
  await expect(rider.getByTestId('chat-message-assistant')).toHaveCount(1);
  await expect(rider.getByTestId('chat-message-user')).toHaveCount(0);
  const afterClear = rider.waitForRequest((r) => r.url().endsWith('/api/ai/chat') && r.method() === 'POST');
  await sendChat(rider, 'Thanks!');
  expect(((await afterClear).postDataJSON() as { conversationId?: string }).conversationId).toBeUndefined();

  await riderContext.close();
  await licenseeContext.close();
});

test('the chat proposes cancelling the ride; the rider keeps it once, then confirms and the ride is cancelled', async ({ page, request }) => {
  test.setTimeout(120_000);
  await brooklynLicensee(request);
  // A driver takes the ride (through the API), so it stays active until the rider cancels it.
  const driver = await approvedDriver(request, await adminHeaders(request), { emailPrefix: 'chat-cancel-driver', driveArea: '11217' });
  const driverAuth = { authorization: `Bearer ${driver.token}` };
  const online = await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'online', location: { lat: 40.6826, lng: -73.9754 } } });
  expect(online.status()).toBe(200);
  const riderToken = await riderWithBrooklynRide(request);
  const auth = { authorization: `Bearer ${riderToken}` };
  const rides = async () => (await (await request.get('/api/rides', { headers: auth })).json()) as { id: string; status: string }[];
  const rideId = (await rides())[0]!.id;
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/drivers/offers', { headers: driverAuth })).json()) as { ride: { id: string } }[]).some((o) => o.ride.id === rideId),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  expect((await request.post(`/api/rides/${rideId}/accept`, { headers: driverAuth })).status()).toBe(200);
  const rideStatus = async () => (await rides())[0]!.status;
  await signInWithToken(page, riderToken);
  await page.goto('/dashboard');
  await page.getByTestId('ai-chat-button').click();
  await sendChat(page, 'I want to cancel my ride');
  const action = page.getByTestId('chat-action').last();
  await expect(action).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The assistant never acts alone: its button opens the confirm dialog, and "Keep the ride" keeps it.
  await action.click();
  const dialog = page.getByTestId('chat-cancel-ride-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Cancel this ride?');
  await expect(dialog.getByRole('button', { name: 'Keep the ride' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep the ride' }).click();
  await expect(dialog).toBeHidden();
  expect(await rideStatus()).toBe('accepted');

  // Confirmed, the usual cancellation runs: a toast says so and the ride is cancelled by the rider.
  await action.click();
  await dialog.getByTestId('chat-cancel-ride-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Ride cancelled');
  await expect(dialog).toBeHidden();
  expect(await rideStatus()).toBe('cancelled');
});

test('a failed chat request shows the technical-difficulties bubble and the error toast', async ({ page, request }) => {
  const email = uniqueEmail('offline-rider');
  const signup = await request.post('/api/register', { data: registrationPayloads.customer(email) });
  const { token } = (await signup.json()) as { token: string };
  await signInWithToken(page, token);
  await page.route('**/api/ai/chat', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Down', code: 'UNAVAILABLE' }) }),
  );
  await page.goto('/ride');
  await page.getByTestId('ai-chat-button').click();
  await sendChat(page, 'Where is my driver?');
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('technical difficulties');
  await expect(page.getByTestId('toast')).toContainText('AI Assistant Error');
  await expect(page.getByTestId('toast')).toContainText('Unable to connect to AI assistant. Please try again.');
});

/**
 * A SpeechRecognition and speechSynthesis the test drives: headless Chromium has no working speech.
 * The user "says" something when the test calls __speech.say(text), and speaking ends when it calls
 * __speech.finishSpeaking(), so no step depends on a timer racing the test on a busy machine.
 */
type SpeechStub = {
  recognitions: Record<string, unknown>[];
  utterances: Record<string, unknown>[];
  say?: (text: string) => void;
  finishSpeaking?: () => void;
};

function installSpeechStub(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __speech: SpeechStub };
    w.__speech = { recognitions: [], utterances: [] };
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      private ended = false;
      start() {
        w.__speech.recognitions.push({ lang: this.lang, continuous: this.continuous, interimResults: this.interimResults });
        w.__speech.say = (text: string) => {
          if (this.ended) return;
          this.onresult?.({ results: [[{ transcript: text }]] });
          this.finish();
        };
      }
      stop() {
        this.finish();
      }
      abort() {
        this.finish();
      }
      private finish() {
        if (this.ended) return;
        this.ended = true;
        setTimeout(() => this.onend?.(), 0);
      }
    }
    class FakeUtterance {
      lang = '';
      rate = 1;
      pitch = 1;
      volume = 1;
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      constructor(public text: string) {}
    }
    let speaking: FakeUtterance | null = null;
    const synthesis = {
      speak(utterance: FakeUtterance) {
        speaking = utterance;
        w.__speech.utterances.push({ text: utterance.text, lang: utterance.lang, rate: utterance.rate, pitch: utterance.pitch, volume: utterance.volume });
        w.__speech.finishSpeaking = () => {
          if (speaking !== utterance) return;
          speaking = null;
          utterance.onend?.();
        };
      },
      cancel() {
        const current = speaking;
        speaking = null;
        current?.onerror?.({ error: 'interrupted' });
      },
      getVoices: () => [],
    };
    w.SpeechRecognition = FakeRecognition;
    w.webkitSpeechRecognition = FakeRecognition;
    w.SpeechSynthesisUtterance = FakeUtterance;
    Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  });
}

test('the voice assistant on the landing page listens, thinks, answers aloud and shows both messages', async ({ page }) => {
  await installSpeechStub(page);
  // The reply is held until the test has seen "Processing...".
  let releaseReply: () => void = () => undefined;
  const replyReleased = new Promise<void>((resolve) => (releaseReply = resolve));
  await page.route('**/api/ai/voice-assistant', async (route) => {
    await replyReleased;
    await route.continue();
  });
  await page.goto('/');
  const button = page.getByTestId('voice-assistant-button');
  await button.click();
  const panel = page.getByTestId('voice-assistant-panel');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([384, 500]);
  await expect(page.getByTestId('voice-language')).toContainText('English');
  await expect(page.getByTestId('voice-clear')).toBeDisabled();
  await expect(page.getByTestId('voice-stop-speaking')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  const status = page.getByTestId('voice-status');
  const voiceRequest = page.waitForRequest((r) => r.url().endsWith('/api/ai/voice-assistant'));
  await page.getByTestId('voice-listen').click();
  await expect(status).toHaveAttribute('data-status', 'listening');
  await expect(status).toHaveText('Listening...');
  await page.evaluate(() => (window as unknown as { __speech: SpeechStub }).__speech.say!('How much does a ride cost?'));
  await expect(status).toHaveAttribute('data-status', 'processing');
  await expect(status).toContainText('Processing...');
  await expect(page.getByTestId('voice-listen')).toBeDisabled();
  expect((await voiceRequest).postDataJSON()).toEqual({ message: 'How much does a ride cost?', language: 'en', context: 'coride' });
  releaseReply();
  await expect(status).toHaveAttribute('data-status', 'speaking');
  await expect(page.getByTestId('voice-stop-speaking')).toBeEnabled();
  await expect(page.getByTestId('voice-message-user')).toHaveText(/How much does a ride cost\?/);
  await expect(page.getByTestId('voice-message-assistant')).toHaveCount(1);
  await page.evaluate(() => (window as unknown as { __speech: SpeechStub }).__speech.finishSpeaking!());
  await expect(status).toHaveAttribute('data-status', 'idle');

  const speech = await page.evaluate(() => (window as unknown as { __speech: { recognitions: unknown[]; utterances: { text: string }[] } }).__speech);
  expect(speech.recognitions).toEqual([{ lang: 'en-US', continuous: false, interimResults: false }]);
  expect(speech.utterances).toHaveLength(1);
  expect(speech.utterances[0]).toMatchObject({ lang: 'en-US', rate: 0.9, pitch: 1, volume: 0.8 });
  await expect(page.getByTestId('voice-message-assistant')).toContainText(speech.utterances[0]!.text);
  // Not hovering a button (the shared hover shade is for pointer feedback, not what axe should judge).
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);

  // Clear empties the conversation; Escape closes the panel and focus returns to the button.
  await page.getByTestId('voice-clear').click();
  await expect(page.getByTestId('voice-message-user')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});

test('without speech recognition the voice panel says so', async ({ page }) => {
  // A browser without the Web Speech API (headless Chromium may or may not expose the prefixed one).
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
  await page.goto('/');
  await page.getByTestId('voice-assistant-button').click();
  await page.getByTestId('voice-listen').click();
  await expect(page.getByTestId('voice-error')).toHaveText('Speech recognition not supported in this browser');
  await expect(page.getByTestId('voice-status')).toHaveAttribute('data-status', 'idle');
});

test("the licensee's dispute dialog shows the assistant's mediation, and 'Use this proposal' fills the form", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  const { email: licenseeEmail } = await licenseeFor(request, admin, { emailPrefix: 'bronx-licensee', territoryName: 'South Bronx', zipCodes: '10451, 10452' });

  // A driver of that territory, online at Yankee Stadium.
  const driver = { authorization: `Bearer ${(await approvedDriver(request, admin, { emailPrefix: 'bronx-driver', driveArea: '10451' })).token}` };
  const yankeeStadium = { address: 'Yankee Stadium, 1 E 161st St, Bronx, NY 10451', lat: 40.8296, lng: -73.9262 };
  expect(
    (
      await request.patch('/api/drivers/status', { headers: driver, data: { status: 'online', location: { lat: yankeeStadium.lat, lng: yankeeStadium.lng } } })
    ).status(),
  ).toBe(200);

  // A rider takes a completed ride there and disputes it.
  const riderSignup = await request.post('/api/register', { data: { ...registrationPayloads.customer(uniqueEmail('disputing-rider')), firstName: 'Dora' } });
  const rider = { authorization: `Bearer ${((await riderSignup.json()) as { token: string }).token}` };
  expect(
    (await request.post('/api/payment-methods', { headers: rider, data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } })).status(),
  ).toBe(201);
  const booked = await request.post('/api/rides', {
    headers: rider,
    data: { pickupLocation: yankeeStadium, dropoffLocation: { address: 'Harlem, 125th St, New York, NY 10027', lat: 40.8089, lng: -73.9482 } },
  });
  expect(booked.status()).toBe(201);
  const rideId = ((await booked.json()) as { id: string }).id;
  await expect
    .poll(async () =>
      ((await (await request.get('/api/drivers/offers', { headers: driver })).json()) as { ride: { id: string } }[]).some((offer) => offer.ride.id === rideId),
    )
    .toBe(true);
  for (const step of ['accept', 'start', 'complete']) {
    const data = step === 'start' ? await ridePin(request, rider, rideId) : undefined;
    expect((await request.post(`/api/rides/${rideId}/${step}`, { headers: driver, data })).status()).toBe(200);
  }
  const disputed = await request.post(`/api/rides/${rideId}/disputes`, {
    headers: rider,
    data: { reason: 'wrong_route', description: 'The driver took a much longer route than the one quoted.' },
  });
  expect(disputed.status()).toBe(201);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, licenseeEmail, PASSWORD);
  await expect(page).toHaveURL(/\/licensee-dashboard$/);
  await page.getByRole('tab', { name: /Disputes/ }).click();
  await page.getByTestId('resolve-dispute').first().click();
  const dialog = page.getByTestId('resolve-dispute-dialog');
  const mediation = dialog.getByTestId('mediation');
  await expect(mediation).toBeVisible();
  await expect(mediation.getByTestId('mediation-facts')).toContainText('Quoted trip');
  await expect(mediation.getByTestId('mediation-rule')).toContainText(/Rule M\d/);
  await expectNoSeriousA11yViolations(page);

  const proposed = (await mediation.getByTestId('mediation-resolution').textContent()) ?? '';
  await mediation.getByTestId('use-mediation-proposal').click();
  const resolution = proposed.startsWith('Full refund') ? 'refund_full' : proposed.startsWith('Partial refund') ? 'refund_partial' : 'release';
  await expect(dialog.getByTestId(`resolution-${resolution}`)).toBeChecked();
  await expect(dialog.getByTestId('resolution-note')).not.toHaveValue('');
  if (resolution === 'refund_partial') await expect(dialog.getByTestId('refund-amount')).toHaveValue(/^\d+\.\d{2}$/);
  // The licensee may change it: their own note goes with the decision.
  await dialog.getByTestId('resolution-note').fill('Checked the route with the driver; following the proposal.');
  await dialog.getByTestId('confirm-resolve-dispute').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Dispute resolved' })).toBeVisible();
  await context.close();
});
