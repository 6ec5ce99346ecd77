/**
 * Admin use-cases on the market: the instrument universe (list, add, edit, deactivate) and
 * historical datasets imported from CSV. Every change is audited. Datasets never touch the
 * practice market: they live in their own tables, for replays.
 */
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { textProblem } from "@/lib/text";
import { chooseSector, INDEX_KIND, instrumentProblems, SECTOR_MAX_LENGTH, parseOhlcvCsv, SIMULATED_KINDS, TLX, type CsvProblem, type InstrumentDefinition, type InstrumentKind } from "@/domain/market";
import { cancelOrdersOfWithdrawnInstrument } from "@/features/trading";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { datasetRows, datasets, events, instruments } from "@/server/db/schema";
import { DomainError, failures } from "@/domain/errors";


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

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
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

// ---------------------------------------------------------------- datasets

export interface DatasetSummary {
  id: string;
  name: string;
  symbol: string;
  /** The company's sector: what a replay position's sector is. */
  sector: string;
  createdAt: string;
  rowCount: number;
  firstDate: string;
  lastDate: string;
}

export interface DatasetRow {
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

export interface DatasetImport {
  name: string;
  symbol: string;
  sector: string;
  csv: string;
}

/** The longest sector name a dataset takes: an instrument's (the bundled ones are at most 22 characters). */
export const MAX_SECTOR_CHARS = SECTOR_MAX_LENGTH;
/** The longest dataset name. */
export const MAX_DATASET_NAME_CHARS = 80;

/** What is wrong with a dataset's sector, or null: required, because a replay position shows it. */
export function datasetSectorProblem(sector: string): string | null {
  const problem = textProblem(sector.trim(), { min: 1, max: MAX_SECTOR_CHARS });
  if (problem === "too-short") return "Give the company's sector, like Technology: a replay position shows it.";
  if (problem === "too-long") return `A sector is at most ${MAX_SECTOR_CHARS} characters.`;
  if (problem) return "Use letters, numbers and punctuation only in the sector.";
  return null;
}

/** The most characters a CSV may have (about 2 MB). */
export const MAX_CSV_CHARS = 2_200_000;
export const DATASET_SYMBOL_PATTERN = /^[A-Z0-9][A-Z0-9.-]{0,9}$/;

/** A refused import: the fields' messages and every problem in the file, each with its line. */
export class DatasetImportError extends DomainError {
  constructor(
    fields: Record<string, string>,
    readonly problems: CsvProblem[],
  ) {
    const first = problems.length > 0 ? `The file has ${problems.length} ${problems.length === 1 ? "problem" : "problems"}; nothing was imported.` : (Object.values(fields)[0] ?? "The import is not valid.");
    super("invalid", "VALIDATION_FAILED", first, { fields, details: { problems } });
  }
}

const toSummary = (row: typeof datasets.$inferSelect): DatasetSummary => ({
  id: row.id,
  name: row.name,
  symbol: row.symbol,
  sector: row.sector,
  createdAt: row.createdAt.toISOString(),
  rowCount: row.rowCount,
  firstDate: row.firstDate,
  lastDate: row.lastDate,
});

/** Rows per insert statement: 7 parameters each, well under PostgreSQL's 65,535. */
const ROW_BATCH = 5_000;

/**
 * Imports a CSV into a new named dataset: all of it in one transaction, or — when any row is
 * bad — nothing, with every problem and its line number.
 */
export async function importDataset(db: Db, actorId: string, input: DatasetImport, ip?: string): Promise<DatasetSummary> {
  const name = input.name.trim();
  const symbol = input.symbol.trim().toUpperCase();
  const sector = input.sector.trim();
  const fields: Record<string, string> = {};
  const nameProblem = textProblem(name, { min: 1, max: MAX_DATASET_NAME_CHARS });
  if (nameProblem === "too-short") fields.name = "Give the dataset a name.";
  else if (nameProblem === "too-long") fields.name = `A name is at most ${MAX_DATASET_NAME_CHARS} characters.`;
  else if (nameProblem) fields.name = "Use letters, numbers and punctuation only in the name.";
  if (!DATASET_SYMBOL_PATTERN.test(symbol)) fields.symbol = "A symbol is 1 to 10 capital letters or digits (dots and dashes allowed), like ACME.";
  const sectorProblem = datasetSectorProblem(sector);
  if (sectorProblem) fields.sector = sectorProblem;
  let problems: CsvProblem[] = [];
  let rows: DatasetRow[] = [];
  if (input.csv.length > MAX_CSV_CHARS) fields.csv = "The file is over 2 MB. Split it into smaller datasets.";
  else {
    const parsed = parseOhlcvCsv(input.csv);
    if (parsed.ok) rows = parsed.rows;
    else {
      problems = parsed.problems;
      fields.csv = problems.length === 1 ? problems[0]!.message : `The file has ${problems.length} problems; the first: ${problems[0]!.message}`;
    }
  }
  if (Object.keys(fields).length > 0) throw new DatasetImportError(fields, problems);

  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: datasets.id }).from(datasets).where(eq(datasets.name, name));
    if (taken) throw nameTaken(name);
    let dataset: typeof datasets.$inferSelect | undefined;
    try {
      [dataset] = await tx
        .insert(datasets)
        .values({ name, symbol, sector, rowCount: rows.length, firstDate: rows[0]!.date, lastDate: rows.at(-1)!.date })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
    for (let start = 0; start < rows.length; start += ROW_BATCH) {
      await tx.insert(datasetRows).values(rows.slice(start, start + ROW_BATCH).map((r) => ({ datasetId: dataset!.id, ...r })));
    }
    await audit(tx, { action: "market.dataset-imported", actorId, ip, detail: { id: dataset!.id, name, symbol, sector, rows: rows.length } });
    return toSummary(dataset!);
  });
}

