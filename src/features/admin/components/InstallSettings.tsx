import useSWR from "swr";
import { Alert, Card, Skeleton } from "@/components/ui";
import { useAction } from "@/components/ui/useAction";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import type { InstallSettingsView } from "../types";
import { adminEndpoints } from "./endpoints";
import styles from "./admin.module.css";

/** Install-wide switches (GET|PATCH /api/admin/settings); each change is audited. */
export function InstallSettings() {
  const { data, error, mutate } = useSWR(endpointUrl(adminEndpoints.settings, {}), fetcherOf(adminEndpoints.settings));
  const { busy, status, run } = useAction();

  async function change(next: Partial<InstallSettingsView>) {
    await run(async () => mutate(await call(adminEndpoints.changeSettings, { body: next }), { revalidate: false }), {
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
