import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Session } from "next-auth";
import { env } from "@/env";
import { mayCreateClasses } from "@/domain/classes";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { users, type Role } from "@/server/db/schema";
import { MEMBERS_MAY_CREATE_CLASSES_SQL } from "@/server/settings";

export type UserRow = typeof users.$inferSelect;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${normaliseEmail(email)}`).limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`).limit(1);
  return row;
}

/**
 * The account a sign-in name names: an email address when it has an "@" (no username has
 * one, src/lib/readable-codes.ts), else a roster account's username.
 */
export async function findUserBySignInName(db: DbOrTx, name: string): Promise<UserRow | undefined> {
  return name.includes("@") ? findUserByEmail(db, name) : findUserByUsername(db, name);
}

/** The name a person signs in with: their email address, or a roster account's username. */
export function signInNameOf(row: Pick<UserRow, "email" | "username">): string {
  return row.email ?? row.username ?? "";
}

/**
 * What a session needs besides the row, read in the same statement: whether the person is in
 * a class, and the admin setting that lets any member create one (the Classes link).
 */
const sessionFlags = {
  inClass: sql<boolean>`exists (select 1 from class_members cm where cm.user_id = ${users.id})`,
  membersMayCreateClasses: sql<boolean>`${MEMBERS_MAY_CREATE_CLASSES_SQL}`,
};

export interface SessionUserRow {
  user: UserRow;
  inClass: boolean;
  membersMayCreateClasses: boolean;
}

/** The session user's columns and flags, for a select that reads `users` (the token's statement joins it too). */
export const sessionUserColumns = { user: users, ...sessionFlags };

/**
 * What a live stream's heartbeat checks of each person (their session still valid?), for many
 * people in one statement: the shared heartbeat of every open stream (live-stream.ts).
 */
export async function sessionStatesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Pick<UserRow, "tokenVersion" | "disabledAt">>> {
  const states = new Map<string, Pick<UserRow, "tokenVersion" | "disabledAt">>();
  if (ids.length === 0) return states;
  const rows = await db.select({ id: users.id, tokenVersion: users.tokenVersion, disabledAt: users.disabledAt }).from(users).where(inArray(users.id, [...ids]));
  for (const row of rows) states.set(row.id, { tokenVersion: row.tokenVersion, disabledAt: row.disabledAt });
  return states;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

function prepareSessionUser(db: Db) {
  // Named: node-postgres parses and plans it once per pooled connection, not per request.
  // PGlite ignores the name; Drizzle still builds the SQL only once.
  return db.select(sessionUserColumns).from(users).where(eq(users.id, sql.placeholder("id"))).limit(1).prepare("tl_session_user");
}

const sessionUserStatements = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

/**
 * The user row behind a session, read on every session check (the jwt callback in
 * options.ts): the one statement a signed-in request costs for revocation to work.
 */
export async function findSessionUser(db: Db, id: string): Promise<SessionUserRow | undefined> {
  let statement = sessionUserStatements.get(db);
  if (!statement) {
    statement = prepareSessionUser(db);
    sessionUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/**
 * Whether a user row may act at all: the one rule behind every credential, a session cookie
 * (the jwt callback in options.ts) and an API token (api-tokens.ts) alike.
 */
export function isActiveUser(row: UserRow | undefined): row is UserRow {
  return Boolean(row && !row.disabledAt);
}

/** The session's user as every request sees it, built from the row for a cookie and a token alike. */
export function sessionUserOf({ user: row, inClass, membersMayCreateClasses }: SessionUserRow): Session["user"] {
  return {
    id: row.id,
    name: row.name ?? "",
    email: row.email,
    username: row.username,
    role: row.role,
    roster: row.kind === "roster",
    // Someone with a reason to see the Classes section: in a class, or allowed to create one.
    classes: Boolean(inClass) || mayCreateClasses({ role: row.role, kind: row.kind }, { membersMayCreateClasses: Boolean(membersMayCreateClasses) }),
    emailVerified: Boolean(row.emailVerified),
    theme: row.theme,
    timeZone: row.timeZone,
  };
}

/** Serialises "who is the first account?" and "who is the last admin?" decisions. */
const ROSTER_LOCK_KEY = 724_311_002;

export async function lockRoster(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROSTER_LOCK_KEY})`);
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
  }
}

export interface NewUser {
  email: string;
  name?: string | null;
  passwordHash?: string | null;
  emailVerified?: Date | null;
  image?: string | null;
  /** Forces a role (CLI); otherwise ADMIN_EMAILS or "first account" decides. */
  role?: Role;
}

/**
 * Creates an account. Admins are the addresses in ADMIN_EMAILS; when that is unset, the
 * first account on an empty database. The roster lock makes that decision safe when two
 * people sign up at the same moment: exactly one of them sees an empty table.
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    await lockRoster(tx);
    if (await findUserByEmail(tx, email)) throw new EmailTakenError();
    const adminEmails = env().ADMIN_EMAILS;
    let role: Role = input.role ?? "member";
    if (!input.role) {
      if (adminEmails.length > 0) role = adminEmails.includes(email) ? "admin" : "member";
      else role = (await hasNoAccounts(tx)) ? "admin" : "member";
    }
    const [row] = await tx
      .insert(users)
      .values({
        email,
        name: input.name?.trim() || email.split("@")[0]!,
        passwordHash: input.passwordHash ?? null,
        emailVerified: input.emailVerified ?? null,
        image: input.image ?? null,
        role,
      })
      .returning();
    return row!;
  });
}

async function hasNoAccounts(db: DbOrTx): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  return !existing;
}

/**
 * Who becomes an admin by signing up now, by createUser's rule: what the start-up's "Ready"
 * line tells the person who installed it (src/server/startup.ts). "nobody": there are accounts
 * but no admin and no ADMIN_EMAILS — an admin is made with `npm run user`.
 */
export type AdminOnSignUp = "admin-exists" | "first-account" | "listed-addresses" | "nobody";

export async function adminOnSignUp(db: DbOrTx): Promise<AdminOnSignUp> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
    .limit(1);
  if (admin) return "admin-exists";
  if (env().ADMIN_EMAILS.length > 0) return "listed-addresses";
  return (await hasNoAccounts(db)) ? "first-account" : "nobody";
}

/** Ends every session of the person at their next request. */
export async function bumpTokenVersion(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export class LastAdminError extends Error {
  constructor() {
    super("This is the last active admin. Make someone else an admin first.");
  }
}

/** Throws LastAdminError when `userId` is the only enabled admin. Call under lockRoster. */
/** The one active admin when there is exactly one (who may not be demoted or disabled), else null. */
export async function soleActiveAdminId(db: DbOrTx): Promise<string | null> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
    .limit(2);
  return admins.length === 1 ? admins[0]!.id : null;
}

export async function assertNotLastAdmin(tx: Tx, userId: string): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt), ne(users.id, userId)))
    .limit(1);
  if (others.length === 0) throw new LastAdminError();
}
