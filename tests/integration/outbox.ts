import fs from "node:fs";
import path from "node:path";
import { testDataDir } from "../setup/test-env";

/** The newest message the app wrote to the outbox for `to`, and the first link in it. */
export function lastMailTo(to: string): { text: string; link: string | undefined } | undefined {
  const dir = path.join(testDataDir, "outbox");
  if (!fs.existsSync(dir)) return undefined;
  const files = fs.readdirSync(dir).sort().reverse();
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    if (text.startsWith(`To: ${to}\n`)) return { text, link: text.match(/https?:\/\/\S+/)?.[0] };
  }
  return undefined;
}

export function tokenFrom(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}
