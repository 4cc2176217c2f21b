// The third parties the shop talks to, as real peers on loopback for the end-to-end run:
// - an OpenID Connect authorization server (oidc-provider) standing in for Google, configured
//   with the same settings a real provider uses (issuer, client id and secret, redirect URI);
// - an SMTP server (smtp-server) per shop that receives its mail and keeps each as an .eml file
//   in the shop's own mail folder (each test project drives a shop of its own).
import fs from 'node:fs';
import path from 'node:path';
import Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';

const oidcPort = Number(process.env.OIDC_PORT);
// SHOPS: JSON [{ url, smtpPort, mailDir }], one per shop.
const shops = JSON.parse(process.env.SHOPS);
for (const { mailDir } of shops) {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
}

// Whatever login name is typed on the provider's page becomes the account: "olive" signs in as
// olive@example.com with a verified e-mail.
const oidc = new Provider(`http://127.0.0.1:${oidcPort}`, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      redirect_uris: shops.map(({ url }) => `${url}/api/auth/callback/google`),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@example.com`,
        email_verified: true,
        name: `${id[0]?.toUpperCase() ?? ''}${id.slice(1)} Provider`,
      }),
    };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['partsmith-e2e-oidc-cookie-key'] },
  pkce: { required: () => false },
});
oidc.listen(oidcPort, '127.0.0.1');

const smtpServers = shops.map(({ smtpPort, mailDir }) => {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const name = `${Date.now()}-${session.id}.eml`;
        fs.writeFileSync(path.join(mailDir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  smtp.listen(smtpPort, '127.0.0.1');
  return smtp;
});

const stop = () => {
  let open = smtpServers.length;
  for (const smtp of smtpServers) smtp.close(() => --open === 0 && process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
