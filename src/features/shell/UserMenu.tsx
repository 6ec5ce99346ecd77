import { Menu, MenuButton, MenuGroup, MenuGroupLabel, MenuItem, MenuItemRadio, MenuProvider, MenuSeparator } from "@ariakit/react";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useId, useState } from "react";
import { Badge, buttonClass } from "@/components/ui";
import { api } from "@/lib/client/api";
import { applyTheme, currentTheme, type ThemeChoice } from "./theme";
import styles from "./shell.module.css";

/**
 * The account menu: a WAI-ARIA menu button on Ariakit's Menu. Enter, Space or ArrowDown opens it
 * on its first item, the arrow keys walk the items, Escape or a press outside closes it and focus
 * returns to the button (docs/decisions/034-accessible-components.md).
 */
export function UserMenu({ name, email, role }: { name: string; email: string; role: string }) {
  const [theme, setTheme] = useState<ThemeChoice>("system");
  const headerId = useId();
  const chooseTheme = (choice: ThemeChoice) => {
    setTheme(choice);
    applyTheme(choice);
    void api("/api/account", { method: "PATCH", body: { theme: choice } }).catch(() => {});
  };
  return (
    <MenuProvider
      placement="bottom-end"
      values={{ theme }}
      setValues={(values) => chooseTheme(values.theme as ThemeChoice)}
      // Read when it opens: the theme may have changed in Settings or another tab since.
      setOpen={(open) => {
        if (open) setTheme(currentTheme());
      }}
    >
      <MenuButton className={styles.menuButton} aria-label={`Account menu for ${name}`}>
        {/* The initial is drawn by CSS: a picture of a letter, not part of the button's label. */}
        <span className={styles.avatar} data-initial={(name || email).slice(0, 1).toUpperCase()} aria-hidden="true" />
        <span className={styles.userName}>{name}</span>
      </MenuButton>
      <Menu gutter={6} className={styles.menu} aria-labelledby={headerId} unmountOnHide>
        <div id={headerId} className={styles.menuHeader}>
          <div>
            <strong>{name}</strong> {role === "admin" ? <Badge tone="admin">Admin</Badge> : <Badge>Member</Badge>}
          </div>
          <div className="muted" style={{ fontSize: "0.85rem", overflowWrap: "anywhere" }}>
            {email}
          </div>
        </div>
        <MenuItem className={styles.menuItem} render={<Link href="/settings" />}>
          Settings
        </MenuItem>
        <MenuGroup className={styles.themeGroup}>
          <MenuGroupLabel className={styles.groupLabel}>Theme</MenuGroupLabel>
          <div className={styles.themeRow}>
            {(["system", "light", "dark"] as const).map((choice) => (
              <MenuItemRadio key={choice} name="theme" value={choice} className={buttonClass({ size: "small", variant: theme === choice ? "primary" : "secondary" })}>
                {choice[0]!.toUpperCase() + choice.slice(1)}
              </MenuItemRadio>
            ))}
          </div>
        </MenuGroup>
        <MenuSeparator className={styles.separator} />
        <MenuItem className={styles.menuItem} onClick={() => void signOut({ callbackUrl: "/login" })}>
          Sign out
        </MenuItem>
      </Menu>
    </MenuProvider>
  );
}
