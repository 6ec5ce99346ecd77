/**
 * Imported from its own module, not the `ui` barrel: the dialog library loads only on pages that
 * ask for a confirmation (docs/decisions/034-accessible-components.md).
 */
import { Dialog } from "@ariakit/react";
import { useId, type ReactNode } from "react";
import { Button } from "./index";
import styles from "./ui.module.css";

/**
 * A modal confirmation dialog (WAI-ARIA dialog pattern, on Ariakit's Dialog): focus moves into
 * it and never reaches the page behind, which is inert; Escape or a press outside backs out,
 * and focus returns to the control that opened it (docs/decisions/034-accessible-components.md).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = "primary",
  busy,
  onConfirm,
  onCancel,
  finalFocus,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /**
   * What backing out does, in words that cannot be read as the action ("Keep order" next to
   * "Cancel order", never a bare "Cancel"). Required, so every dialog says it.
   */
  cancelLabel: string;
  tone?: "primary" | "danger";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when it closes, when the control that opened it is gone (a menu's item). */
  finalFocus?: HTMLElement | null;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      onClose={onCancel}
      // While the action runs, neither Escape nor a press outside backs out of it.
      hideOnEscape={!busy}
      hideOnInteractOutside={!busy}
      backdrop={<div className={styles.backdrop} />}
      className={styles.dialog}
      finalFocus={finalFocus ?? undefined}
      unmountOnHide
    >
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
