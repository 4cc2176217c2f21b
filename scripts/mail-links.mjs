// Reading the shop's mail as a person's mail program would, for the tests, proofs and bench:
// the shop's mails are quoted-printable, whose soft line breaks cut long links in two.

/**
 * An .eml file's text as a mail program shows it: the headers unfolded (never decoded as
 * quoted-printable: `token=AB` in a header is no escape), the body's quoted-printable soft
 * breaks and escapes undone.
 */
export function decodeMail(eml) {
  const split = eml.search(/\r?\n\r?\n/);
  const head = split < 0 ? eml : eml.slice(0, split);
  const body = split < 0 ? '' : eml.slice(split);
  return (
    head.replace(/\r?\n(?=[ \t])/g, '') +
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
  );
}

/** Whether a mail was sent to `email` (its To header). */
export function isMailTo(eml, email) {
  const to = /^To: *(.*)$/im.exec(eml)?.[1] ?? '';
  return to.toLowerCase().includes(email.toLowerCase());
}

/** The first link in a mail whose path starts with `pathPrefix` (such as /api/auth/verify-email). */
export function linkIn(eml, pathPrefix) {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`https?://[^\\s"<>]+${escaped}[^\\s"<>]*`).exec(decodeMail(eml))?.[0] ?? null;
}

/** The newest mail to `email` with such a link, and the link; null when there is none. */
export function newestLink(mails, email, pathPrefix) {
  for (const eml of [...mails].reverse()) {
    const link = isMailTo(eml, email) ? linkIn(eml, pathPrefix) : null;
    if (link) return link;
  }
  return null;
}

/** Where the shop's e-mail confirmation links point. */
export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';
