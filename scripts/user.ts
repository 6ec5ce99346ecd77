/**
 * Create or promote accounts from the command line:
 *   npm run user -- create --email ann@example.com --name "Ann" [--password '…'] [--admin | --role organiser]
 *   npm run user -- promote ann@example.com
 *   npm run user -- role ann@example.com organiser     (member, organiser or admin)
 * On the embedded database this refuses while a server holds ./data (PGlite is one process).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { audit } from "@/server/audit";
import { hashPassword } from "@/server/auth/passwords";
import { createUser, EmailTakenError, findUserByEmail } from "@/server/auth/users";
import { closeOnSignals, getDatabase } from "@/server/db";
import { users } from "@/server/db/schema";
import { changeUser, endsSessions } from "@/features/admin/server/users";
import { isDomainError } from "@/domain/errors";
import { isRole, ROLES, type Role } from "@/lib/roles";
import { emailSchema, displayNameSchema, passwordSchema } from "@/lib/validation/account";

const USAGE = `Usage:
  npm run user -- create --email <address> --name <display name> [--password <password>] [--admin | --role <role>]
  npm run user -- promote <address>
  npm run user -- role <address> <role>
Roles: ${ROLES.join(", ")} (an organiser runs classes).`;

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

function valid<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } }, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(`${what}: ${result.error.issues[0]!.message}`);
  return result.data;
}

async function main() {
  const { positionals, values } = parseArgs({
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
  const [command, target, roleArgument] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command !== "create" && command !== "promote" && command !== "role") fail(`unknown command "${command}"\n${USAGE}`);
  const wanted = command === "role" ? roleArgument : values.admin ? "admin" : values.role;
  if (command === "role" && wanted === undefined) fail(`name the role: ${ROLES.join(", ")}\n${USAGE}`);
  if (wanted !== undefined && !isRole(wanted)) fail(`unknown role "${wanted}": use ${ROLES.join(", ")}`);
  const role = wanted as Role | undefined;

  // Validate everything before opening the database: a typo should answer at once.
  const email = valid(emailSchema, command === "create" ? values.email : (target ?? values.email), command === "create" ? "--email" : "address");
  const name = valid(displayNameSchema, values.name ?? email.split("@")[0], "--name");
  const generated = values.password === undefined;
  const password = generated ? randomBytes(12).toString("base64url") : valid(passwordSchema, values.password, "--password");

  let handle;
  try {
    handle = await getDatabase();
    closeOnSignals(handle);
  } catch (error) {
    fail((error as Error).message);
  }
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
        if (error instanceof EmailTakenError) fail(`an account with ${email} already exists (use "promote" to make it an admin)`);
        throw error;
      });
      await audit(db, { action: "account.registered", subjectId: user.id, detail: { via: "cli", role: user.role } });
      console.log(`Created ${user.role} ${user.email} (${user.id}).`);
      if (generated) console.log(`Password: ${password}\nGive it to the person and ask them to change it in Settings.`);
    } else if (command === "role") {
      const user = await findUserByEmail(db, email);
      if (!user) fail(`no account with ${email}`);
      if (user.role === role) {
        console.log(`${email} is already ${role === "admin" || role === "organiser" ? `an ${role}` : "a member"}.`);
      } else {
        // The admin page's use-case: audited, sessions ended, and never the last admin demoted.
        await changeUser(db, null, user.id, { role }, null, { via: "cli" }).catch((error: unknown) => {
          if (isDomainError(error)) fail(error.message);
          throw error;
        });
        const ended = endsSessions(user.role, { role });
        console.log(`${email} is now ${role === "member" ? "a member" : `an ${role}`} (${ended ? "their sessions were ended" : "it takes effect at their next request, no sign-in needed"}).`);
      }
    } else {
      const user = await findUserByEmail(db, email);
      if (!user) fail(`no account with ${email}`);
      if (user.role === "admin") {
        console.log(`${email} is already an admin.`);
      } else {
        // A role granted keeps the person's sessions: every session read takes the role from the row.
        await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
        await audit(db, { action: "admin.role-changed", subjectId: user.id, detail: { from: user.role, to: "admin", via: "cli" } });
        console.log(`${email} is now an admin (the admin area opens at their next request).`);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error)));
