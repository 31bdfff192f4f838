// A real SMTP server for the end-to-end run. run.mjs starts it and gives its address to the
// storefront (SMTP_URL); each received mail is written as JSON into a folder that the tests,
// which run in another process, read with waitForMail().
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Starts the server on a loopback port; resolves with its smtp:// URL and a close function. */
export async function startMailServer(mailDir) {
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count += 1;
          const record = {
            to: mail.to ? [mail.to].flat().map((address) => address.text) : [],
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          };
          const name = `${String(count).padStart(4, '0')}.json`;
          writeFileSync(path.join(mailDir, name), JSON.stringify(record, null, 2));
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The first mail to `to` in the folder (with `subject`, when given: an account gets a verification
 * mail before any other), waiting for it up to `timeoutMs`.
 */
export async function waitForMail(
  to,
  { subject, mailDir = process.env.E2E_MAIL_DIR, timeoutMs = 15_000 } = {},
) {
  if (!mailDir)
    throw new Error('E2E_MAIL_DIR is not set: run the end-to-end tests with e2e/run.mjs');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(mailDir).sort()) {
      const mail = JSON.parse(readFileSync(path.join(mailDir, name), 'utf8'));
      const toThem = mail.to.some((address) => address.toLowerCase().includes(to.toLowerCase()));
      if (toThem && (subject === undefined || mail.subject === subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
