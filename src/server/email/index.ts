/**
 * Outgoing mail. With SMTP_URL it goes through nodemailer; without it, each message is written
 * to DATA_DIR/outbox, and on the embedded database (a local install) also to the server log,
 * so every link still works.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/env";
import { logger } from "@/server/logger";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const KEY = Symbol.for("tickerlab.mailer");
type Holder = { [KEY]?: Transporter };

function transporter(url: string): Transporter {
  const holder = globalThis as Holder;
  holder[KEY] ??= nodemailer.createTransport(url);
  return holder[KEY];
}

/** Whether mail reaches people: a real SMTP server, or the local outbox of an embedded install. */
export function canSendMail(): boolean {
  const config = env();
  return Boolean(config.SMTP_URL) || config.usesEmbeddedDatabase;
}

export async function sendMail(mail: Mail): Promise<void> {
  const config = env();
  if (config.SMTP_URL) {
    await transporter(config.SMTP_URL).sendMail({ from: config.EMAIL_FROM, ...mail });
    return;
  }
  const outbox = path.resolve(config.DATA_DIR, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.txt`);
  await fs.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
  if (config.usesEmbeddedDatabase) {
    // A local install: the log is the person's own terminal, and the link is how they get in.
    logger().info({ to: mail.to, subject: mail.subject, file }, `[mail] no SMTP_URL: message written to the outbox\n${mail.text}`);
  } else {
    // A server install: live links must not sit in a shared log.
    logger().warn({ to: mail.to, subject: mail.subject, file }, "[mail] SMTP_URL is not set: message kept in the outbox only, not delivered");
  }
}
