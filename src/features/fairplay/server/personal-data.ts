/**
 * The fair-play feature's part of "Export my data" (decision 029): the flags about the person —
 * kind, event, status, dates and the reviewer's reason — without the evidence, which names
 * other people (a counterpart, the other accounts of an address).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { fairplayFlags } from "@/server/db/schema";
import type { PersonalDataSection } from "@/server/personal-data";

export function fairPlayPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "fairPlayFlags",
      value: () =>
        db
          .select({ eventId: fairplayFlags.eventId, kind: fairplayFlags.kind, status: fairplayFlags.status, raisedAt: fairplayFlags.raisedAt, reviewedAt: fairplayFlags.reviewedAt, reviewReason: fairplayFlags.reviewReason })
          .from(fairplayFlags)
          .where(eq(fairplayFlags.userId, userId))
          .orderBy(asc(fairplayFlags.raisedAt)),
    },
  ];
}
