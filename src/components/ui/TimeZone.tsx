/**
 * The zone every time on the page is shown in, handed down from the server's page props so
 * the server's HTML and the browser's hydration format alike (docs/decisions/028-time-zones.md).
 */
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_TIME_ZONE, timeFormat, type TimeFormat } from "@/lib/format";
import styles from "./ui.module.css";

const ZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <ZoneContext.Provider value={timeZone}>{children}</ZoneContext.Provider>;
}

/** The formatter of the page's zone: use it for every time shown. */
export function useTimeFormat(): TimeFormat {
  return timeFormat(useContext(ZoneContext));
}

/** "Times in Europe/Paris": said once near the times it is about. */
export function TimeZoneNote({ className }: { className?: string }) {
  const { timeZone } = useTimeFormat();
  return (
    <p className={[styles.zoneNote, className].filter(Boolean).join(" ")} data-testid="time-zone-note">
      Times in {timeZone}
    </p>
  );
}
