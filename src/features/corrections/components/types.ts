/** The corrections API's answers as the browser reads them (docs/api.md). */
export type CorrectorRole = "admin" | "teacher" | "organiser";
export type Side = "buy" | "sell" | "short" | "cover";

export interface Correction {
  id: string;
  kind: "adjustment" | "reversal";
  amount: string;
  reason: string;
  by: CorrectorRole;
  createdAt: string;
  fill: { id: string; symbol: string; side: Side; quantity: number; price: string; commission: string; createdAt: string } | null;
  reversalFillId: string | null;
}

export interface CorrectionsPage {
  items: Correction[];
  page: number;
  pageSize: number;
  total: number;
  portfolio: { id: string; kind: "practice" | "event"; cash: string };
}
