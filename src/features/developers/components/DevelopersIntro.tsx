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
      <p>
        Where a route&apos;s answer has a schema (the events, classes, ranking and league routes so far), it is the very schema the app&apos;s own pages are
        typed from, so a typed client can be generated from the document: for example <code>{`npx openapi-typescript <your server>${OPENAPI_URL} -o api.d.ts`}</code>,
        then <code>openapi-fetch</code> with <code>{`headers: { Authorization: "Bearer tlk_…" }`}</code> (a token from Settings → API tokens).
      </p>
      <p className="muted">
        Errors are <code>{`{"error": {"code", "message", "fields"}}`}</code>. A state-changing request that a browser marks cross-site is refused; scripts are not
        affected.
      </p>
    </div>
  );
}
