import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@partsmith/contract/pages';
import { RequireAdmin, RequireUser } from '../../features/auth/components/guards.tsx';
import { appRoutes, renderApp } from '../../test/app-routes.tsx';
import { myCompany } from '../../test/fixtures.ts';
import { lazyComponent, routeChain } from '../../test/lazy-route.ts';
import { json, mockApi, sessionFor, silenceFlushSyncWarning } from '../../test/mock-api.ts';
import { DashboardRoute } from '../layouts/dashboard.tsx';
import CompanyRoute from './company.tsx';
import CompanyInvitationRoute from './company-invitation.tsx';
import CompaniesRoute from './companies.tsx';
import CompanyDetailRoute from './company-detail.tsx';

const INVITATION = 'inv-123';
const jane = sessionFor({ name: 'Jane Doe', email: 'jane@example.com' });

beforeEach(() => {
  silenceFlushSyncWarning();
});
afterEach(() => vi.restoreAllMocks());

describe('the company routes', () => {
  it('routes.ts declares them: the company in the dashboard, the invitation outside, admin pages', async () => {
    const [, user, layout, company, ...deeper] = routeChain(appRoutes(), PAGES.company.path);
    expect(await lazyComponent(user)).toBe(RequireUser);
    expect(await lazyComponent(layout)).toBe(DashboardRoute);
    expect(await lazyComponent(company)).toBe(CompanyRoute);
    expect(deeper).toEqual([]);

    const [, guard, invitation, ...below] = routeChain(appRoutes(), PAGES.companyInvitation.path);
    expect(await lazyComponent(guard)).toBe(RequireUser);
    expect(await lazyComponent(invitation)).toBe(CompanyInvitationRoute);
    expect(below).toEqual([]);

    for (const [path, Component] of [
      [PAGES.companies.path, CompaniesRoute],
      [PAGES.companyDetail.path, CompanyDetailRoute],
    ] as const) {
      const [, , , admin, page] = routeChain(appRoutes(), path);
      expect(await lazyComponent(admin), path).toBe(RequireAdmin);
      expect(await lazyComponent(page), path).toBe(Component);
    }
  });

  it("sends a signed-out visitor from an invitation's link to sign in, and back", async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const { router } = renderApp(`/company/invitations/${INVITATION}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Partsmith account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: `/company/invitations/${INVITATION}` });
  });

  it('shows the invitation and, once accepted, the company page', async () => {
    let member = false;
    const api = mockApi({
      'GET /api/auth/get-session': () => json(jane),
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
      'GET /api/auth/organization/get-invitation': () =>
        json({
          id: INVITATION,
          email: 'jane@example.com',
          role: 'approver',
          organizationName: 'Acme Workshop',
          inviterEmail: 'olive@acme.example',
          status: 'pending',
        }),
      'POST /api/auth/organization/accept-invitation': () => {
        member = true;
        return json({ invitation: {}, member: {} });
      },
      'GET /api/company': () =>
        json({
          company: member ? myCompany({ role: 'approver' }).company : null,
        }),
    });
    const { router } = renderApp(`/company/invitations/${INVITATION}`);
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === 'olive@acme.example invites you to Acme Workshop as approver.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(api.callsTo('GET', '/api/auth/organization/get-invitation')[0]!.search).toBe(
      `?id=${INVITATION}`,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: 'Acme Workshop' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/company');
    expect(api.callsTo('POST', '/api/auth/organization/accept-invitation')[0]!.body).toEqual({
      invitationId: INVITATION,
    });
  });

  it("says why an invitation cannot be opened, in Better Auth's words, and what to do", async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(jane),
      'GET /api/auth/organization/get-invitation': () =>
        json({ code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' }, 400),
    });
    renderApp(`/company/invitations/${INVITATION}`);
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('We could not open this invitation: Invitation not found');
    expect(alert).toHaveTextContent('signed in with the address the invitation was sent to');
    expect(screen.getByRole('link', { name: 'Go to your company page' })).toHaveAttribute(
      'href',
      '/dashboard/company',
    );
  });
});
