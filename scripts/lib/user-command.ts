/**
 * What `npm run user -- …` does, given a way to open the database and two output lines: the
 * shell (scripts/user.ts) opens the process's database and exits with the returned code; the
 * integration test runs the same commands in-process on its test database, and spawns the shell
 * only for what only a process shows (exit codes, the embedded database's lock).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { audit } from "@/server/audit";
import { hashPassword } from "@/server/auth/passwords";
import { createUser, EmailTakenError, findUserByEmail } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { users } from "@/server/db/schema";
import { changeUser, endsSessions } from "@/features/admin/server/users";
import { isDomainError } from "@/domain/errors";
import { isRole, ROLES, type Role } from "@/lib/roles";
import { emailSchema, displayNameSchema, passwordSchema } from "@/lib/validation/account";

export const USER_COMMAND_USAGE = `Usage:
  npm run user -- create --email <address> --name <display name> [--password <password>] [--admin | --role <role>]
  npm run user -- promote <address>
  npm run user -- role <address> <role>
Roles: ${ROLES.join(", ")} (an organiser runs classes).`;

export interface UserCommandIo {
  /** Opens the database the command works on; `close` is called when the command ends. */
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  out(line: string): void;
  err(line: string): void;
}

/** A refusal the operator reads as `error: …` with exit code 1. */
class Refusal extends Error {}

function refuse(message: string): never {
  throw new Refusal(message);
}

function valid<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } }, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) refuse(`${what}: ${result.error.issues[0]!.message}`);
  return result.data;
}

/** Runs one command line (without `npm run user --`); resolves with the process's exit code. */
export async function runUserCommand(argv: string[], io: UserCommandIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    io.err(`error: ${error.message}`);
    return 1;
  }
}

async function run(argv: string[], io: UserCommandIo): Promise<void> {
  const { positionals, values } = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          email: { type: "string" },
          name: { type: "string" },
          password: { type: "string" },
          admin: { type: "boolean", default: false },
          role: { type: "string" },
          help: { type: "boolean", short: "h", default: false },
        },
      });
    } catch (error) {
      return refuse(`${(error as Error).message}\n${USER_COMMAND_USAGE}`);
    }
  })();
  const [command, target, roleArgument] = positionals;
  if (values.help || !command) {
    io.out(USER_COMMAND_USAGE);
    return;
  }
  if (command !== "create" && command !== "promote" && command !== "role") refuse(`unknown command "${command}"\n${USER_COMMAND_USAGE}`);
  const wanted = command === "role" ? roleArgument : values.admin ? "admin" : values.role;
  if (command === "role" && wanted === undefined) refuse(`name the role: ${ROLES.join(", ")}\n${USER_COMMAND_USAGE}`);
  if (wanted !== undefined && !isRole(wanted)) refuse(`unknown role "${wanted}": use ${ROLES.join(", ")}`);
  const role = wanted as Role | undefined;

  // Validate everything before opening the database: a typo should answer at once.
  const email = valid(emailSchema, command === "create" ? values.email : (target ?? values.email), command === "create" ? "--email" : "address");
  const name = valid(displayNameSchema, values.name ?? email.split("@")[0], "--name");
  const generated = values.password === undefined;
  const password = generated ? randomBytes(12).toString("base64url") : valid(passwordSchema, values.password, "--password");

  const handle = await io.open().catch((error: unknown) => refuse((error as Error).message));
  const { db } = handle;
  try {
    if (command === "create") {
      const user = await createUser(db, {
        email,
        name,
        passwordHash: await hashPassword(password),
        // Created by someone with access to the server: the address needs no confirmation.
        emailVerified: new Date(),
        ...(role && { role }),
      }).catch((error: unknown) => {
        if (error instanceof EmailTakenError) refuse(`an account with ${email} already exists (use "promote" to make it an admin)`);
        throw error;
      });
      await audit(db, { action: "account.registered", subjectId: user.id, detail: { via: "cli", role: user.role } });
      io.out(`Created ${user.role} ${user.email} (${user.id}).`);
      if (generated) io.out(`Password: ${password}\nGive it to the person and ask them to change it in Settings.`);
    } else if (command === "role") {
      const user = await findUserByEmail(db, email);
      if (!user) refuse(`no account with ${email}`);
      if (user.role === role) {
        io.out(`${email} is already ${role === "admin" || role === "organiser" ? `an ${role}` : "a member"}.`);
      } else {
        // The admin page's use-case: audited, sessions ended, and never the last admin demoted.
        await changeUser(db, null, user.id, { role }, null, { via: "cli" }).catch((error: unknown) => {
          if (isDomainError(error)) refuse(error.message);
          throw error;
        });
        const ended = endsSessions(user.role, { role });
        io.out(`${email} is now ${role === "member" ? "a member" : `an ${role}`} (${ended ? "their sessions were ended" : "it takes effect at their next request, no sign-in needed"}).`);
      }
    } else {
      const user = await findUserByEmail(db, email);
      if (!user) refuse(`no account with ${email}`);
      if (user.role === "admin") {
        io.out(`${email} is already an admin.`);
      } else {
        // A role granted keeps the person's sessions: every session read takes the role from the row.
        await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
        await audit(db, { action: "admin.role-changed", subjectId: user.id, detail: { from: user.role, to: "admin", via: "cli" } });
        io.out(`${email} is now an admin (the admin area opens at their next request).`);
      }
    }
  } finally {
    await handle.close();
  }
}
