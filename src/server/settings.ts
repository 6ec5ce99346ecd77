/**
 * Install-wide settings an admin changes at run time (table app_settings): the one list of
 * keys, their defaults and their types. A key without a row has its default. Changes are
 * audited (admin.setting-changed) in the same transaction.
 */
import { inArray, sql } from "drizzle-orm";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { appSettings } from "@/server/db/schema";

export const SETTING_DEFAULTS = {
  /** Any member (not only organisers) may create classes (docs/decisions/038-classes.md). */
  membersMayCreateClasses: false,
};
export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;

/** The settings row's key in SQL, for statements that read a setting inline (the session's). */
export const MEMBERS_MAY_CREATE_CLASSES_SQL = sql`coalesce((select s.value = 'true'::jsonb from app_settings s where s.key = 'membersMayCreateClasses'), false)`;

export async function readSettings(db: DbOrTx): Promise<Settings> {
  const keys = Object.keys(SETTING_DEFAULTS) as SettingKey[];
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(inArray(appSettings.key, keys));
  const settings = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    const key = row.key as SettingKey;
    // A stored value of another type than the default's (hand-edited) is ignored.
    if (typeof row.value === typeof SETTING_DEFAULTS[key]) (settings as Record<SettingKey, unknown>)[key] = row.value;
  }
  return settings;
}

export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<Settings[K]> {
  return (await readSettings(db))[key];
}

/** Writes the changed settings and audits each change; answers every setting after the change. */
export async function changeSettings(db: Db, actor: { id: string; ip?: string | null }, change: Partial<Settings>): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    for (const [key, value] of Object.entries(change) as Array<[SettingKey, Settings[SettingKey]]>) {
      if (value === undefined || before[key] === value) continue;
      await tx
        .insert(appSettings)
        .values({ key, value, updatedBy: actor.id })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: actor.id, updatedAt: sql`now()` } });
      await audit(tx, { action: "admin.setting-changed", actorId: actor.id, ip: actor.ip, detail: { key, from: before[key], to: value } });
    }
    return readSettings(tx);
  });
}

