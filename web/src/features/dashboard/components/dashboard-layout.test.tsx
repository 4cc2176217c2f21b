import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardLayout, type DashboardLayoutProps } from './dashboard-layout.tsx';
import { useDashboard } from './dashboard-context.ts';

function Page() {
  const { user, isAdmin } = useDashboard();
  return (
    <p>
      Page for {user.name} ({String(isAdmin)})
    </p>
  );
}

function renderLayout(props: DashboardLayoutProps) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout {...props} />,
        children: [
          { index: true, Component: Page },
          { path: '*', Component: Page },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const jane = { name: 'Jane Doe', email: 'jane@example.com' };

describe('DashboardLayout', () => {
  it('hands the user and admin status to the page', () => {
    renderLayout({ user: jane, isAdmin: false });
    expect(screen.getByText('Page for Jane Doe (false)')).toBeInTheDocument();
    expect(screen.getByText('Customer')).toBeInTheDocument();
  });

  it('opens the menu as a drawer on small screens and closes it on Escape or a choice', async () => {
    const user = userEvent.setup();
    const router = renderLayout({ user: jane, isAdmin: true });
    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const drawer = within(screen.getByRole('dialog', { name: 'Dashboard menu' }));
    expect(drawer.getByRole('link', { name: 'Overview' })).toHaveFocus();
    expect(drawer.getByText('Administrator')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('link', { name: 'Manage Orders' }),
    );
    expect(router.state.location.pathname).toBe('/dashboard/manage-orders');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
