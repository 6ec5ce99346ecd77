import { getSession, useSession } from "next-auth/react";
import { useEffect } from "react";

const KEY = "tickerlab.session-user";

/**
 * next-auth tells other tabs about a sign-out, but not about a sign-in made with
 * redirect:false or through an emailed link opened in a new tab. When this tab finds a
 * different person signed in than the last tab recorded, it records them and calls
 * getSession(), which broadcasts on next-auth's own channel: every other tab refetches.
 */
export function SessionBroadcast() {
  const { data, status } = useSession();
  const userId = data?.user?.id ?? "";
  useEffect(() => {
    if (status === "loading") return;
    let last: string | null = null;
    try {
      last = localStorage.getItem(KEY);
    } catch {
      return; // storage blocked: nothing to sync with
    }
    if (last === userId) return;
    localStorage.setItem(KEY, userId);
    if (userId) void getSession();
  }, [status, userId]);
  return null;
}

/**
 * Tells the server the browser's time zone (a cookie), so a person without a zone in their
 * profile has their streak counted in their own day and sees times on their own clock
 * (docs/decisions/028-time-zones.md).
 */
export function TimeZoneCookie() {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const cookie = `tl-tz=${encodeURIComponent(zone)}`;
    if (!document.cookie.split("; ").includes(cookie)) document.cookie = `${cookie}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, []);
  return null;
}
