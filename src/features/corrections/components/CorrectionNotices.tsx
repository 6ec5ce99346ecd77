/**
 * The corrections of a portfolio as its owner reads them (docs/decisions/041-corrections.md):
 * each one, what it did, why, when and by whom ("your teacher", "an admin"). Nothing is shown
 * while there are none. The teacher's panel lists them the same way.
 */
import useSWR from "swr";
import { Card, useTimeFormat } from "@/components/ui";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { correctionEndpoints } from "./endpoints";
import { integer, money } from "@/lib/format";
import type { Correction, CorrectorRole } from "./types";
import styles from "./corrections.module.css";

const BY: Record<CorrectorRole, string> = { admin: "An admin", teacher: "Your teacher", organiser: "The event's organiser" };
const BY_FOR_TEACHER: Record<CorrectorRole, string> = { admin: "An admin", teacher: "A teacher", organiser: "The event's organiser" };

export const correctionsKey = (portfolioId: string) => endpointUrl(correctionEndpoints.list, { params: { id: portfolioId }, query: { pageSize: 50 } });

export function useCorrections(portfolioId: string) {
  return useSWR(correctionsKey(portfolioId), fetcherOf(correctionEndpoints.list));
}

/** One line of what a correction did, in words. */
export function describeCorrection(c: Correction, audience: "owner" | "teacher"): string {
  const who = (audience === "owner" ? BY : BY_FOR_TEACHER)[c.by];
  const amount = money(c.amount.replace(/^-/, ""));
  if (c.kind === "adjustment") return c.amount.startsWith("-") ? `${who} removed ${amount} from the cash.` : `${who} added ${amount} to the cash.`;
  const f = c.fill;
  const what = f ? `the ${f.side} of ${integer(f.quantity)} ${f.symbol} at ${money(f.price)}` : "a fill";
  return `${who} reversed ${what}: cash ${money(c.amount, { signed: true })}.`;
}

export function CorrectionList({ items, audience }: { items: Correction[]; audience: "owner" | "teacher" }) {
  const { dateTime } = useTimeFormat();
  return (
    <ul className={styles.notices}>
      {items.map((c) => (
        <li key={c.id} className={styles.notice}>
          <p className={styles.what}>{describeCorrection(c, audience)}</p>
          <p className={styles.reason}>
            <span className={styles.muted}>Reason: </span>
            {c.reason}
          </p>
          <p className={styles.muted}>
            <time dateTime={c.createdAt}>{dateTime(c.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function CorrectionNotices({ portfolioId }: { portfolioId: string }) {
  const { data } = useCorrections(portfolioId);
  if (!data || data.total === 0) return null;
  return (
    <Card title="Corrections">
      <p className={styles.muted}>Changes your teacher or an admin made to this portfolio. Your history keeps every fill: a reversed fill and the fill that undid it are both shown.</p>
      <CorrectionList items={data.items} audience="owner" />
    </Card>
  );
}
