import styles from "./developers.module.css";
import { OPENAPI_URL } from "./ApiReference";

/** What the reference is and where the machine-readable document lives. */
export function DevelopersIntro() {
  return (
    <div className={styles.intro}>
      <h1>API reference</h1>
      <p>
        Everything the app does goes through this JSON API, and scripts can call it too. The reference below is generated from the same schemas that check each
        request. The OpenAPI 3.1 document is at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
      </p>
      <p className="muted">
        Errors are <code>{`{"error": {"code", "message", "fields"}}`}</code>. A state-changing request that a browser marks cross-site is refused; scripts are not
        affected.
      </p>
    </div>
  );
}
