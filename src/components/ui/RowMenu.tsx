/**
 * A row's actions behind one menu button (WAI-ARIA menu button, on Ariakit's Menu): Enter, Space
 * or ↓ opens it, arrows move, Escape closes it and focus returns to the button. A table of 30
 * rows shows 30 quiet buttons instead of 90, and a destructive item is one step further away,
 * in the danger colour, and still asks for confirmation where it is used. Imported from this
 * module, not the `ui` barrel, so pages without it do not load the menu
 * (docs/decisions/034-accessible-components.md, 067).
 */
import { Menu, MenuButton, MenuItem, MenuProvider } from "@ariakit/react";
import { useRef } from "react";
import { buttonClass } from "./index";
import styles from "./ui.module.css";

export interface RowMenuItem {
  label: string;
  /** Called with the menu button, so a dialog the item opens can give focus back to it. */
  onSelect: (button: HTMLElement | null) => void;
  danger?: boolean;
}

export function RowMenu({ label, text = "Actions", items }: { label: string; text?: string; items: RowMenuItem[] }) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <MenuProvider placement="bottom-end">
      <MenuButton ref={button} className={buttonClass({ size: "small", variant: "secondary" })} aria-label={label}>
        {text} <span aria-hidden="true">▾</span>
      </MenuButton>
      {/* Fixed, not in a portal: it escapes a scrolling table's clip either way, and a portal adds
          focus-trap sentinels (aria-hidden yet focusable) that axe reports as serious. */}
      <Menu gutter={4} className={styles.rowMenu} unmountOnHide fixed>
        {items.map((item) => (
          <MenuItem key={item.label} className={[styles.rowMenuItem, item.danger && styles.rowMenuDanger].filter(Boolean).join(" ")} onClick={() => item.onSelect(button.current)}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </MenuProvider>
  );
}
