/**
 * A real SMTP server on loopback (the smtp-server package) that stores every message it
 * receives as a file, so tests in other processes can read the mail the app sent.
 */
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export async function startMailCatcher(dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const file = path.join(dir, `${Date.now()}-${++counter}.eml`);
        fs.writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for the newest message to `to` and returns the first link in it that matches. */
export async function waitForLink(dir: string, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      if (!raw.startsWith(`X-Envelope-To: ${to}`)) continue;
      // Quoted-printable soft line breaks and escapes, so the link reads whole.
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const match = text.match(pattern);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
