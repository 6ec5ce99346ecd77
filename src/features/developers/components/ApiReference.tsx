/**
 * The API reference: RapiDoc (a web component) renders GET /api/openapi.json. Its one bundled
 * file is served as a pinned static asset with its licences (public/vendor/rapidoc-9.3.8,
 * docs/decisions/054-vendored-rapidoc.md) and loaded when this component mounts, so its
 * ~860 kB (~220 kB gzipped) load on this page alone (docs/decisions/030-openapi.md).
 */
import { useEffect, useRef, useState } from "react";
import styles from "./developers.module.css";

export const OPENAPI_URL = "/api/openapi.json";
/** The vendored bundle; a new version is a new folder (its SHA-256 is checked by tests/unit/vendored-assets.test.ts). */
export const RAPIDOC_SCRIPT = "/vendor/rapidoc-9.3.8/rapidoc-min.js";

let rapiDoc: Promise<void> | undefined;

/** Loads RapiDoc's bundle once per page (it defines the <rapi-doc> element, which can be defined only once). */
function loadRapiDoc(): Promise<void> {
  rapiDoc ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RAPIDOC_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      rapiDoc = undefined; // the next visit tries again
      reject(new Error(`${RAPIDOC_SCRIPT} did not load.`));
    };
    document.head.appendChild(script);
  });
  return rapiDoc;
}

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

/**
 * RapiDoc's shadow DOM brings a second <main> (in the focused layout a scroll box the keyboard
 * cannot reach: no Tab stop inside until an operation is open) and unnamed <nav>s. Once it has
 * rendered the document, its main is named and in the Tab order, and its navigation is named.
 * Its element roles stay as they are (HTML allows no other role on <main>), so axe still reports
 * two main landmarks, as a moderate finding (docs/decisions/034-accessible-components.md).
 */
function tidyLandmarks(doc: HTMLElement) {
  const root = doc.shadowRoot;
  if (!root) return;
  for (const main of root.querySelectorAll("main")) {
    main.setAttribute("aria-label", "Reference");
    main.setAttribute("tabindex", "0");
  }
  for (const nav of root.querySelectorAll("nav.nav-bar")) nav.setAttribute("aria-label", "Reference navigation");
  for (const nav of root.querySelectorAll("nav.nav-scroll")) nav.setAttribute("aria-label", "Operations");
}

export function ApiReference() {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let cancelled = false;
    loadRapiDoc()
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
        doc.addEventListener("spec-loaded", () => tidyLandmarks(doc));
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
