/**
 * The one data table (docs/decisions/035-tables-and-charts.md): every list of rows with columns
 * — holdings, orders, fills, boards, the admin lists — is a DataTable, so they read alike.
 *
 * - Figures: mark a column's header and cells with `numeric` — right-aligned, on one line;
 *   every figure in the table has tabular digits, so columns of amounts line up.
 * - Narrow screens: the table never spills out of its card and never cuts a column off. When
 *   it is wider than its box it scrolls sideways inside it with the first column (what the
 *   row is about) pinned, a shadow at the edge that hides more, and the box becomes a named,
 *   focusable region so a keyboard can scroll it too.
 * - A table too wide for its box lays every column out at its narrowest: give tables of several
 *   text columns a `minWidth`, and a column allowed to break anywhere (`overflow-wrap:
 *   anywhere`) a `min-width` of its own, or it shrinks to a letter per line.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type Ref, type TableHTMLAttributes } from "react";
import styles from "./table.module.css";

/** Header and cells of a column of figures. */
export const numeric = styles.num;

export interface DataTableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, "className" | "children"> {
  /** What the table lists; its accessible name (a visually hidden caption). */
  caption: ReactNode;
  /** `compact`: tighter cells for tables with many columns of figures. */
  density?: "normal" | "compact";
  /** What the table stands on: a card (the default) or the page itself; the pinned column paints it. */
  background?: "card" | "page";
  /**
   * The narrowest the table lays out at (a CSS length, e.g. "44rem"). A box narrower than that
   * scrolls instead of squeezing every column to its narrowest, where words stack a letter
   * group per line; a wider box is unaffected. For tables of several text columns.
   */
  minWidth?: string;
  /** The <table> element (React 19 passes a ref as a prop). */
  ref?: Ref<HTMLTableElement>;
  className?: string;
  children: ReactNode;
}

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useScrollsSideways(element: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = element.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

export function DataTable({ caption, density = "normal", background = "card", minWidth, className, children, style, ref, ...rest }: DataTableProps) {
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      className={background === "page" ? `${styles.scroll} ${styles.onPage}` : styles.scroll}
      data-scrolls={scrolls || undefined}
      // Only a box that scrolls is a region with a tab stop: one that fits adds nothing to tab through.
      {...(scrolls && { role: "region", "aria-labelledby": captionId, tabIndex: 0 })}
    >
      <table ref={ref} className={[styles.table, density === "compact" && styles.compact, className].filter(Boolean).join(" ")} style={minWidth ? { ...style, minWidth } : style} {...rest}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/**
 * Rows kept in view under a table's page though they are on another page (the viewer's own row
 * on a board): after a gap that says rows were left out (hidden from screen readers, which read
 * the rows themselves).
 */
export function PinnedRows({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tbody className={styles.pinnedBody}>
      <tr aria-hidden="true" className={styles.gap}>
        <td colSpan={columns}>⋯</td>
      </tr>
      {children}
    </tbody>
  );
}
