import Link from "next/link";
import { useRouter } from "next/router";
import styles from "./admin.module.css";

const LINKS = [
  { href: "/admin", label: "People" },
  { href: "/admin/events", label: "Events" },
  { href: "/admin/fair-play", label: "Fair play" },
  { href: "/admin/courses", label: "Courses" },
  { href: "/admin/instruments", label: "Instruments" },
  { href: "/admin/datasets", label: "Datasets" },
  { href: "/admin/audit", label: "Audit log" },
];

/** The tab a page belongs to: course and lesson editors sit under Courses. */
function currentHref(pathname: string): string {
  if (pathname.startsWith("/admin/courses") || pathname.startsWith("/admin/lessons")) return "/admin/courses";
  if (pathname.startsWith("/admin/datasets")) return "/admin/datasets";
  if (pathname.startsWith("/admin/events")) return "/admin/events";
  return pathname;
}

export function AdminNav() {
  const current = currentHref(useRouter().pathname);
  return (
    <nav aria-label="Admin" className={styles.subnav}>
      {LINKS.map((l) => (
        <Link key={l.href} href={l.href} aria-current={current === l.href ? "page" : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
