import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';

/**
 * A real SMTP server on a loopback port (0, the default, picks a free one) that keeps what it
 * receives, for mail tests.
 */
export async function startMailServer(port = 0) {
  // Loaded here rather than at the top: the SMTP sink is a test part, and the demo bundle, which
  // carries the offline world, must not need the test-only SMTP packages to start.
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([
    import('smtp-server'),
    import('mailparser'),
  ]);
  const received: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    /** Waits until a mail to `to` arrives (or fails after the timeout). */
    async nextMailTo(to: string, timeoutMs = 5000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((mail) => mail.to && JSON.stringify(mail.to).includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
