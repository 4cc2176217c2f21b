// A real SMTP server on loopback (smtp-server) that keeps what the shop sends, for the proofs
// and the bench: their shops run with SMTP_URL pointing here, and sign-ups are confirmed by
// following the link in the mail received, as a customer would.
import { SMTPServer } from 'smtp-server';
import { newestLink, VERIFY_EMAIL_PATH } from './mail-links.mjs';

/** Starts the peer on `port` of 127.0.0.1; resolves once it listens. */
export async function startMailPeer(port) {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  // A shop killed in the middle of a mail (the crash proof's kill -9) resets its connection;
  // smtp-server reports that as the server's 'error', which with no listener would be thrown
  // in the test's process as an unhandled ECONNRESET. The peer keeps such errors instead.
  const errors = [];
  server.on('error', (error) => errors.push(error));
  // The peer never keeps its process alive by itself.
  server.server.unref();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Connection errors the peer saw (a shop that went away mid-mail). */
    errors,
    /** Waits (up to `timeoutMs`) for a mail to `email` with a link under `pathPrefix`. */
    async waitForLink(email, pathPrefix = VERIFY_EMAIL_PATH, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const link = newestLink(mails, email, pathPrefix);
        if (link) return link;
        if (Date.now() > deadline)
          throw new Error(`no mail with a ${pathPrefix} link reached ${email}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Confirms `email` by following the newest confirmation link the peer received for it, without
 * following the redirect; resolves with that answer's status (302 when it confirmed).
 */
export async function confirmThroughPeer(peer, email, headers = {}) {
  const link = await peer.waitForLink(email);
  const res = await fetch(link, { redirect: 'manual', headers });
  await res.arrayBuffer();
  if (res.status !== 302)
    throw new Error(`the confirmation link of ${email} answered ${res.status}`);
  return res.status;
}
