/**
 * The composition root's registry of personal data (decision 029, 074): "Export my data" is
 * the account's sections around every feature's own (each feature answers for its tables, in
 * its `…PersonalData`). It lives here, beside scheduled-tasks.ts, so the account feature does
 * not import every other feature. (Deleting an account needs no list: it deletes the `users`
 * row, and the features' rows go with it through their foreign keys.) It may import every
 * feature; nothing below imports it.
 */
import { accountPersonalData } from "@/features/account/server/lifecycle";
import { classesPersonalData } from "@/features/classes";
import { eventsPersonalData } from "@/features/events";
import { fairPlayPersonalData } from "@/features/fairplay";
import { leaguesPersonalData } from "@/features/leagues";
import { learnPersonalData } from "@/features/learn";
import { portfolioPersonalData } from "@/features/portfolio";
import { rankingPersonalData } from "@/features/ranking";
import { tradingPersonalData } from "@/features/trading";
import type { Db } from "@/server/db";
import type { PersonalDataSection } from "@/server/personal-data";

/** Every feature's sections, in the order the export writes them (after the account's own). */
const FEATURE_SECTIONS: readonly ((db: Db, userId: string) => PersonalDataSection[])[] = [
  tradingPersonalData,
  portfolioPersonalData,
  learnPersonalData,
  eventsPersonalData,
  rankingPersonalData,
  fairPlayPersonalData,
  leaguesPersonalData,
  classesPersonalData,
];

/**
 * Everything Tickerlab keeps about a person, section by section; written as it is read by
 * `writePersonalData`. Not found when the person is not there.
 */
export async function personalData(db: Db, userId: string): Promise<PersonalDataSection[]> {
  const account = await accountPersonalData(db, userId);
  return [...account.first, ...FEATURE_SECTIONS.flatMap((sections) => sections(db, userId)), ...account.last];
}
