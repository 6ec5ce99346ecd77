/**
 * next-auth configuration. next-auth *is* the specification's sign-in protocol; this file
 * only configures it: providers, JWT sessions carrying id/name/email/role, the per-user
 * token version that makes revocation work, and the audit trail.
 */
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import EmailProvider from "next-auth/providers/email";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import type { Provider } from "next-auth/providers/index";
import { eq } from "drizzle-orm";
import { env } from "@/env";
import { safeCallbackPath } from "@/lib/callback-url";
import { audit } from "@/server/audit";
import { getDb } from "@/server/db";
import { users } from "@/server/db/schema";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { canSendMail, sendMail } from "@/server/email";
import { emails } from "@/server/email/templates";
import { clearAddress } from "@/server/http/rate-limit";
import { requestContext } from "@/server/http/request-context";
import { logger } from "@/server/logger";
import { displayNameSchema, signInSchema } from "@/lib/validation/account";
import { tickerlabAdapter } from "./adapter";
import { decodeSessionToken, encodeSessionToken } from "./jwt";
import { verifyPassword } from "./passwords";
import { bumpTokenVersion, findSessionUser, findUserByEmail, findUserBySignInName, isActiveUser, sessionUserOf } from "./users";

/** Thrown from the jwt callback: next-auth then clears the cookie and answers "no session". */
export class SessionRevokedError extends Error {
  readonly name = "SessionRevokedError";
}

/**
 * By name, not instanceof: the options (and so the jwt callback) are built once per process
 * by whichever bundle asks first, and every bundle has its own copy of the class.
 */
export function isSessionRevoked(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "SessionRevokedError";
}

export const ACCOUNT_DISABLED = "AccountDisabled";

/**
 * How old a session cookie may get before a server-side session read re-issues it (the
 * sliding expiry). next-auth's own session read re-issues it on every call; getServerAuthSession
 * does it at most once an hour (docs/decisions/022).
 */
export const SESSION_REFRESH_SECONDS = 60 * 60;