const nameTaken = (name: string) => new DomainError("conflict", "NAME_TAKEN", `There is already a dataset called "${name}". Pick another name.`, { fields: { name: "This name is taken." } });

export async function listDatasets(db: DbOrTx): Promise<DatasetSummary[]> {
  const rows = await db.select().from(datasets).orderBy(desc(datasets.createdAt), asc(datasets.name));
  return rows.map(toSummary);
}

/**
 * Deletes a dataset and its rows. Refused (409 DATASET_IN_USE) while an event that is not
 * archived replays it: its portfolios would lose their prices.
 */
export async function deleteDataset(db: Db, actorId: string, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [dataset] = await tx.select().from(datasets).where(eq(datasets.id, id)).for("update");
    if (!dataset) throw failures.notFound("No such dataset.");
    const users = await tx
      .select({ title: events.title })
      .from(events)
      .where(and(isNull(events.archivedAt), sql`${events.replay} -> 'datasets' @> ${JSON.stringify([id])}::jsonb`))
      .limit(3);
    if (users.length > 0) {
      throw failures.conflict("DATASET_IN_USE", `This dataset is replayed by ${users.map((u) => `"${u.title}"`).join(", ")}. Archive the event first.`);
    }
    await tx.delete(datasets).where(eq(datasets.id, id));
    await audit(tx, { action: "market.dataset-deleted", actorId, ip, detail: { id, name: dataset.name, symbol: dataset.symbol, rows: dataset.rowCount } });
  });
}

/** Sets a dataset's sector (datasets imported before it was asked for are "Unclassified"). */
export async function setDatasetSector(db: Db, actorId: string, id: string, sector: string, ip?: string): Promise<DatasetSummary> {
  const problem = datasetSectorProblem(sector);
  if (problem) throw failures.invalid(problem, { sector: problem });
  const clean = sector.trim();
  return db.transaction(async (tx) => {
    const [dataset] = await tx.select().from(datasets).where(eq(datasets.id, id)).for("update");
    if (!dataset) throw failures.notFound("No such dataset.");
    if (dataset.sector === clean) return toSummary(dataset);
    const [updated] = await tx.update(datasets).set({ sector: clean }).where(eq(datasets.id, id)).returning();
    await audit(tx, { action: "market.dataset-updated", actorId, ip, detail: { id, name: dataset.name, changed: { sector: { from: dataset.sector, to: clean } } } });
    return toSummary(updated!);
  });
}

export async function getDataset(db: DbOrTx, id: string): Promise<{ dataset: DatasetSummary; rows: DatasetRow[] }> {
  const [dataset] = await db.select().from(datasets).where(eq(datasets.id, id));
  if (!dataset) throw failures.notFound("No such dataset.");
  const rows = await db
    .select({ date: datasetRows.date, open: datasetRows.open, high: datasetRows.high, low: datasetRows.low, close: datasetRows.close, volume: datasetRows.volume })
    .from(datasetRows)
    .where(eq(datasetRows.datasetId, id))
    .orderBy(asc(datasetRows.date));
  return { dataset: toSummary(dataset), rows };
}
