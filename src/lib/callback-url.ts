/**
 * A callbackUrl arrives relative from the route guard ("/settings") and absolute from
 * next-auth's useSession({required}) ("http://host/settings"). Only same-origin targets
 * are followed; anything else (another origin, javascript:, protocol-relative "//evil")
 * falls back to "/". The result is always a path, so it can never leave the site.
 */
/**
 * Whether next-auth takes `raw` as a callbackUrl query value: an http(s) address, or a path
 * starting with "/" (next-auth's own `assertConfig` rule; anything else it answers with a 500).
 */
export function nextAuthAcceptsCallbackUrl(raw: unknown, origin: string): boolean {
  if (typeof raw !== "string") return false;
  try {
    return /^https?:/.test(new URL(raw, raw.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

export function safeCallbackPath(raw: unknown, origin: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return "/";
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin) return "/";
  if (url.protocol !== "http:" && url.protocol !== "https:") return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A person is sent to pages, never to an API route.
  if (url.pathname.startsWith("/api/")) return "/";
  return path.startsWith("/") && !path.startsWith("//") ? path : "/";
}
