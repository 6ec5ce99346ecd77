import useSWR from "swr";
import { Alert, Card, Skeleton } from "@/components/ui";
import { useAction } from "@/components/ui/useAction";
import { api, ApiError } from "@/lib/client/api";
import type { InstallSettingsView } from "../types";
import styles from "./admin.module.css";


/** Install-wide switches (GET|PATCH /api/admin/settings); each change is audited. */
export function InstallSettings() {
  const { data, error, mutate } = useSWR<InstallSettingsView>("/api/admin/settings", (url: string) => api<InstallSettingsView>(url));
  const { busy, status, run } = useAction();

  async function change(next: Partial<InstallSettingsView>) {
    await run(async () => mutate(await api<InstallSettingsView>("/api/admin/settings", { method: "PATCH", body: next }), { revalidate: false }), {
      success: next.membersMayCreateClasses ? "Any member may now create classes." : "Only organisers and admins may create classes now.",
      failure: "Could not change the setting.",
    });
  }

  return (
    <Card title="Classes">
      {error && <Alert tone="error">{error instanceof ApiError ? error.message : "Could not load the settings."}</Alert>}
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {!data ? (
        <Skeleton />
      ) : (
        <label className={styles.checkbox}>
          <input type="checkbox" checked={data.membersMayCreateClasses} disabled={busy} onChange={(e) => void change({ membersMayCreateClasses: e.target.checked })} />
          <span>
            Any member may create classes
            <span className="muted">
              {" "}
              — otherwise only organisers and admins can. Make someone an organiser with the buttons above. Roster accounts never can.
            </span>
          </span>
        </label>
      )}
    </Card>
  );
}
