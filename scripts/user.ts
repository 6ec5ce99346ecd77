/**
 * Create or promote accounts from the command line:
 *   npm run user -- create --email ann@example.com --name "Ann" [--password '…'] [--admin | --role organiser]
 *   npm run user -- promote ann@example.com
 *   npm run user -- role ann@example.com organiser     (member, organiser or admin)
 * On the embedded database this refuses while a server holds ./data (PGlite is one process).
 * The commands themselves: scripts/lib/user-command.ts.
 */
import { closeOnSignals, getDatabase } from "@/server/db";
import { runUserCommand } from "./lib/user-command";

runUserCommand(process.argv.slice(2), {
  open: async () => {
    const handle = await getDatabase();
    closeOnSignals(handle);
    return handle;
  },
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`error: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  },
);
