/**
 * getServerSideProps for guarded pages: the session is checked on the server (token
 * version included), admins-only pages answer 403 to members, and every page gets the
 * runtime settings the client needs (the session poll interval is read at run time).
 */
import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { Session } from "next-auth";
import { env } from "@/env";
import { findUnsafeText } from "@/lib/text";
import { hasRole, type Role } from "@/lib/roles";
import { isDomainError } from "@/domain/errors";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@/server/db/unavailable";
import { clientIp, requestIdFor, runWithRequestContext } from "@/server/http/request-context";
import { resolveTimeZone } from "@/server/http/time-zone";
import { logger } from "@/server/logger";
import { whenStarted } from "@/server/readiness";
import { getServerAuthSession } from "./session";

export interface BasePageProps {
  session: Session | null;
  sessionPollSeconds: number;
  /**
   * The zone every time on the page is shown in (the profile's, else the browser's from its
   * tl-tz cookie, else UTC): resolved here so the server and the browser format alike.
   */
  timeZone: string;
  /** Set when someone opens a page of a role above theirs (a member on an admin page): the page shows a clear 403. */
  forbidden?: boolean;
  /** Set when the database cannot be reached: the page shows "retrying" instead of itself. */
  databaseUnavailable?: boolean;
}

type Loader<P> = (ctx: GetServerSidePropsContext, session: Session) => Promise<GetServerSidePropsResult<P>>;

export function runtimeProps(session: Session | null, cookies: Partial<Record<string, string>> = {}): BasePageProps {
  return { session, sessionPollSeconds: env().SESSION_POLL_SECONDS, timeZone: resolveTimeZone(session?.user.timeZone, cookies) };
}

export const THEME_COOKIE = "tl-theme";

/**
 * The theme is a profile preference; the cookie lets the server render it without a flash.
 * On a device that has not seen the preference yet, set the cookie now: _document reads it
 * from this response.
 */
function syncThemeCookie(ctx: GetServerSidePropsContext, theme: Session["user"]["theme"]) {
  if (ctx.req.cookies[THEME_COOKIE] === theme) return;
  const cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  const existing = ctx.res.getHeader("Set-Cookie");
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  ctx.res.setHeader("Set-Cookie", [...list, cookie]);
}

/**
 * A page's getServerSideProps that survives a database outage: instead of the sign-in page or
 * a 500, a 503 with the "retrying" state (_app renders it in place of the page), and no
 * cookie touched (docs/decisions/026). guardedPage applies it; pages without a guard that
 * read the session (the sign-in page) wrap themselves in it.
 */
export function outageAware<P extends object>(getProps: GetServerSideProps<P>): GetServerSideProps<P> {
  return (ctx) =>
    // The request's context (its X-Request-Id, from the proxy) for every log line the page writes.
    runWithRequestContext({ ip: clientIp(ctx.req), requestId: requestIdFor(ctx.req, ctx.res) }, () => answerOrOutage(getProps, ctx));
}

async function answerOrOutage<P extends object>(getProps: GetServerSideProps<P>, ctx: GetServerSidePropsContext): ReturnType<GetServerSideProps<P>> {
  try {
    await whenStarted(); // as every request: after the start (src/server/readiness.ts)
    const result = await getProps(ctx);
    const log = logger();
    if (log.isLevelEnabled("debug")) log.debug({ page: ctx.resolvedUrl.split("?")[0], status: ctx.res.statusCode }, "[page] props ready");
    return result;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    ctx.res.statusCode = 503;
    ctx.res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    // The page's own props are not there: only _app's, which shows the outage state.
    return { props: { ...runtimeProps(null, ctx.req.cookies), databaseUnavailable: true } as BasePageProps as P };
  }
}

/**
 * The input rule (src/lib/text.ts) for a page: a path parameter or query value with a NUL or a
 * lone surrogate names nothing that can exist, so the page answers 404 before any query runs.
 */
export function hasUnsafePageInput(ctx: Pick<GetServerSidePropsContext, "params" | "query">): boolean {
  return findUnsafeText(ctx.params ?? {}) !== null || findUnsafeText(ctx.query) !== null;
}

export function guardedPage<P extends object = object>(
  options: { role?: Role },
  load?: Loader<P>,
): GetServerSideProps<P & BasePageProps> {
  return outageAware(async (ctx) => {
    if (hasUnsafePageInput(ctx)) return { notFound: true };
    const session = await getServerAuthSession(ctx);
    if (!session) {
      // A revoked or expired session: next-auth cleared its cookie on this response.
      const callbackUrl = encodeURIComponent(ctx.resolvedUrl);
      return { redirect: { destination: `/login?error=SessionRequired&callbackUrl=${callbackUrl}`, permanent: false } };
    }
    syncThemeCookie(ctx, session.user.theme);
    if (options.role && !hasRole(session.user.role, options.role)) {
      ctx.res.statusCode = 403;
      return { props: { ...runtimeProps(session, ctx.req.cookies), forbidden: true } as P & BasePageProps };
    }
    let result: GetServerSidePropsResult<P>;
    try {
      result = load ? await load(ctx, session) : { props: {} as P };
    } catch (error) {
      // A use-case that finds nothing (an unknown course, an unpublished lesson) is a 404 page.
      if (isDomainError(error) && error.kind === "not-found") return { notFound: true };
      throw error;
    }
    if (!("props" in result)) return result;
    const props = await result.props;
    return { props: { ...props, ...runtimeProps(session, ctx.req.cookies) } };
  });
}
