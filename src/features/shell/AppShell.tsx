import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/router";
import { useSession } from "next-auth/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "@/components/ui";
import { hasRole } from "@/lib/roles";
import styles from "./shell.module.css";

type SessionUser = NonNullable<ReturnType<typeof useSession>["data"]>["user"];

/** The sections that exist. Each section's issue adds its entry when it lands. */
const SECTIONS: Array<{ href: string; label: string; shownTo?: (user: SessionUser) => boolean }> = [
  { href: "/", label: "Dashboard" },
  { href: "/portfolio", label: "Portfolio" },
  { href: "/events", label: "Events" },
  { href: "/learn", label: "Learn" },
  { href: "/ranking", label: "Ranking" },
  { href: "/leagues", label: "Leagues" },
  // People who teach or attend a class, or may create one (the session's `classes`).
  { href: "/classes", label: "Classes", shownTo: (user) => user.classes },
  { href: "/settings", label: "Settings" },
  { href: "/admin", label: "Admin", shownTo: (user) => hasRole(user.role, "admin") },
];

/**
 * Its own chunk: the menu library loads only for a signed-in person, never on /login
 * (docs/decisions/034-accessible-components.md). Until it has loaded (a first client-side visit
 * after signing in) an inert placeholder of the same size holds its place.
 */
const UserMenu = dynamic(() => import("./UserMenu").then((m) => m.UserMenu), {
  loading: () => <span className={styles.menuPlaceholder} aria-hidden="true" />,
});

function isCurrent(pathname: string, href: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

export function AppShell({ children }: { children: ReactNode }) {
  const { data: session, status } = useSession();
  const router = useRouter();
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const close = () => setNavOpen(false);
    router.events.on("routeChangeStart", close);
    return () => router.events.off("routeChangeStart", close);
  }, [router]);
  // The phone menu is a disclosure: Escape closes it and gives focus back to its toggle; a
  // tap or a focus move anywhere outside it closes it (the toggle handles its own clicks).
  useEffect(() => {
    if (!navOpen) return;
    const outside = (target: EventTarget | null) => target instanceof Node && !navRef.current?.contains(target) && !toggleRef.current?.contains(target);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setNavOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (outside(e.target)) setNavOpen(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (outside(e.target)) setNavOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [navOpen]);
  const signedIn = status === "authenticated" && session;
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link href={signedIn ? "/" : "/login"} className={styles.brand}>
            <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="var(--primary)" />
              <path d="M6 22l6-7 5 4 9-10" stroke="var(--primary-text)" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Tickerlab
          </Link>
          {signedIn && (
            <>
              {/* Before the menu it opens, so Tab goes from the toggle into the links. */}
              <button
                ref={toggleRef}
                type="button"
                className={`${buttonClass({ variant: "ghost", size: "small" })} ${styles.burger}`}
                aria-expanded={navOpen}
                aria-controls={navId}
                onClick={() => setNavOpen((o) => !o)}
              >
                Menu
              </button>
              <nav aria-label="Sections" id={navId} ref={navRef} className={`${styles.nav} ${navOpen ? styles.navOpen : ""}`}>
                {SECTIONS.filter((s) => !s.shownTo || s.shownTo(session.user)).map((s) => (
                  <Link
                    key={s.href}
                    href={s.href}
                    className={styles.navLink}
                    aria-current={isCurrent(router.pathname, s.href) ? "page" : undefined}
                    // Also when it is the page already open: no route change would close the menu.
                    onClick={() => setNavOpen(false)}
                  >
                    {s.label}
                  </Link>
                ))}
              </nav>
              <UserMenu name={session.user.name} email={session.user.email ?? session.user.username ?? ""} role={session.user.role} />
            </>
          )}
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <Link href="/developers/api">API reference</Link>
        {/* The chart library's licence (Apache 2.0) asks for its notice and a link on a page users reach. */}
        <p className={styles.attribution}>
          Charts by{" "}
          <a href="https://www.tradingview.com/" rel="noopener noreferrer" target="_blank">
            TradingView Lightweight Charts™
          </a>
          , copyright © 2025 TradingView, Inc.
        </p>
      </footer>
    </>
  );
}
