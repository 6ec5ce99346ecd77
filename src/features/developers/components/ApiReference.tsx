/**
 * The API reference: RapiDoc (a web component) renders GET /api/openapi.json. It is imported
 * when this component mounts, so its ~860 kB (~220 kB gzipped) load on this page alone
 * (docs/decisions/030-openapi.md).
 */
import { useEffect, useRef, useState } from "react";
import styles from "./developers.module.css";

export const OPENAPI_URL = "/api/openapi.json";

/** The app's colours, read from its CSS variables so light and dark themes both fit. */
function themeAttributes(): Record<string, string> {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const bg = v("--bg", "#ffffff");
  const dark = document.documentElement.dataset.theme === "dark" || (document.documentElement.dataset.theme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
  return {
    theme: dark ? "dark" : "light",
    "bg-color": v("--surface", bg),
    "text-color": v("--text", dark ? "#e6e6e6" : "#1a1a1a"),
    "primary-color": v("--primary", "#2563eb"),
    "nav-bg-color": v("--surface-2", bg),
    "nav-text-color": v("--text", dark ? "#e6e6e6" : "#1a1a1a"),
    "nav-hover-bg-color": v("--surface", bg),
    "regular-font": getComputedStyle(document.body).fontFamily,
  };
}

export function ApiReference() {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let cancelled = false;
    import("rapidoc")
      .then(() => {
        if (cancelled || !host.current) return;
        const doc = document.createElement("rapi-doc");
        const attributes: Record<string, string> = {
          "spec-url": OPENAPI_URL,
          // One operation at a time beside the navigation; on a phone (no room for it) every
          // operation in collapsible groups.
          "render-style": matchMedia("(max-width: 767px)").matches ? "view" : "focused",
          layout: "column",
          "show-header": "false",
          "allow-authentication": "false",
          "allow-server-selection": "false",
          "allow-spec-url-load": "false",
          "allow-spec-file-load": "false",
          "schema-description-expanded": "true",
          "default-schema-tab": "schema",
          "sort-endpoints-by": "none",
          "font-size": "default",
          // Its own fonts come from Google's servers, which the CSP (rightly) refuses.
          "load-fonts": "false",
          ...themeAttributes(),
        };
        for (const [name, value] of Object.entries(attributes)) doc.setAttribute(name, value);
        host.current.replaceChildren(doc);
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <>
      {state === "loading" && (
        <p role="status" className="muted">
          Loading the reference…
        </p>
      )}
      {state === "failed" && (
        <p role="alert">
          The reference could not be shown. The document itself is at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
        </p>
      )}
      <div ref={host} className={styles.reference} />
    </>
  );
}
