/**
 * Admin use-cases on the instrument universe: list, add, edit, deactivate. Every change is
 * audited; the benchmark index is listed but never edited.
 */
import { asc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { chooseSector, INDEX_KIND, instrumentProblems, SIMULATED_KINDS, TLX, type InstrumentDefinition, type InstrumentKind } from "@/domain/market";
import { cancelOrdersOfWithdrawnInstrument } from "@/features/trading";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { instruments } from "@/server/db/schema";
import { DomainError, failures } from "@/domain/errors";
import { isUniqueViolation } from "@/server/db/errors";

/** Everything an admin sees and edits of an instrument. */
export interface AdminInstrument extends Omit<InstrumentDefinition, "kind"> {
  /** "index" is the benchmark: listed, computed, never edited (its parameters are zero). */
  kind: InstrumentKind | typeof INDEX_KIND;
  active: boolean;
  lastPrice: string;
  updatedAt: string;
  /** A constituent of the TLX benchmark: deactivating it freezes its price inside the index. */
  inBenchmark: boolean;
}

const benchmarkSymbols = new Set(TLX.constituents.map((c) => c.symbol));

const EDITABLE = ["name", "sector", "kind", "startingPrice", "drift", "volatility", "beta", "sectorLoading", "averageDailyVolume"] as const;
type Editable = (typeof EDITABLE)[number];
export type InstrumentChange = Partial<Pick<InstrumentDefinition, Editable>> & { active?: boolean; newSector?: boolean };

/** A number typed in a form may arrive as text; an empty one is no number at all (NaN fails every range rule). */
const numberField = (label: string) =>
  z.union([z.number(), z.string().trim()], { error: `${label} is a number.` }).transform((v) => (v === "" ? Number.NaN : Number(v)));

/** The API's shapes of an instrument's editable fields; their values are checked by the use-cases. */
export const instrumentFields = {
  name: z.string({ error: "Give a name." }),
  sector: z.string({ error: "Give a sector." }),
  kind: z.string({ error: "The kind is stock or etf." }).transform((v) => v as InstrumentKind),
  startingPrice: z.union([z.string().trim(), z.number().transform(String)], { error: "Give a starting price, like 42.50." }),
  drift: numberField("The annual drift"),
  volatility: numberField("The annual volatility"),
  beta: numberField("Beta"),
  sectorLoading: numberField("The sector loading"),
  averageDailyVolume: numberField("The average daily volume"),
};

/** A sector no instrument has yet is created only on purpose (domain/market/sectors.ts). */
const newSectorField = z.boolean({ error: "newSector is true or false." }).optional();

export const newInstrumentSchema = z.object({ symbol: z.string({ error: "Give a symbol, like ACME." }).trim().toUpperCase(), ...instrumentFields, newSector: newSectorField }).strict();
export const instrumentChangeSchema = z
  .object({ ...instrumentFields, active: z.boolean({ error: "active is true or false." }) })
  .partial()
  .extend({ newSector: newSectorField })
  .strict();

/** An instrument to add: its definition, and whether its sector may be a new one. */
export type NewInstrument = InstrumentDefinition & { newSector?: boolean };

function toAdmin(row: typeof instruments.$inferSelect): AdminInstrument {
  return {
    inBenchmark: benchmarkSymbols.has(row.symbol),
    symbol: row.symbol,
    name: row.name,
    sector: row.sector,
    kind: row.kind,
    startingPrice: row.startingPrice,
    drift: row.drift,
    volatility: row.volatility,
    beta: row.beta,
    sectorLoading: row.sectorLoading,
    averageDailyVolume: row.averageDailyVolume,
    active: row.active,
    lastPrice: row.lastPrice,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function adminListInstruments(db: DbOrTx): Promise<AdminInstrument[]> {
  const rows = await db.select().from(instruments).orderBy(asc(instruments.symbol));
  return rows.map(toAdmin);
}

/** The sectors instruments have (the benchmark index has none of its own), alphabetically. */
export async function existingSectors(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ sector: instruments.sector }).from(instruments).where(ne(instruments.kind, INDEX_KIND)).orderBy(asc(instruments.sector));
  return rows.map((r) => r.sector);
}

/** The sector rule (chooseSector) against the sectors in the database: a new sector only on purpose. */
async function rejectUnchosenSector(tx: DbOrTx, sector: string, createNew: boolean): Promise<boolean> {
  const choice = chooseSector(await existingSectors(tx), sector, { createNew });
  if (!choice.ok) throw new DomainError("invalid", choice.code, choice.message, { fields: { sector: choice.message } });
  return choice.isNew;
}

/** A definition that passes every rule, to check one field at a time against. */
const GOOD: InstrumentDefinition = {
  symbol: "OK",
  name: "Fine",
  sector: "Fine",
  kind: "stock",
  startingPrice: "1.00",
  drift: 0,
  volatility: 1,
  beta: 0,
  sectorLoading: 0,
  averageDailyVolume: 0,
};

/**
 * The domain's rules (instrumentProblems) as a message per field: each field is checked on
 * its own against a definition that is otherwise fine, then the whole (the rule that ties
 * volatility to beta and sector loading lands on volatility).
 */
export function instrumentFieldErrors(definition: InstrumentDefinition): Record<string, string> {
  const fields: Record<string, string> = {};
  const strip = (message: string, symbol: string) => message.slice((symbol || "(no symbol)").length + 2);
  for (const key of ["symbol", ...EDITABLE] as const) {
    if (key === "kind") {
      // An index is never added or made by hand: its level is computed from its constituents.
      if (!(SIMULATED_KINDS as readonly string[]).includes(definition.kind)) fields.kind = "The kind is stock or etf.";
      continue;
    }
    const probe = { ...GOOD, [key]: definition[key] } as InstrumentDefinition;
    const [problem] = instrumentProblems(probe);
    if (problem) fields[key] = capitalise(strip(problem, probe.symbol));
  }
  if (Object.keys(fields).length === 0) {
    const [problem] = instrumentProblems(definition);
    if (problem) fields.volatility = capitalise(strip(problem, definition.symbol));
  }
  return fields;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function rejectIfInvalid(definition: InstrumentDefinition) {
  const fields = instrumentFieldErrors(definition);
  const first = Object.values(fields)[0];
  if (first) throw failures.invalid(first, fields);
}

/** Adds an instrument; the simulator picks it up on its next tick at its starting price. */
export async function addInstrument(db: Db, actorId: string, input: NewInstrument, ip?: string): Promise<AdminInstrument> {
  const { newSector = false, ...definition } = input;
  const clean = { ...definition, symbol: definition.symbol.trim(), name: definition.name.trim(), sector: definition.sector.trim() };
  rejectIfInvalid(clean);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ symbol: instruments.symbol }).from(instruments).where(eq(instruments.symbol, clean.symbol));
    if (existing) throw symbolTaken(clean.symbol);
    const sectorIsNew = await rejectUnchosenSector(tx, clean.sector, newSector);
    let row: typeof instruments.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(instruments)
        .values({ ...clean, lastPrice: clean.startingPrice, previousClose: clean.startingPrice })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw symbolTaken(clean.symbol);
      throw error;
    }
    await audit(tx, { action: "market.instrument-added", actorId, ip, detail: { symbol: clean.symbol, name: clean.name, ...(sectorIsNew && { newSector: clean.sector }) } });
    return toAdmin(row!);
  });
}

