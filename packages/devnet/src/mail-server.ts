import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';

/** How a receiving server refuses, as mail servers really do it. */
export type SmtpRefusal =
  /** 451 4.7.1 at RCPT TO: greylisting, "try again later" (temporary). */
  | 'greylist'
  /** 550 5.7.1 at RCPT TO: the recipient is refused for good (permanent). */
  | 'reject'
  /** 554 5.7.1 in the greeting: the server will not talk to this client (permanent). */
  | 'block'
  /** 421 4.3.2 in the greeting, then the connection closes: busy or shutting down (temporary). */
  | 'busy';

/**
 * A real SMTP server on a loopback port (0, the default, picks a free one) that keeps what it
 * receives, for mail tests.
 *
 * It also refuses as receiving servers do (`refuseNext(kind, times)`): greylisting answers the
 * first attempt of a sender/recipient pair `451 4.7.1` at RCPT TO and accepts a later one (the
 * Postfix/postgrey wording "Recipient address rejected: Greylisted"); a refusal is `550 5.7.1`
 * at RCPT TO or `554` in the greeting; a busy server greets with `421` and hangs up (RFC 5321
 * sections 3.8 and 4.2.5: 4yz is to be retried later, 5yz not).
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
  const refusals: SmtpRefusal[] = [];
  /** Every RCPT TO and connection it refused, in order. */
  const refused: Array<{ kind: SmtpRefusal; recipient: string | null }> = [];
  const smtpError = (code: number, text: string) =>
    Object.assign(new Error(text), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      const kind = refusals[0];
      if (kind !== 'block' && kind !== 'busy') return callback();
      refusals.shift();
      refused.push({ kind, recipient: null });
      if (kind === 'block')
        return callback(smtpError(554, '5.7.1 Service unavailable; client host blocked'));
      callback(smtpError(421, '4.3.2 Service not available, closing transmission channel'));
    },
    onRcptTo(address, _session, callback) {
      const kind = refusals[0];
      if (kind !== 'greylist' && kind !== 'reject') return callback();
      refusals.shift();
      refused.push({ kind, recipient: address.address });
      if (kind === 'greylist') {
        return callback(
          smtpError(
            451,
            `4.7.1 <${address.address}>: Recipient address rejected: Greylisted, try again in 300 seconds`,
          ),
        );
      }
      callback(
        smtpError(550, `5.7.1 <${address.address}>: Recipient address rejected: Access denied`),
      );
    },
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
    refused,
    /** The next `times` connections (block, busy) or recipients (greylist, reject) are refused. */
    refuseNext(kind: SmtpRefusal, times = 1) {
      for (let i = 0; i < times; i += 1) refusals.push(kind);
    },
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
