// The stock alerts' two mails: the link that confirms a visitor's alert, and the one-time "back in
// stock". Short lines and each link on its own line in the text part, and one column of 16 px text
// with a large button in the HTML part (mail/simple-mail.ts): most are read on a phone.
import { PAGES } from '@partsmith/contract/pages';
import { MAIL_TEXT_LIMITS, oneLine } from '../../lib/customer-text.ts';
import { formatUsd } from '../../lib/money.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { button, facts, mailDocument, note, noteWithLink, para } from '../../mail/simple-mail.ts';

export const STOCK_ALERT_CONFIRM_PATH = '/api/stock-alerts/confirm';

/** A part as its mails name it. */
export interface AlertPart {
  id: string;
  name: string;
  sku: string;
}

/** The shop's links of an alert, as absolute URLs. */
export function alertLinks(publicUrl: string) {
  const part = (partId: string) => `${publicUrl}${PAGES.part.path.replace(':partsId', partId)}`;
  return {
    part,
    /** GET: confirms, then redirects to the part's page (routes.ts). */
    confirm: (partId: string, token: string) =>
      `${publicUrl}${STOCK_ALERT_CONFIRM_PATH}?${new URLSearchParams({ part: partId, token })}`,
    /**
     * The part's page, which offers to cancel (a mail's link must not cancel by itself being
     * opened: mail scanners open links). The page sends DELETE with the token.
     */
    cancel: (partId: string, token: string) =>
      `${part(partId)}?${new URLSearchParams({ alert: 'cancel', token })}`,
  };
}
export type AlertLinks = ReturnType<typeof alertLinks>;

/** The part's name, number and (back in stock) price, as the HTML part sets them off. */
const partBlock = (part: AlertPart, price?: string) =>
  facts([part.name, `Part number: ${part.sku}`, ...(price ? [`Price: ${price}`] : [])]);

/** The part as the text part names it: short lines, indented. */
const partText = (part: AlertPart, price?: string) =>
  `  ${part.name}\n  Part number: ${part.sku}\n` + (price ? `  Price: ${price}\n` : '');

/** A part's name made safe for a subject and a line: the admins wrote it, still bounded. */
const named = (part: AlertPart): AlertPart => ({
  ...part,
  name: oneLine(part.name, MAIL_TEXT_LIMITS.subject),
  sku: oneLine(part.sku, 40),
});

/** The mail that confirms an alert someone asked for an address (a visitor's, usually). */
export function confirmationMail(input: {
  email: string;
  part: AlertPart;
  token: string;
  links: AlertLinks;
}): MailMessage {
  const part = named(input.part);
  const confirm = input.links.confirm(part.id, input.token);
  const cancel = input.links.cancel(part.id, input.token);
  const title = 'Confirm your stock alert';
  return {
    to: input.email,
    subject: `Confirm your stock alert for ${part.name}`,
    text:
      `Hello,\n\nYou asked us to mail you when this part is back in stock:\n\n` +
      partText(part) +
      `\nPlease confirm with this link (it works for 7 days):\n\n${confirm}\n\n` +
      `Did not ask for it? Ignore this mail: without the link, nothing happens.\n\n` +
      `Cancel the alert at any time:\n${cancel}\n\nPartsmith\n`,
    html: mailDocument(
      title,
      para('You asked us to mail you when this part is back in stock:') +
        partBlock(part) +
        para('Please confirm with the button below. The link works for 7 days.') +
        button(confirm, 'Confirm the alert') +
        note('Did not ask for it? Ignore this mail: without the link, nothing happens.') +
        noteWithLink('Changed your mind?', cancel, 'Cancel the alert', ' at any time.'),
    ),
    headers: { 'List-Unsubscribe': `<${cancel}>` },
  };
}

/**
 * The one mail of a confirmed alert: the part is back. The alert ends with it, so it says so
 * instead of offering a cancel link that would have nothing left to cancel.
 */
export function backInStockMail(input: {
  email: string;
  part: AlertPart & { priceCents: number };
  links: AlertLinks;
}): MailMessage {
  const part = named(input.part);
  const price = `${formatUsd(input.part.priceCents)} each`;
  const url = input.links.part(part.id);
  const title = 'Back in stock';
  const ended =
    'This was a one-time alert, and it has now ended: we will not mail you about this part ' +
    'again unless you ask on its page.';
  return {
    to: input.email,
    subject: `Back in stock: ${part.name}`,
    text:
      `Hello,\n\nGood news: the part you asked about is back in stock.\n\n` +
      partText(part, price) +
      `\nOrder it here (stock can run out again quickly):\n${url}\n\n${ended}\n\nPartsmith\n`,
    html: mailDocument(
      title,
      para('Good news: the part you asked about is back in stock.') +
        partBlock(part, price) +
        button(url, 'View the part') +
        note('Stock can run out again quickly.') +
        note(ended),
    ),
  };
}
