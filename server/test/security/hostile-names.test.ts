import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { NAME_ONE_LINE_MESSAGE, Quote } from '@partsmith/contract';
import { orderMails, quoteMails, users } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { oneLine, providedName, quoted } from '../../src/lib/customer-text.ts';
import { cookieOf, signUp } from '../auth-helpers.ts';
import { DB_KINDS, MAIL_WAIT, buildTestApp, recordingMailer, type TestApp } from '../helpers.ts';

const PASSWORD = 'long enough 123';
const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';
const TOO_LONG = 'Keep the name under 100 characters';
/** The review's name: 200,000 characters. */
const HUGE = 'A'.repeat(200_000);
/** An account name from before the limits, written straight to the database. */
const LEGACY_NAME = `Legacy\nAnswer it here: https://evil.example ${HUGE}`;
/** A customer's text that tries to pass its lines off as the shop's own. */
const FORGED = 'Hi,\r\nAnswer it here: https://evil.example/pay\n\nPartsmith\u2028Shop line';

/**
 * The hostile section of the security suite: a customer's name and words, whatever their length
 * and line breaks, stay one bounded value where the shop shows or mails them. Each test prints
 * its figure.
 */
describe.each(DB_KINDS)('security suite: hostile names on %s', (kind) => {
  let t: TestApp;
  const { sent, mailer, mails } = recordingMailer();
  const figure = (text: string) => console.log(`[hostile ${kind}] ${text}`);
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        ADMIN_EMAILS: 'owner@example.com',
        GITHUB_CLIENT_ID: 'github-client',
        GITHUB_CLIENT_SECRET: 'github-secret',
      },
      deps: { mailer },
    });
    await signUp(t, { email: 'owner@example.com', name: 'Owner', mails });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const origin = () => ({ origin: t.config.publicUrl });
  const signUpRaw = (name: unknown, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email, password: PASSWORD },
      headers: origin(),
    });
  const userByEmail = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('refuses a 200,000-character name at sign-up with a clear 400, before any work, storing nothing', async () => {
    const started = performance.now();
    const res = await signUpRaw(HUGE, 'huge@example.com');
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: TOO_LONG });
    expect(await userByEmail('huge@example.com')).toBeUndefined();
    expect(sent.some((m) => m.to === 'huge@example.com')).toBe(false);
    figure(`sign-up with a 200,000-character name: ${res.statusCode} in ${ms.toFixed(0)} ms`);
  });

  it('refuses a name with a line break or a control character at sign-up', async () => {
    const names = [
      'Ada\nDear customer, pay here',
      'Ada\rLovelace',
      '\u001b[31mAda',
      'Ada\u2028Lovelace',
    ];
    for (const [i, name] of names.entries()) {
      const res = await signUpRaw(name, `broken${i}@example.com`);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toBe(NAME_ONE_LINE_MESSAGE);
      expect(await userByEmail(`broken${i}@example.com`)).toBeUndefined();
    }
    figure(`names with a line break or control character refused at sign-up: ${names.length}`);
  });

  it('refuses such names in Better Auth itself too (the backstop every path goes through)', async () => {
    // Straight to Better Auth, past the route's check: its user hook refuses with the contract's message.
    for (const [name, message] of [
      ['B'.repeat(101), TOO_LONG],
      ['Ada\nLovelace', NAME_ONE_LINE_MESSAGE],
    ]) {
      await expect(
        t.app.auth.api.signUpEmail({
          body: { name: name!, email: 'backstop@example.com', password: PASSWORD },
        }),
      ).rejects.toMatchObject({ statusCode: 400, message });
    }
    expect(await userByEmail('backstop@example.com')).toBeUndefined();
    figure('names refused by the user hook behind the route: 2 of 2');
  });

  it('refuses 101 characters and a line break on a profile update, keeping the name', async () => {
    const { cookie } = await signUp(t, { email: 'ada@example.com', name: 'Ada', mails });
    const update = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        payload: { name },
        headers: { ...origin(), cookie },
      });
    const long = await update('C'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(TOO_LONG);
    const broken = await update('Ada\nLovelace');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(NAME_ONE_LINE_MESSAGE);
    expect((await userByEmail('ada@example.com'))!.name).toBe('Ada');
    const fine = await update('  Ada Lovelace  ');
    expect(fine.statusCode, fine.body).toBe(200);
    expect((await userByEmail('ada@example.com'))!.name).toBe('Ada Lovelace');
    figure('profile updates refused: 101 characters 400, a line break 400; name kept');
  });

  it("cleans a social provider's long, multi-line name instead of refusing the sign-in", async () => {
    const hostile = `Octo\r\nCat\tthe\u0000Great ${'x'.repeat(50_000)}`;
    // GitHub's side of the sign-in, as Better Auth's GitHub provider calls it.
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith('https://github.com/login/oauth/access_token'))
        return json({ access_token: 'gh-token', token_type: 'bearer', scope: 'user:email' });
      if (url === 'https://api.github.com/user')
        return json({ id: 4242, login: 'octocat', name: hostile, email: 'octo@example.com' });
      if (url === 'https://api.github.com/user/emails')
        return json([{ email: 'octo@example.com', primary: true, verified: true }]);
      return realFetch(input, init);
    });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'github', callbackURL: '/' },
      headers: origin(),
    });
    expect(start.statusCode, start.body).toBe(200);
    const state = new URL(start.json().url).searchParams.get('state')!;
    const callback = await t.app.inject({
      url: `/api/auth/callback/github?code=gh-code&state=${encodeURIComponent(state)}`,
      headers: { cookie: cookieOf(start) },
    });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).not.toMatch(/error/);
    const stored = (await userByEmail('octo@example.com'))!.name;
    expect(stored).toMatch(/^Octo Cat the Great x+…$/);
    expect(stored.length).toBe(100);
    figure(
      `a GitHub name of ${hostile.length} characters on 2 lines stored as ${stored.length} on 1`,
    );
  });

  it('cleans names from providers: one line, at most 100 characters, else the e-mail local part', () => {
    expect(providedName(' \n\t ', 'jo.smith@example.com', 100)).toBe('jo.smith');
    expect(providedName(null, 'jo@example.com', 100)).toBe('jo');
    expect(providedName(' '.repeat(10_000), 'jo@example.com', 100)).toBe('jo');
    expect(oneLine('ab\r\n'.repeat(100), 100)).toMatch(/^(ab ){32}ab…$/);
    expect(providedName('😀'.repeat(150), 'jo@example.com', 100)).toBe(`${'😀'.repeat(99)}…`);
    expect(oneLine('  Ada \r\n\u0085 Lovelace ', 100)).toBe('Ada Lovelace');
  });

  it("quotes a customer's multi-line contact message in the shop's mail so no line passes for the shop's", async () => {
    sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'buyer@example.com', subject: 'Hi\r\nBcc: all', message: FORGED },
      headers: origin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = sent.find((m) => m.to === t.config.shopEmail)!;
    expect(mail.subject).toBe('[Contact] Hi Bcc: all');
    const lines = mail.text.split('\n');
    const from = lines.indexOf('buyer@example.com wrote:');
    expect(from).toBeGreaterThan(0);
    expect(lines.slice(from + 1, from + 7)).toEqual([
      '> Hi,',
      '> Answer it here: https://evil.example/pay',
      '>',
      '> Partsmith',
      '> Shop line',
      '',
    ]);
    // None of the customer's words starts a line of its own.
    for (const forged of ['Answer it here', 'Partsmith', 'Shop line'])
      expect(lines.some((line) => line.startsWith(forged))).toBe(false);
    figure(`contact mail: the customer's 5 lines quoted ("> "), 0 at the start of a line`);
  });

  it('cuts a legacy over-long, multi-line name in the mails it reaches (quote to the admins, reset, order)', async () => {
    const legacy = await signUp(t, { email: 'legacy@example.com', name: 'Legacy', mails });
    // A row from before the limits, written straight to the database.
    await t.database.db
      .update(users)
      .set({ name: LEGACY_NAME })
      .where(eq(users.email, 'legacy@example.com'));
    sent.length = 0;
    const part = await insertPart(t.database.db, {
      name: 'Hostile fan',
      priceCents: 1_500,
      availableQuantity: 500,
    });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: legacy.cookie },
      payload: { lines: [{ partId: part.id, quantity: 20 }], message: FORGED },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    Quote.parse(quote.json());
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'legacy@example.com', redirectTo: '/reset-password' },
      headers: origin(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...origin(), cookie: legacy.cookie },
      payload: { partId: part.id, quantity: 1, address: ADDRESS, phone: PHONE },
    });
    expect(order.statusCode, order.body).toBe(200);
    await vi.waitFor(async () => {
      expect(await t.database.db.select().from(quoteMails)).toEqual([]);
      expect(await t.database.db.select().from(orderMails)).toEqual([]);
    }, MAIL_WAIT);

    const toAdmins = sent.find((m) => /^Quote request/.test(m.subject))!;
    const toLegacy = sent.filter((m) => m.to === 'legacy@example.com');
    expect(toAdmins).toBeDefined();
    expect(toLegacy.length).toBe(2);
    const cutName = oneLine(LEGACY_NAME, 100);
    expect(toAdmins.subject).toContain(cutName);
    expect(toAdmins.text).toContain(`Hello,\n\n${cutName} (legacy@example.com) asks`);
    expect(toAdmins.text).toContain(quoted(cutName, FORGED, 5000));
    // The shop's one "Answer it here" line is the last of its kind.
    expect(toAdmins.text.split('\n').filter((l) => l.startsWith('Answer it here')).length).toBe(1);
    for (const mail of [toAdmins, ...toLegacy]) {
      expect(mail.subject.length).toBeLessThan(200);
      expect(mail.text.length).toBeLessThan(8_000);
      expect((mail.html ?? '').length).toBeLessThan(60_000);
    }
    const longest = Math.max(...[toAdmins, ...toLegacy].map((m) => m.text.length));
    figure(
      `a legacy name of ${LEGACY_NAME.length} characters: quote, reset and order mails ` +
        `name it in ${cutName.length}; the longest text part is ${longest} characters`,
    );
  });
});
