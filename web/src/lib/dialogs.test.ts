import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formDialog } from './dialogs.ts';

const fields = [
  { name: 'carrier', label: 'Carrier (optional)' },
  { name: 'trackingNumber', label: 'Tracking number (optional)', hint: 'Letters and digits.' },
] as const;

afterEach(async () => {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

describe('formDialog', () => {
  it('asks for labelled fields and answers what was typed, trimmed', async () => {
    const answer = formDialog({ title: 'Ship this order?', fields, confirmButtonText: 'Ship it' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ship this order?' });
    // SweetAlert2 fades the popup in (opacity 0 at first): visible once the show animation ran.
    await waitFor(() => expect(dialog).toBeVisible());
    const carrier = screen.getByLabelText('Carrier (optional)');
    await waitFor(() => expect(carrier).toHaveFocus());
    await user.type(carrier, '  UPS ');
    const tracking = screen.getByLabelText('Tracking number (optional)');
    expect(tracking).toHaveAccessibleDescription('Letters and digits.');
    await user.type(tracking, '1Z999');
    await user.click(screen.getByRole('button', { name: 'Ship it' }));
    await expect(answer).resolves.toEqual({ carrier: 'UPS', trackingNumber: '1Z999' });
  });

  it("keeps the dialog open with the check's message until the fields pass", async () => {
    const answer = formDialog({
      title: 'Refund this order?',
      fields: [{ name: 'reason', label: 'Reason', multiline: true }],
      confirmButtonText: 'Refund',
      check: ({ reason }) => (reason.length < 3 ? 'Give a reason for the refund' : null),
    });
    const user = userEvent.setup();
    const reason = await screen.findByLabelText('Reason');
    expect(reason.tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Give a reason for the refund')).toBeVisible();
    await user.type(reason, 'Arrived damaged');
    // jsdom lays nothing out, so SweetAlert2 takes its buttons for hidden after a failed check
    // and hides them; a browser shows them again. The confirm button is pressed as it would be.
    const { default: Swal } = await import('sweetalert2');
    Swal.clickConfirm();
    await expect(answer).resolves.toEqual({ reason: 'Arrived damaged' });
  });

  it('answers null when cancelled', async () => {
    const answer = formDialog({ title: 'Ship this order?', fields, confirmButtonText: 'Ship it' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });
});
