import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPARE_LIST_KEY } from '../api/compare-list.ts';
import { CompareToggle, COMPARE_FULL_MESSAGE } from './compare-toggle.tsx';
import { CompareTray } from './compare-tray.tsx';

const IDS = [
  '0b6c4a52-8f3e-4d8e-9a43-2f6f0c6d1a11',
  '1c7d5b63-9a4f-4e9f-8b54-3a7a1d7e2b22',
  '2d8e6c74-0b5a-4fa0-9c65-4b8b2e8f3c33',
  '3e9f7d85-1c6b-4ab1-8d76-5c9c3f904d44',
  '4fa08e96-2d7c-4bc2-9e87-6dad40a15e55',
] as const;

const stored = () => JSON.parse(localStorage.getItem(COMPARE_LIST_KEY) ?? '[]') as string[];

/** Cards of these parts (two buttons for the first, as on a part page and its related cards) and the tray. */
function renderShop(ids: readonly string[] = IDS) {
  const router = createMemoryRouter(
    [
      {
        path: '/parts',
        element: (
          <>
            <ul>
              {ids.map((id, i) => (
                <li key={id}>
                  <CompareToggle partId={id} partName={`Part ${i + 1}`} />
                </li>
              ))}
            </ul>
            <section aria-label="Related">
              <CompareToggle partId={ids[0]!} partName="Part 1" />
            </section>
            <CompareTray />
          </>
        ),
      },
      { path: '/parts/compare', element: <h1>Compare parts</h1> },
    ],
    { initialEntries: ['/parts'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const toggle = (name: string) =>
  within(screen.getByRole('list')).getByRole('button', { name: new RegExp(`: ${name}$`) });

afterEach(() => {
  localStorage.clear();
});

describe('CompareToggle', () => {
  it('adds and removes a part, pressed while chosen; every button of the part agrees', async () => {
    renderShop();
    const user = userEvent.setup();
    const first = toggle('Part 1');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(first).toHaveAccessibleName('Add to compare: Part 1');

    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(first).toHaveAccessibleName('Remove from compare: Part 1');
    expect(stored()).toEqual([IDS[0]]);
    // The same part's other button (its related card) agrees.
    const related = within(screen.getByRole('region', { name: 'Related' })).getByRole('button');
    expect(related).toHaveAttribute('aria-pressed', 'true');

    await user.click(related);
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(first).toHaveAccessibleName('Add to compare: Part 1');
    expect(stored()).toEqual([]);
  });

  it('refuses a fifth part with a message, which goes once a part is removed', async () => {
    localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify(IDS.slice(0, 4)));
    renderShop();
    const user = userEvent.setup();
    const fifth = toggle('Part 5');
    await user.click(fifth);
    expect(screen.getByRole('alert')).toHaveTextContent(COMPARE_FULL_MESSAGE);
    expect(COMPARE_FULL_MESSAGE).toBe(
      'You can compare up to 4 parts at a time. Remove one from the comparison first.',
    );
    expect(fifth).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual(IDS.slice(0, 4));

    await user.click(toggle('Part 2'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(fifth);
    expect(fifth).toHaveAttribute('aria-pressed', 'true');
    expect(stored()).toEqual([IDS[0], IDS[2], IDS[3], IDS[4]]);
  });

  it('follows a change made in another tab', () => {
    renderShop();
    act(() => {
      localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify([IDS[2]]));
      window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_LIST_KEY }));
    });
    expect(toggle('Part 3')).toHaveAttribute('aria-pressed', 'true');
  });

  it('renders unchosen on the server, whatever this browser keeps (the first render matches)', () => {
    localStorage.setItem(COMPARE_LIST_KEY, JSON.stringify([IDS[0]]));
    const html = renderToString(<CompareToggle partId={IDS[0]} partName="Part 1" />);
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('Add to compare');
    const tray = renderToString(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <CompareTray /> }])} />,
    );
    expect(tray).not.toContain('Compare (');
  });
});

describe('CompareTray', () => {
  it('is not there until a part is chosen', () => {
    renderShop();
    expect(screen.queryByRole('complementary', { name: 'Parts to compare' })).toBeNull();
  });

  it('counts the chosen parts, leads to their comparison, and clears them, by keyboard', async () => {
    const router = renderShop();
    const user = userEvent.setup();
    await user.click(toggle('Part 2'));
    const tray = screen.getByRole('complementary', { name: 'Parts to compare' });
    expect(tray).toHaveTextContent('1 of 4 parts chosen');
    await user.click(toggle('Part 4'));
    expect(tray).toHaveTextContent('2 of 4 parts chosen');
    const link = within(tray).getByRole('link', { name: 'Compare (2)' });
    expect(link).toHaveAttribute('href', `/parts/compare?ids=${IDS[1]},${IDS[3]}`);

    // Clear, reached with Tab after the buttons and pressed with Enter.
    const clear = within(tray).getByRole('button', { name: 'Clear' });
    while (document.activeElement !== clear) await user.tab();
    await user.keyboard('{Enter}');
    expect(stored()).toEqual([]);
    expect(screen.queryByRole('complementary', { name: 'Parts to compare' })).toBeNull();
    expect(toggle('Part 2')).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle('Part 1'));
    await user.click(toggle('Part 3'));
    await user.click(screen.getByRole('link', { name: 'Compare (2)' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/parts/compare?ids=${IDS[0]},${IDS[2]}`,
    );
  });
});
