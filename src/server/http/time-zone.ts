/**
 * The learner's time zone: the one in their profile, else the browser's (sent as the
 * tl-tz cookie by the app), else UTC. Anything that is not a real IANA zone is ignored.
 */
import { isTimeZone } from "@/lib/time-zone";

export const TIME_ZONE_COOKIE = "tl-tz";

export function resolveTimeZone(profileZone: string | null | undefined, cookies: Partial<Record<string, string>>): string {
  if (isTimeZone(profileZone)) return profileZone;
  const fromBrowser = cookies[TIME_ZONE_COOKIE] ? decodeURIComponent(cookies[TIME_ZONE_COOKIE]!) : undefined;
  return isTimeZone(fromBrowser) ? fromBrowser : "UTC";
}
