/**
 * The one way to read the session on the server (pages and API routes).
 *
 * Every read runs next-auth's jwt callback (options.ts), which loads the user row and
 * compares the token version, so a revoked or disabled person never gets a session here.
 * What it does not do on every read is what next-auth's getServerSession does: re-encrypt
 * the token and send it back (plus CSRF and callback cookies) on every answer. A valid
 * cookie younger than SESSION_REFRESH_SECONDS is only read; an older one, one that does not
 * decrypt, and a revoked one go through getServerSession itself, which re-issues or clears
 * the cookie exactly as next-auth always has (docs/decisions/005 and 022).
 *
 * A failure to check — the database unreachable (isDatabaseUnavailable) — throws that error
 * and never touches the cookie, on either path: "can't check right now" is not "revoked"
 * (docs/decisions/026). Callers turn it into a 503 (apiRoute) or the outage page (guardedPage).
 */
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next";
import { getServerSession, type NextAuthOptions, type Session, type User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { holdResponse } from "./held-response";
import { decodeSessionToken } from "./jwt";
import { authOptions, isSessionRevoked } from "./options";

type Ctx =
  | Pick<GetServerSidePropsContext, "req" | "res">
  | { req: NextApiRequest; res: NextApiResponse };

export async function getServerAuthSession(ctx: Ctx): Promise<Session | null> {
  const options = authOptions();
  const raw = sessionCookie(ctx.req.cookies, options);
  // No cookie: next-auth would answer "no session" without touching the response either.
  if (!raw) return null;
  const token = await decodeSessionToken({ token: raw, secret: options.secret! }).catch(() => null);
  if (token) {
    const due = refreshDue(token, options);
    try {
      const checked = await runJwtCallback(token, options);
      if (!due) return await sessionOf(checked, options);
    } catch (error) {
      // Revoked: next-auth below runs the same check, answers null and clears the cookie.
      // Anything else (the database unreachable) is an error, not a reason to sign someone out.
      if (!isSessionRevoked(error)) throw error;
    }
  }
  // Undecryptable or expired, revoked, or due for its sliding refresh (then the row is read
  // twice, once an hour): next-auth re-issues or clears the cookie as it always has — unless
  // its check could not reach the database, when its cookies are dropped and the error thrown.
  const watched = watchDatabase(options);
  const held = holdResponse();
  const session = await getServerSession(ctx.req, held.res, watched.options);
  watched.throwIfUnavailable();
  held.copyCookiesTo(ctx.res);
  return session?.user?.id ? session : null;
}

/**
 * next-auth's options for one request, with a jwt callback that remembers a database failure.
 * next-auth swallows whatever the callback throws (logs it, answers "no session", clears the
 * cookie); the caller asks afterwards which it was.
 */
export function watchDatabase(options: NextAuthOptions) {
  let failure: unknown;
  const jwt = options.callbacks!.jwt!;
  return {
    options: {
      ...options,
      callbacks: {
        ...options.callbacks,
        async jwt(params: Parameters<typeof jwt>[0]) {
          try {
            return await jwt(params);
          } catch (error) {
            if (isDatabaseUnavailable(error)) failure ??= error;
            throw error;
          }
        },
      },
    } satisfies NextAuthOptions,
    get unavailable() {
      return failure !== undefined;
    },
    throwIfUnavailable() {
      if (failure !== undefined) throw failure;
    },
  };
}

/** next-auth's session cookie, joined from its chunks as next-auth's SessionStore reads it. */
function sessionCookie(cookies: Partial<Record<string, string>>, options: NextAuthOptions): string {
  // next-auth's defaultCookies(): the name, with the __Secure- prefix on https.
  const name = `${options.useSecureCookies ? "__Secure-" : ""}next-auth.session-token`;
  const suffix = (key: string) => parseInt(key.split(".").pop() ?? "0");
  return Object.keys(cookies)
    .filter((key) => key.startsWith(name))
    .sort((a, b) => suffix(a) - suffix(b))
    .map((key) => cookies[key])
    .join("");
}

function refreshDue(token: JWT, options: NextAuthOptions): boolean {
  const issuedAt = token.iat;
  if (typeof issuedAt !== "number") return true;
  return Date.now() / 1000 - issuedAt >= options.session!.updateAge!;
}

/** As next-auth's session route calls it on a read (no sign-in, no update). */
async function runJwtCallback(token: JWT, options: NextAuthOptions): Promise<JWT> {
  return options.callbacks!.jwt!({ token, session: undefined } as unknown as { token: JWT; user: User; account: null });
}

type SessionCallback = (params: { session: Pick<Session, "expires"> & { user: { name?: string | null; email?: string | null; image?: string | null } }; token: JWT }) => Promise<Session>;

/** The session object next-auth's session route builds; `expires` is the cookie's, since it was not re-issued. */
async function sessionOf(token: JWT, options: NextAuthOptions): Promise<Session | null> {
  const expires = new Date(Number(token.exp) * 1000).toISOString();
  const callback = options.callbacks!.session! as unknown as SessionCallback;
  const session = await callback({ session: { user: { name: token.name, email: token.email, image: token.picture }, expires }, token });
  return session?.user?.id ? session : null;
}

export type SessionUser = Session["user"];
