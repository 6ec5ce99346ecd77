/**
 * Tabs (WAI-ARIA tabs pattern) on Ariakit: arrow keys, Home and End move between the tabs, only
 * the selected tab is in the Tab order, and the panel is labelled by its tab
 * (docs/decisions/034-accessible-components.md). Imported from this module, not the `ui` barrel,
 * so pages without tabs do not load them.
 */
import { Tab as AriakitTab, TabList as AriakitTabList, TabPanel as AriakitTabPanel, TabProvider } from "@ariakit/react";
import type { ReactNode } from "react";
import styles from "./ui.module.css";

/**
 * `selected` is the selected tab's id (ids are page-wide: prefix them). `manual`: arrow keys only
 * move the focus and Enter or Space selects — for tabs whose panel loads over the network, so
 * walking past a tab does not fetch it.
 */
export function Tabs({ selected, onSelect, manual = false, children }: { selected: string; onSelect: (id: string) => void; manual?: boolean; children: ReactNode }) {
  return (
    <TabProvider
      selectedId={selected}
      setSelectedId={(id) => {
        if (id && id !== selected) onSelect(id);
      }}
      selectOnMove={!manual}
    >
      {children}
    </TabProvider>
  );
}

export function TabList({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <AriakitTabList aria-label={label} className={[styles.tabs, className].filter(Boolean).join(" ")}>
      {children}
    </AriakitTabList>
  );
}

export function Tab({ id, children }: { id: string; children: ReactNode }) {
  return (
    <AriakitTab id={id} className={styles.tab}>
      {children}
    </AriakitTab>
  );
}

/** The selected tab's panel; only it is rendered (`tab` names the tab it belongs to). */
export function TabPanel({ tab, className, children }: { tab: string; className?: string; children: ReactNode }) {
  return (
    <AriakitTabPanel tabId={tab} className={[styles.tabPanel, className].filter(Boolean).join(" ")} unmountOnHide>
      {children}
    </AriakitTabPanel>
  );
}
