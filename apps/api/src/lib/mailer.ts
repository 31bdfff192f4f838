import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { createTransport, Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log: an SMTP host or the outbox folder. */
  readonly destination: string;
}

/**
 * A transport made on the first mail: nodemailer costs an idle instance about 5 MB of heap, and
 * many instances send nothing for a while after they start.
 */
function lazyTransport(options: Parameters<typeof createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport(options),
    ));
}

/** Sends over SMTP (`SMTP_URL`). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport(url);
  const host = new URL(url).host;
  return {
    destination: `SMTP ${host}`,
    async send(mail) {
      await (await transport()).sendMail({ from, ...mail });
    },
  };
}

/**
 * With no SMTP server configured, each mail is written as an .eml file into an outbox folder
 * that the operator can open with any mail reader.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `outbox folder ${dir}`,
    async send(mail) {
      const info = (await (await transport()).sendMail({ from, ...mail })) as { message: Buffer };
      mkdirSync(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`;
      writeFileSync(path.join(dir, file), info.message);
    },
  };
}