const symbolTaken = (symbol: string) => new DomainError("conflict", "SYMBOL_TAKEN", `${symbol} is already an instrument. Pick another symbol.`, { fields: { symbol: `${symbol} is already an instrument.` } });

/**
 * Changes an instrument's name, sector, kind or simulation parameters, and/or whether it is
 * active. The symbol never changes (orders and candles refer to it). Changing the starting
 * price does not move the current price.
 */
export async function editInstrument(db: Db, actorId: string, symbol: string, change: InstrumentChange, ip?: string): Promise<AdminInstrument> {
  const edited = await saveInstrument(db, actorId, symbol, change, ip);
  // After the commit: from now on no order can be placed on it, so the open ones can go.
  if (change.active === false) await cancelOrdersOfWithdrawnInstrument(db, symbol);
  return edited;
}

async function saveInstrument(db: Db, actorId: string, symbol: string, change: InstrumentChange, ip?: string): Promise<AdminInstrument> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(instruments).where(eq(instruments.symbol, symbol)).for("update");
    if (!row) throw failures.notFound("No such instrument.");
    if (row.kind === INDEX_KIND) throw indexNotEditable(row.symbol);
    const before = toAdmin(row);
    const { newSector = false, ...trimmed } = change;
    for (const key of ["name", "sector"] as const) if (typeof trimmed[key] === "string") trimmed[key] = trimmed[key].trim();
    const after: InstrumentDefinition = { ...before, kind: row.kind, ...stripUndefined(trimmed) };
    rejectIfInvalid(after);
    const sectorIsNew = after.sector !== before.sector && (await rejectUnchosenSector(tx, after.sector, newSector));
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of EDITABLE) if (after[key] !== before[key] && !(key === "startingPrice" && Number(after[key]) === Number(before[key]))) changed[key] = { from: before[key], to: after[key] };
    const active = change.active ?? row.active;
    if (Object.keys(changed).length === 0 && active === row.active) return before;
    const [updated] = await tx
      .update(instruments)
      .set({ ...pick(after), active, updatedAt: new Date() })
      .where(eq(instruments.symbol, symbol))
      .returning();
    if (Object.keys(changed).length > 0) await audit(tx, { action: "market.instrument-updated", actorId, ip, detail: { symbol, changed, ...(sectorIsNew && { newSector: after.sector }) } });
    if (active !== row.active) await audit(tx, { action: active ? "market.instrument-reactivated" : "market.instrument-deactivated", actorId, ip, detail: { symbol } });
    return toAdmin(updated!);
  });
}

/**
 * The benchmark is not a simulated instrument: there are no parameters to edit, and
 * withdrawing it would leave every performance chart without its comparison.
 */
const indexNotEditable = (symbol: string) =>
  failures.refused(
    "INDEX_NOT_EDITABLE",
    `${symbol} is the benchmark index: its level is computed from its ${TLX.constituents.length} stocks on every tick, so it has no parameters to edit, and it stays listed because every performance chart compares with it.`,
  );

/** Takes an instrument out of the simulator and the trade ticket's search, and cancels its open orders; its history stays. */
export function deactivateInstrument(db: Db, actorId: string, symbol: string, ip?: string) {
  return editInstrument(db, actorId, symbol, { active: false }, ip);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function pick(definition: InstrumentDefinition) {
  const { name, sector, kind, startingPrice, drift, volatility, beta, sectorLoading, averageDailyVolume } = definition;
  return { name, sector, kind, startingPrice, drift, volatility, beta, sectorLoading, averageDailyVolume };
}
