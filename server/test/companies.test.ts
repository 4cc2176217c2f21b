import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCompany, AdminCompanyList, MyCompany } from '@partsmith/contract/companies';
import { signUp } from './auth-helpers.ts';
import { callWith, invitationId } from './company-helpers.ts';
import { DB_KINDS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';

/**
 * Issue 49: companies on Better Auth's organization plugin: a customer creates one, invites
 * colleagues who accept by the mailed link, the admins set spending limits, shop admins set terms.
 */
describe.each(DB_KINDS)('companies on %s', (kind) => {
  let t: TestApp;
  const mail = recordingMailer();
  const people: Record<string, string> = {};
  let companyId: string;

  const send = callWith(() => t);
  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    send(people[who]!, method, url, payload);
  const myCompany = async (who: string) => {
    const res = await call(who, 'GET', '/api/company');
    expect(res.statusCode, res.body).toBe(200);
    return MyCompany.parse(res.json()).company;
  };
  const invite = (who: string, email: string, role: string) =>
    call(who, 'POST', '/api/auth/organization/invite-member', {
      email,
      role,
      organizationId: companyId,
    });
  const accept = (who: string, id: string) =>
    call(who, 'POST', '/api/auth/organization/accept-invitation', { invitationId: id });

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'shop@example.com' },
      deps: { mailer: mail.mailer },
    });
    for (const [name, email] of [
      ['shop', 'shop@example.com'],
      ['olive', 'olive@acme.example'],
      ['bob', 'bob@acme.example'],
      ['ava', 'ava@acme.example'],
      ['eve', 'eve@other.example'],
    ] as const)
      people[name] = (await signUp(t, { email, name, mails: mail.mails })).cookie;
    people.unconfirmed = (
      await signUp(t, { email: 'new@acme.example', confirm: false, mails: mail.mails })
    ).cookie;
  });
  afterAll(() => t.close());

  it('a customer without a company has none', async () => {
    expect(await myCompany('olive')).toBeNull();
  });

  it('a confirmed customer creates a company and is its owner; an unconfirmed one cannot', async () => {
    const refused = await call('unconfirmed', 'POST', '/api/auth/organization/create', {
      name: 'Nope Ltd',
      slug: 'nope-ltd',
    });
    expect(refused.statusCode).toBe(403);
    const res = await call('olive', 'POST', '/api/auth/organization/create', {
      name: 'Acme Workshop',
      slug: 'acme-workshop',
    });
    expect(res.statusCode, res.body).toBe(200);
    companyId = res.json().id;
    const company = await myCompany('olive');
    expect(company).toMatchObject({ id: companyId, name: 'Acme Workshop', role: 'owner' });
    expect(company!.members.map((m) => m.email)).toEqual(['olive@acme.example']);
    expect(company!.terms).toMatchObject({ paymentTerms: null, creditLimit: 0, poRequired: false });
  });

  it('a customer belongs to at most one company', async () => {
    const second = await call('olive', 'POST', '/api/auth/organization/create', {
      name: 'Acme Two',
      slug: 'acme-two',
    });
    expect(second.statusCode).toBe(403);
  });

  it('an invitation is mailed with its link and accepted by the invited address', async () => {
    const res = await invite('olive', 'bob@acme.example', 'buyer');
    expect(res.statusCode, res.body).toBe(200);
    const id = invitationId(mail.sent, 'bob@acme.example');
    expect(mail.sent.at(-1)!.subject).toContain('Acme Workshop');
    const html = mail.sent.at(-1)!.html!;
    expect(html).toContain(`href="${t.config.publicUrl}/company/invitations/${id}"`);
    expect(html).toContain('>Accept the invitation</a>');
    // Someone else with the link cannot take it.
    expect((await accept('eve', id)).statusCode).toBeGreaterThanOrEqual(400);
    const accepted = await accept('bob', id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const bob = await myCompany('bob');
    expect(bob).toMatchObject({ id: companyId, role: 'buyer', members: [], invitations: [] });
    const owner = await myCompany('olive');
    expect(owner!.members.map((m) => [m.email, m.role])).toEqual([
      ['olive@acme.example', 'owner'],
      ['bob@acme.example', 'buyer'],
    ]);
  });

  it('a member of another company cannot accept an invitation', async () => {
    const eveCompany = await call('eve', 'POST', '/api/auth/organization/create', {
      name: 'Other Co',
      slug: 'other-co',
    });
    expect(eveCompany.statusCode, eveCompany.body).toBe(200);
    expect((await invite('olive', 'eve@other.example', 'buyer')).statusCode).toBe(200);
    const refused = await accept('eve', invitationId(mail.sent, 'eve@other.example'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('at most one');
  });

  it('only owners and admins invite and set spending limits', async () => {
    expect((await invite('bob', 'ava@acme.example', 'buyer')).statusCode).toBe(403);
    const limits = await call('bob', 'PUT', '/api/company/spending-limits', { spendingLimit: 10 });
    expect(limits.statusCode).toBe(403);
    expect((await invite('olive', 'ava@acme.example', 'approver')).statusCode).toBe(200);
    expect((await accept('ava', invitationId(mail.sent, 'ava@acme.example'))).statusCode).toBe(200);
    const owner = await myCompany('olive');
    const bob = owner!.members.find((m) => m.email === 'bob@acme.example')!;
    const set = await call('olive', 'PUT', '/api/company/spending-limits', {
      spendingLimit: 500,
      members: [{ memberId: bob.id, spendingLimit: 250.5 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ spendingLimit: 500 });
    expect((await myCompany('bob'))!.mySpendingLimit).toBe(250.5);
    expect((await myCompany('ava'))!.mySpendingLimit).toBe(500);
    const foreign = await call('olive', 'PUT', '/api/company/spending-limits', {
      members: [{ memberId: '00000000-0000-4000-8000-000000000000', spendingLimit: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    const negative = await call('olive', 'PUT', '/api/company/spending-limits', {
      spendingLimit: -1,
    });
    expect(negative.statusCode).toBe(400);
  });

  it('shop admins list companies and set their terms; customers cannot', async () => {
    expect((await call('olive', 'GET', '/api/admin/companies')).statusCode).toBe(403);
    const list = AdminCompanyList.parse((await call('shop', 'GET', '/api/admin/companies')).json());
    expect(list.map((c) => c.name)).toEqual(['Other Co', 'Acme Workshop']);
    expect(list[1]).toMatchObject({ members: 3, orders: 0, balance: 0, paymentTerms: null });
    const put = await call('shop', 'PUT', `/api/admin/companies/${companyId}`, {
      paymentTerms: 'net30',
      creditLimit: 10_000,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      paymentTerms: 'net30',
      creditLimit: 10_000,
      poRequired: false,
    });
    // A PUT of one field keeps the others.
    const po = await call('shop', 'PUT', `/api/admin/companies/${companyId}`, { poRequired: true });
    expect(po.json()).toMatchObject({
      paymentTerms: 'net30',
      creditLimit: 10_000,
      poRequired: true,
    });
    const one = AdminCompany.parse(
      (await call('shop', 'GET', `/api/admin/companies/${companyId}`)).json(),
    );
    expect(one.memberList).toHaveLength(3);
    expect((await myCompany('bob'))!.terms).toMatchObject({
      paymentTerms: 'net30',
      creditLimit: 10_000,
      available: 10_000,
      poRequired: true,
    });
    const unknown = await call(
      'shop',
      'PUT',
      '/api/admin/companies/00000000-0000-4000-8000-000000000000',
      {
        poRequired: false,
      },
    );
    expect(unknown.statusCode).toBe(404);
    const badTerms = await call('shop', 'PUT', `/api/admin/companies/${companyId}`, {
      paymentTerms: 'net7',
    });
    expect(badTerms.statusCode).toBe(400);
  });
});
