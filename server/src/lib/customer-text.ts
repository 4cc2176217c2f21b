import {
  ADDRESS_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from '@partsmith/contract';

// What a customer wrote, made safe to put in a mail: bounded whatever the database holds (a
// legacy row may predate the contract's limits), and never able to pass for the shop's own lines.

/** The longest value of each kind a mail carries: the contract's limits where it has one. */
export const MAIL_TEXT_LIMITS = {
  name: NAME_MAX_LENGTH,
  email: 320,
  subject: SUBJECT_MAX_LENGTH,
  phone: 40,
  address: ADDRESS_MAX_LENGTH,
  message: MESSAGE_MAX_LENGTH,
} as const;

/** A long value is cut to this many characters more than its limit before any other work. */
const SLACK = 64;
// C0 and C1 control characters (line breaks included) and Unicode's line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
// The same without the line feed (kept by multi-line values) and the tab (made a space).
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_BREAKS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * At most `max` characters (code points, so no emoji is split), ending with "…" when cut here or
 * before (`cutBefore`: the value was already shortened before it was cleaned).
 */
function cut(text: string, max: number, cutBefore: boolean): string {
  if (!text || (!cutBefore && text.length <= max)) return text;
  // 2 UTF-16 units a code point at most: this slice holds more than `max` if the text does.
  const chars = Array.from(text.slice(0, max * 2 + 2));
  if (!cutBefore && chars.length <= max) return text;
  const kept = chars
    .slice(0, max - 1)
    .join('')
    .trimEnd();
  return `${kept}…`;
}

/**
 * One line: control characters and line breaks become spaces, runs of spaces one, trimmed and
 * cut to `max`. For names, e-mail addresses, subjects, phone numbers.
 */
export function oneLine(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  const head = value.slice(0, max * 2 + SLACK);
  const clean = head.replace(CONTROL_OR_BREAK, ' ').replace(/\s+/g, ' ').trim();
  return cut(clean, max, head.length < value.length);
}

/**
 * Several lines: line breaks kept (as "\n", at most one blank line in a row), other control
 * characters dropped, trailing spaces trimmed, cut to `max`. For addresses and messages.
 */
export function multiLine(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  const head = value.slice(0, max + SLACK);
  const lines = head
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL_BUT_BREAKS, '')
    .split('\n')
    .map((line) => line.trimEnd());
  return cut(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    max,
    head.length < value.length,
  );
}

/**
 * A customer's text in a plain-text mail as a quote: introduced by who wrote it, each line
 * prefixed with "> ", so none of its lines reads as the shop's own ("Answer it here: …").
 */
export function quoted(author: string, text: string | null | undefined, max: number): string {
  const body = multiLine(text, max) || '(empty)';
  const lines = body.split('\n').map((line) => (line ? `> ${line}` : '>'));
  return `${oneLine(author, MAIL_TEXT_LIMITS.name)} wrote:\n${lines.join('\n')}`;
}

/**
 * The name a social provider gave, cleaned rather than refused (the customer cannot change it
 * there): on one line, at most `max` characters, else the e-mail address's local part.
 */
export function providedName(name: string | null | undefined, email: string, max: number): string {
  return oneLine(name, max) || oneLine(email.split('@')[0], max) || 'Customer';
}
