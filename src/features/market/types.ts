/**
 * The market feature's answers as the browser receives them (server-free): the datasets
 * admin's list and rows, declared once for the server that answers and the screens that read.
 */
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
  /** A dividend going ex this day, per share (docs/decisions/063). */
  dividend?: string;
  /** A split taking effect this day, new:old shares ("2:1"). */
  split?: string;
}
