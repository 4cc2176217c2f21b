// The stock alerts' two mails: the link that confirms a visitor's alert, and the one-time "back in
// stock". Short lines and each link on its own line in the text part, and one column of 16 px text
// with a large button in the HTML part (order-mail-template.ts's rules): most are read on a phone.
import { PAGES } from '@partsmith/contract/pages';
import { escapeMarkup } from '../../lib/escape-markup.ts';
import { MAIL_TEXT_LIMITS, oneLine } from '../../lib/customer-text.ts';
import { formatUsd } from '../../lib/money.ts';
import type { MailMessage } from '../../mail/mailer.ts';

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

// The shop's colours (web/src/index.css), as the order mails use them.
const INK = '#0f172a';
const MUTED = '#475569';
const PAGE = '#f1f5f9';
const ORANGE = '#c2410c';
const FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const TEXT = `font-size:16px;line-height:24px;margin:12px 0;color:${INK}`;
const SMALL = `font-size:14px;line-height:20px;margin:12px 0;color:${MUTED}`;

/** One paragraph of the HTML part: plain text, escaped. */
const para = (text: string, style = TEXT) => `<p style="${style}">${escapeMarkup(text)}</p>`;

/** A link that reads as a large button (44 px high at least: easy to tap). */
const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeMarkup(href)}" style="display:inline-block;` +
  `background:${ORANGE};color:#ffffff;font-size:16px;line-height:24px;font-weight:700;` +
  `padding:12px 22px;border-radius:6px;text-decoration:none">${escapeMarkup(label)}</a></p>`;

/** A link written out, for a mail client that shows no button. */
const spelled = (href: string) =>
  `<p style="${SMALL};word-break:break-all"><a href="${escapeMarkup(href)}" style="color:${MUTED}">` +
  `${escapeMarkup(href)}</a></p>`;

/** The part's name, number and (back in stock) price, as a block. */
function partBlock(part: AlertPart, price?: string) {
  const rows = [
    `<strong style="font-size:18px;line-height:26px">${escapeMarkup(part.name)}</strong>`,
    `Part number: ${escapeMarkup(part.sku)}`,
    ...(price ? [`Price: ${escapeMarkup(price)}`] : []),
  ];
  return (
    `<div style="border-left:4px solid ${ORANGE};padding:4px 0 4px 14px;margin:16px 0;` +
    `font-size:16px;line-height:24px;color:${INK}">${rows.join('<br>')}</div>`
  );
}

/** The whole HTML document: one column at most 600 px wide, the shop's name at the top. */
function htmlDocument(title: string, body: string) {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeMarkup(title)}</title></head>` +
    `<body style="margin:0;padding:24px 0;background:${PAGE};font-family:${FONT};color:${INK}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>` +
    `<td align="center" style="padding:0 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ` +
    `style="max-width:600px;background:#ffffff;border-radius:8px">` +
    `<tr><td style="background:${INK};padding:18px 24px;border-radius:8px 8px 0 0;color:#ffffff;` +
    `font-size:22px;line-height:28px;font-weight:700">Partsmith</td></tr>` +
    `<tr><td style="padding:8px 24px 24px">` +
    `<h1 style="font-size:24px;line-height:32px;margin:16px 0 8px;color:${INK}">` +
    `${escapeMarkup(title)}</h1>${body}</td></tr></table></td></tr></table></body></html>`
  );
}

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
    html: htmlDocument(
      title,
      para('You asked us to mail you when this part is back in stock:') +
        partBlock(part) +
        para('Please confirm with the button below. The link works for 7 days.') +
        button(confirm, 'Confirm the alert') +
        spelled(confirm) +
        para('Did not ask for it? Ignore this mail: without the link, nothing happens.', SMALL) +
        `<p style="${SMALL}">Changed your mind? <a href="${escapeMarkup(cancel)}" ` +
        `style="color:${MUTED}">Cancel the alert</a> at any time.</p>`,
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
    html: htmlDocument(
      title,
      para('Good news: the part you asked about is back in stock.') +
        partBlock(part, price) +
        button(url, 'View the part') +
        para('Stock can run out again quickly.', SMALL) +
        para(ended, SMALL),
    ),
  };
}
