/** Orders and fills of a portfolio as one CSV, safe to open in a spreadsheet. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { fills, orders } from "@/server/db/schema";

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, and tab/CR that some treat the
 * same) gets a leading apostrophe; cells with separators or quotes are quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = ["record", "id", "order_id", "time", "symbol", "side", "type", "quantity", "limit_price", "stop_price", "time_in_force", "status", "reject_code", "message", "price", "commission", "reason"];

export async function portfolioCsv(db: Db, portfolioId: string): Promise<string> {
  const orderRows = await db.select().from(orders).where(eq(orders.portfolioId, portfolioId)).orderBy(asc(orders.createdAt), asc(orders.id));
  const fillRows = await db.select().from(fills).where(eq(fills.portfolioId, portfolioId)).orderBy(asc(fills.createdAt), asc(fills.id));
  const lines: Array<Array<string | number | null>> = [HEADER];
  for (const o of orderRows) {
    lines.push(["order", o.id, null, o.createdAt.toISOString(), o.symbol, o.side, o.type, o.quantity, o.limitPrice, o.stopPrice, o.timeInForce, o.status, o.rejectCode, o.rejectMessage, null, null, null]);
  }
  for (const f of fillRows) {
    lines.push(["fill", f.id, f.orderId, f.createdAt.toISOString(), f.symbol, f.side, null, f.quantity, null, null, null, null, null, null, f.price, f.commission, f.reason]);
  }
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
