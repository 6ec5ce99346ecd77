import Link from "next/link";
import { useRouter } from "next/router";
import styles from "./admin.module.css";

const LINKS = [
  { href: "/admin", label: "People" },
  { href: "/admin/audit", label: "Audit log" },
];

export function AdminNav() {
  const { pathname } = useRouter();
  return (
    <nav aria-label="Admin" className={styles.subnav}>
      {LINKS.map((l) => (
        <Link key={l.href} href={l.href} aria-current={pathname === l.href ? "page" : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
