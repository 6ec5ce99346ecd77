/** The stream's state in a page's header: live, reconnecting, or polling (never colour alone: it says so). */
import { useLiveStatus } from "./live";
import styles from "./live.module.css";

export function LiveIndicator() {
  const status = useLiveStatus();
  const label = status === "live" ? "Live" : status === "reconnecting" ? "Reconnecting…" : status === "offline" ? "Updating every 5 s" : "Connecting…";
  return (
    <span className={styles.live} data-status={status} role="status" title={status === "offline" ? "Live updates are unavailable; the page refreshes every 5 seconds." : undefined}>
      <span className={styles.liveDot} aria-hidden="true" />
      {label}
    </span>
  );
}
