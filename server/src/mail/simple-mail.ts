// The HTML part of the shop's short mails (account links, invitations, stock alerts, quotes,
// approvals, reminders): one column at most 600 px wide with the shop's name on top, 16 px text
// and one large button, since most are read on a phone. Plain strings, not React: the account
// mails are built inside Better Auth's callbacks, and a few paragraphs need no renderer. The order
// mails, with their tables, are React Email's (order-mail-template.ts); the colours are the same.
import { escapeMarkup } from '../lib/escape-markup.ts';

// The shop's colours (web/src/index.css), as the order mails use them.
const INK = '#0f172a';
const MUTED = '#475569';
const PAGE = '#f1f5f9';
const ORANGE = '#c2410c';
const FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const TEXT = `font-size:16px;line-height:24px;margin:12px 0;color:${INK}`;
const SMALL = `font-size:14px;line-height:20px;margin:12px 0;color:${MUTED}`;

/** One paragraph of plain text, escaped. */
export const para = (text: string) => `<p style="${TEXT}">${escapeMarkup(text)}</p>`;

/** A smaller, quieter paragraph: what to do if the mail was not expected, how long a link works. */
export const note = (text: string) => `<p style="${SMALL}">${escapeMarkup(text)}</p>`;

/** A quieter paragraph ending in a link: "Changed your mind? Cancel the alert at any time." */
export const noteWithLink = (before: string, href: string, label: string, after = '') =>
  `<p style="${SMALL}">${escapeMarkup(before)} <a href="${escapeMarkup(href)}" ` +
  `style="color:${MUTED}">${escapeMarkup(label)}</a>${escapeMarkup(after)}</p>`;

/**
 * The mail's one action: a link that reads as a large button (44 px high at least: easy to tap),
 * and under it the address written out, for a mail program that shows no button.
 */
export const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeMarkup(href)}" style="display:inline-block;` +
  `background:${ORANGE};color:#ffffff;font-size:16px;line-height:24px;font-weight:700;` +
  `padding:12px 22px;border-radius:6px;text-decoration:none">${escapeMarkup(label)}</a></p>` +
  `<p style="${SMALL};word-break:break-all"><a href="${escapeMarkup(href)}" ` +
  `style="color:${MUTED}">${escapeMarkup(href)}</a></p>`;

/**
 * What the mail is about, set off by an orange rule: its first line bold (a part's name, an
 * order's number), the rest as they are. Lines of plain text, escaped.
 */
export function facts(lines: string[]) {
  const [first, ...rest] = lines.map(escapeMarkup);
  const rows = [`<strong style="font-size:18px;line-height:26px">${first ?? ''}</strong>`, ...rest];
  return (
    `<div style="border-left:4px solid ${ORANGE};padding:4px 0 4px 14px;margin:16px 0;` +
    `font-size:16px;line-height:24px;color:${INK}">${rows.join('<br>')}</div>`
  );
}

/** A note written by a person (an answer to a quote), its lines kept, set off as a quotation. */
export const quotation = (text: string) =>
  `<blockquote style="border-left:4px solid #cbd5e1;margin:16px 0;padding:4px 0 4px 14px;` +
  `font-size:16px;line-height:24px;color:${INK};white-space:pre-line">` +
  `${escapeMarkup(text)}</blockquote>`;

/**
 * Lines with an amount each (a quote's parts), then their total: a two-column table whose amounts
 * stay on the right at any width. Plain text, escaped.
 */
export function amounts(
  rows: { text: string; detail?: string; amount: string }[],
  total: { label: string; amount: string },
) {
  const cell = `padding:10px 0;border-bottom:1px solid #e2e8f0;font-size:16px;line-height:24px;color:${INK}`;
  const body = rows
    .map(
      (row) =>
        `<tr><td style="${cell}">${escapeMarkup(row.text)}` +
        (row.detail
          ? `<br><span style="font-size:14px;line-height:20px;color:${MUTED}">${escapeMarkup(row.detail)}</span>`
          : '') +
        `</td><td align="right" style="${cell};padding-left:12px;white-space:nowrap;vertical-align:top">` +
        `${escapeMarkup(row.amount)}</td></tr>`,
    )
    .join('');
  const last = `padding:12px 0 0;font-size:18px;line-height:26px;font-weight:700;color:${INK}`;
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0">` +
    `${body}<tr><td style="${last}">${escapeMarkup(total.label)}</td>` +
    `<td align="right" style="${last};white-space:nowrap">${escapeMarkup(total.amount)}</td></tr></table>`
  );
}

/** The whole document: `title` as its heading, then `body` (built from the parts above). */
export function mailDocument(title: string, body: string) {
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
