/**
 * Historical datasets imported from CSV for replays (docs/decisions/018, 063): import, list,
 * read, set a sector, delete. Every change is audited. Datasets never touch the practice
 * market: they live in their own tables.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { textProblem } from "@/lib/text";
import { formatRatio, type OhlcvRow, SECTOR_MAX_LENGTH, parseOhlcvCsv, type CsvProblem } from "@/domain/market";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { datasetRows, datasets, events } from "@/server/db/schema";
import { DomainError, failures } from "@/domain/errors";
import { isUniqueViolation } from "@/server/db/errors";
import type { DatasetRow, DatasetSummary } from "../types";

export type { DatasetRow, DatasetSummary } from "../types";

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

/** Rows per insert statement: 10 parameters each, well under PostgreSQL's 65,535. */
const ROW_BATCH = 5_000;

/** A parsed row as stored: its corporate action, if any, in its own columns. */
function storedRow(datasetId: string, row: OhlcvRow): typeof datasetRows.$inferInsert {
  const { dividend, split, ...prices } = row;
  return { datasetId, ...prices, dividend: dividend ?? null, splitTo: split?.to ?? null, splitFrom: split?.from ?? null };
}

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
  let rows: OhlcvRow[] = [];
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
      await tx.insert(datasetRows).values(rows.slice(start, start + ROW_BATCH).map((r) => storedRow(dataset!.id, r)));
    }
    const dividends = rows.filter((r) => r.dividend !== undefined).length;
    const splits = rows.filter((r) => r.split !== undefined).length;
    await audit(tx, { action: "market.dataset-imported", actorId, ip, detail: { id: dataset!.id, name, symbol, sector, rows: rows.length, ...(dividends > 0 && { dividends }), ...(splits > 0 && { splits }) } });
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
  const rows = await db.select().from(datasetRows).where(eq(datasetRows.datasetId, id)).orderBy(asc(datasetRows.date));
  return {
    dataset: toSummary(dataset),
    rows: rows.map((r) => ({
      date: r.date,
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      volume: r.volume,
      ...(r.dividend !== null && { dividend: r.dividend }),
      ...(r.splitTo !== null && r.splitFrom !== null && { split: formatRatio({ to: r.splitTo, from: r.splitFrom }) }),
    })),
  };
}

/** These datasets' symbols and date ranges (those that exist): what a replay event is checked against. */
export async function datasetRanges(db: DbOrTx, ids: readonly string[]): Promise<Array<{ id: string; symbol: string; firstDate: string; lastDate: string }>> {
  if (ids.length === 0) return [];
  return db.select({ id: datasets.id, symbol: datasets.symbol, firstDate: datasets.firstDate, lastDate: datasets.lastDate }).from(datasets).where(inArray(datasets.id, [...ids]));
}