function providers(): Provider[] {
  const config = env();
  const list: Provider[] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      // The field keeps the protocol's name; it takes a roster account's username too (decision 038).
      credentials: {
        email: { label: "Email or username", type: "text" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        const parsed = signInSchema.safeParse(credentials ?? {});
        if (!parsed.success) {
          // Not an address or a username: still as slow as a wrong password, so the answer's
          // timing says nothing about what was typed.
          await verifyPassword(null, "");
          return null;
        }
        const { email: name, password } = parsed.data;
        const db = await getDb();
        const user = await findUserBySignInName(db, name);
        const ok = await verifyPassword(user?.passwordHash, password);
        const ip = requestContext()?.ip ?? null;
        if (!ok || !user) {
          const who = name.includes("@") ? { email: name } : { username: name };
          await audit(db, { action: "auth.sign-in-failed", subjectId: user?.id, ip, detail: { ...who, provider: "credentials" } });
          return null;
        }
        // Only someone who knows the password learns that the account is disabled.
        if (user.disabledAt) throw new Error(ACCOUNT_DISABLED);
        await clearAddress(db, "sign-in", name);
        return { id: user.id, email: user.email, name: user.name } satisfies User;
      },
    }),
  ];
  if (canSendMail()) {
    list.push(
      EmailProvider({
        // Never used: sendVerificationRequest below delivers the mail (or writes the outbox).
        server: config.SMTP_URL ?? "smtp://localhost:25",
        from: config.EMAIL_FROM,
        maxAge: 24 * 60 * 60,
        async sendVerificationRequest({ identifier, url }) {
          const user = await findUserByEmail(await getDb(), identifier);
          // A disabled account gets no link; the answer looks the same to the requester.
          if (user?.disabledAt) return;
          await sendMail(emails.signInLink(identifier, url));
        },
      }),
    );
  }
  if (config.GITHUB_ID && config.GITHUB_SECRET) {
    list.push(GitHubProvider({ clientId: config.GITHUB_ID, clientSecret: config.GITHUB_SECRET }));
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    list.push(GoogleProvider({ clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }));
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    list.push({
      id: "oidc",
      name: config.OIDC_NAME,
      type: "oauth",
      wellKnown: `${config.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      profile(profile: { sub: string; name?: string; preferred_username?: string; email: string; picture?: string }) {
        return {
          id: profile.sub,
          name: profile.name ?? profile.preferred_username ?? null,
          email: profile.email,
          image: profile.picture ?? null,
        };
      },
    });
  }
  return list;
}

function buildAuthOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.NEXTAUTH_SECRET,
    adapter: tickerlabAdapter(),
    // With an adapter next-auth would switch to database sessions; credentials need JWT.
    session: { strategy: "jwt", maxAge: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60, updateAge: SESSION_REFRESH_SECONDS },
    // next-auth's format, with the key derived once per process (./jwt.ts).
    jwt: { encode: encodeSessionToken, decode: decodeSessionToken },
    // What next-auth would decide from NEXTAUTH_URL; stated here because session.ts needs the cookie's name.
    useSecureCookies: config.APP_ORIGIN.startsWith("https://"),
    providers: providers(),
    pages: { signIn: "/login", error: "/auth/error", verifyRequest: "/login?sent=email" },
    callbacks: {
      async signIn({ user, account, email }) {
        if (!account || email?.verificationRequest) return true;
        const db = await getDb();
        const existing = user.email ? await findUserByEmail(db, user.email) : undefined;
        if (!existing) return true;
        if (existing.disabledAt) return `/login?error=${ACCOUNT_DISABLED}`;
        if (account.provider === "email" && existing.passwordHash && !existing.emailVerified) {
          // Someone set a password on this address without ever proving they own it. The
          // owner has now proved it: that password stops working and its sessions end.
          await db.update(users).set({ passwordHash: null }).where(eq(users.id, existing.id));
          await bumpTokenVersion(db, existing.id);
          await audit(db, {
            action: "auth.password-cleared-unverified",
            subjectId: existing.id,
            ip: requestContext()?.ip,
          });
        }
        return true;
      },
      async jwt({ token, user, trigger, session }) {
        const db = await getDb();
        const id = user?.id ?? token.uid;
        if (!id) throw new SessionRevokedError("token without a user");
        const found = await findSessionUser(db, id);
        const row = found?.user;
        if (!isActiveUser(row)) throw new SessionRevokedError("user gone or disabled");
        if (user) token.tv = row.tokenVersion;
        else if (token.tv !== row.tokenVersion) throw new SessionRevokedError("token version changed");
        if (trigger === "update") {
          // The only thing a person may change through the session call is their display name.
          const parsed = displayNameSchema.safeParse((session as { name?: unknown } | undefined)?.name);
          if (parsed.success && parsed.data !== row.name) {
            await db.update(users).set({ name: parsed.data }).where(eq(users.id, row.id));
            row.name = parsed.data;
          }
        }
        // The same user an API token's request gets (users.ts sessionUserOf).
        const person = sessionUserOf({ ...found!, user: row });
        token.uid = person.id;
        token.sub = person.id;
        token.name = person.name;
        token.email = person.email;
        token.username = person.username;
        token.role = person.role;
        token.roster = person.roster;
        token.classes = person.classes;
        token.verified = person.emailVerified;
        token.theme = person.theme;
        token.tz = person.timeZone;
        delete token.picture;
        return token;
      },
      async session({ session, token }) {
        session.user = {
          id: token.uid!,
          name: token.name ?? "",
          email: token.email ?? null,
          username: token.username ?? null,
          role: token.role ?? "member",
          roster: token.roster ?? false,
          classes: token.classes ?? false,
          emailVerified: token.verified ?? false,
          theme: token.theme ?? "system",
          timeZone: token.tz ?? null,
        };
        return session;
      },
      async redirect({ url, baseUrl }) {
        return new URL(safeCallbackPath(url, baseUrl), baseUrl).toString();
      },
    },
    events: {
      async signIn({ user, account, isNewUser }) {
        await audit(await getDb(), {
          action: "auth.sign-in",
          subjectId: user.id,
          actorId: user.id,
          ip: requestContext()?.ip,
          detail: { provider: account?.provider ?? "unknown", isNewUser: Boolean(isNewUser) },
        });
      },
    },
    logger: {
      error(code, metadata) {
        const cause = (metadata as { name?: string; message?: string } | undefined) ?? {};
        if (code === "JWT_SESSION_ERROR" && isSessionRevoked(cause)) {
          logger().info({ reason: cause.message }, "[auth] revoked session refused");
          return;
        }
        if (isDatabaseUnavailable(metadata)) {
          // The session stays: the callers answer 503 and keep the cookie (docs/decisions/026).
          logger().warn({ code, reason: cause.message }, "[auth] could not reach the database");
          return;
        }
        logger().error({ code, metadata: trimForLog(metadata) }, `[auth] ${code}`);
      },
      warn(code) {
        logger().warn({ code }, `[auth] ${code}`);
      },
      debug(code, metadata) {
        logger().debug({ code, metadata: trimForLog(metadata) }, `[auth] ${code}`);
      },
    },
  };
}

/** Client reports arrive through here; they must never write unbounded text to the log. */
function trimForLog(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message.slice(0, 500), stack: value.stack?.slice(0, 2000) };
  const text = JSON.stringify(value ?? null) ?? "null";
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : value;
}

const KEY = Symbol.for("tickerlab.authOptions");
type Holder = { [KEY]?: NextAuthOptions };

export function authOptions(): NextAuthOptions {
  const holder = globalThis as Holder;
  holder[KEY] ??= buildAuthOptions();
  return holder[KEY];
}
