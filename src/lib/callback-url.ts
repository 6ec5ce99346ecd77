/**
 * A callbackUrl arrives relative from the route guard ("/settings") and absolute from
 * next-auth's useSession({required}) ("http://host/settings"). Only same-origin targets
 * are followed; anything else (another origin, javascript:, protocol-relative "//evil")
 * falls back to "/". The result is always a path, so it can never leave the site.
 */
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
