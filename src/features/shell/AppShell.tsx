import Link from "next/link";
import { useRouter } from "next/router";
import { signOut, useSession } from "next-auth/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button, buttonClass, RoleBadge } from "@/components/ui";
import { api } from "@/lib/client/api";
import { hasRole, type Role } from "@/lib/roles";
import { applyTheme, currentTheme, type ThemeChoice } from "./theme";
import styles from "./shell.module.css";

type SessionUser = NonNullable<ReturnType<typeof useSession>["data"]>["user"];

/** The sections that exist. Each section's issue adds its entry when it lands. */
const SECTIONS: Array<{ href: string; label: string; shownTo?: (user: SessionUser) => boolean }> = [
  { href: "/", label: "Dashboard" },
  { href: "/portfolio", label: "Portfolio" },
  { href: "/events", label: "Events" },
  { href: "/learn", label: "Learn" },
  { href: "/ranking", label: "Ranking" },
  // People who teach or attend a class, or may create one (the session's `classes`).
  { href: "/classes", label: "Classes", shownTo: (user) => user.classes },
  { href: "/settings", label: "Settings" },
  { href: "/admin", label: "Admin", shownTo: (user) => hasRole(user.role, "admin") },
];

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
      </footer>
    </>
  );
}

function UserMenu({ name, email, role }: { name: string; email: string; role: Role }) {
  const [open, setOpen] = useState(false);
  // Read lazily: the menu (and so the theme buttons) renders only after a click, never on the server.
  const [theme, setTheme] = useState<ThemeChoice>(() => (typeof document === "undefined" ? "system" : currentTheme()));
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);
  const chooseTheme = (choice: ThemeChoice) => {
    setTheme(choice);
    applyTheme(choice);
    void api("/api/account", { method: "PATCH", body: { theme: choice } }).catch(() => {});
  };
  return (
    <div className={styles.menuWrap} ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {(name || email).slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.userName}>{name}</span>
      </button>
      {open && (
        <div className={styles.menu} id={menuId}>
          <div className={styles.menuHeader}>
            <div>
              <strong>{name}</strong> <RoleBadge role={role} />
            </div>
            <div className="muted" style={{ fontSize: "0.85rem", overflowWrap: "anywhere" }}>
              {email}
            </div>
          </div>
          <Link href="/settings" className={styles.menuItem} onClick={() => setOpen(false)}>
            Settings
          </Link>
          <div role="group" aria-label="Theme" className={styles.themeRow}>
            {(["system", "light", "dark"] as const).map((choice) => (
              <Button key={choice} size="small" variant={theme === choice ? "primary" : "secondary"} aria-pressed={theme === choice} onClick={() => chooseTheme(choice)}>
                {choice[0]!.toUpperCase() + choice.slice(1)}
              </Button>
            ))}
          </div>
          <button type="button" className={styles.menuItem} onClick={() => void signOut({ callbackUrl: "/login" })}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
