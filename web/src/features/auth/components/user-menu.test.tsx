import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialsOf } from './avatar.tsx';
import { UserMenu } from './user-menu.tsx';

const jane = { name: 'Jane van Doe', email: 'jane@example.com', image: null };

describe('initialsOf', () => {
  it('takes the first and last word, else the e-mail', () => {
    expect(initialsOf(jane)).toBe('JD');
    expect(initialsOf({ name: 'cher', email: 'c@x.io' })).toBe('C');
    expect(initialsOf({ name: '  ', email: 'zoe@x.io' })).toBe('Z');
  });
});

describe('UserMenu', () => {
  it('opens with the button, shows the name and signs out', async () => {
    const onSignOut = vi.fn();
    const user = userEvent.setup();
    render(<UserMenu user={jane} onSignOut={onSignOut} />);
    const button = screen.getByRole('button', { name: 'JD, account menu for Jane van Doe' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('JD');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The dropdown loads on demand (with the navbar's other parts).
    const signOut = await screen.findByRole('menuitem', { name: 'Sign Out' });
    expect(screen.getByText('Jane van Doe')).toBeInTheDocument();
    expect(signOut).toHaveFocus();
    await user.click(signOut);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape (focus back on the button) and on a click outside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <UserMenu user={jane} onSignOut={() => {}} />
        <p>Elsewhere</p>
      </>,
    );
    const button = screen.getByRole('button', { name: /account menu/ });
    await user.click(button);
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the photo when the user has one', () => {
    const { container } = render(
      <UserMenu user={{ ...jane, image: 'https://img.example/jane.png' }} onSignOut={() => {}} />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://img.example/jane.png');
  });
});
