/**
 * Install-wide settings an admin changes at run time (table app_settings): the one list of
 * keys, their defaults and their types. A key without a row has its default. Changes are
 * audited (admin.setting-changed) in the same transaction.
 */
import { inArray, sql } from "drizzle-orm";
import { DEFAULT_MARGIN, type MarginRules, marginRulesProblem, type PracticeMargin } from "@/domain/trading";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { appSettings } from "@/server/db/schema";

export const SETTING_DEFAULTS = {
  /** Any member (not only organisers) may create classes (docs/decisions/038-classes.md). */
  membersMayCreateClasses: false,
  /**
   * Margin on the practice market (docs/decisions/073-practice-margin.md): null until an admin
   * first sets it (a cash account, decision 070); then its terms, on or off.
   */
  practiceMargin: null as PracticeMargin | null,
};
export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;

/** The settings row's key in SQL, for statements that read a setting inline (the session's). */
export const MEMBERS_MAY_CREATE_CLASSES_SQL = sql`coalesce((select s.value = 'true'::jsonb from app_settings s where s.key = 'membersMayCreateClasses'), false)`;

/**
 * The practice margin setting's stored value, for statements that read it inline (the order
 * path's one snapshot read): the SQL text of a scalar subquery, and its parse below.
 */
export const PRACTICE_MARGIN_SELECT = "(select s.value from app_settings s where s.key = 'practiceMargin')";

/** A stored practice margin value, or null when it is absent or not valid terms (a hand-edited row is ignored, as every setting's). */
export function practiceMarginOf(value: unknown): PracticeMargin | null {
  if (typeof value !== "object" || value === null) return null;
  const { enabled, terms } = value as { enabled?: unknown; terms?: unknown };
  if (typeof enabled !== "boolean" || typeof terms !== "object" || terms === null) return null;
  const candidate = { ...DEFAULT_MARGIN, ...(terms as Partial<MarginRules>) };
  if (Object.values(candidate).some((v) => typeof v !== "number") || marginRulesProblem(candidate)) return null;
  return { enabled, terms: candidate };
}

/** Each setting's check of a stored value: the value, or undefined to keep the default. */
const STORED: { [K in SettingKey]: (value: unknown) => Settings[K] | undefined } = {
  membersMayCreateClasses: (value) => (typeof value === "boolean" ? value : undefined),
  practiceMargin: (value) => practiceMarginOf(value) ?? undefined,
};

export async function readSettings(db: DbOrTx): Promise<Settings> {
  const keys = Object.keys(SETTING_DEFAULTS) as SettingKey[];
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(inArray(appSettings.key, keys));
  const settings = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    const key = row.key as SettingKey;
    // A stored value that is not one of the setting's (hand-edited) is ignored.
    const value = STORED[key](row.value);
    if (value !== undefined) (settings as Record<SettingKey, unknown>)[key] = value;
  }
  return settings;
}

export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<Settings[K]> {
  return (await readSettings(db))[key];
}

/** A change to the settings: practice margin's terms may be left out (they stay as they were; the defaults the first time). */
export type SettingsChange = Partial<Omit<Settings, "practiceMargin">> & { practiceMargin?: { enabled: boolean; terms?: MarginRules } };

/** Writes the changed settings and audits each change; answers every setting after the change. */
export async function changeSettings(db: Db, actor: { id: string; ip?: string | null }, change: SettingsChange): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const { practiceMargin, ...rest } = change;
    const after: Partial<Settings> = {
      ...rest,
      // In DEFAULT_MARGIN's key order, so an unchanged value compares equal below.
      ...(practiceMargin && { practiceMargin: { enabled: practiceMargin.enabled, terms: { ...DEFAULT_MARGIN, ...before.practiceMargin?.terms, ...practiceMargin.terms } } }),
    };
    for (const [key, value] of Object.entries(after) as Array<[SettingKey, Settings[SettingKey]]>) {
      if (value === undefined || JSON.stringify(before[key]) === JSON.stringify(value)) continue;
      await tx
        .insert(appSettings)
        .values({ key, value, updatedBy: actor.id })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: actor.id, updatedAt: sql`now()` } });
      await audit(tx, { action: "admin.setting-changed", actorId: actor.id, ip: actor.ip, detail: { key, from: before[key], to: value } });
    }
    return readSettings(tx);
  });
}
