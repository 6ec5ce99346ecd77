/**
 * The bundled universe: fictional companies and funds, with the parameters of their
 * simulated price process. Every name is invented and meant to sound invented, so nobody
 * mistakes a simulated price for a real one; the symbols are chosen not to be tickers of
 * real listings we know of.
 */
import { textProblem } from "@/lib/text";
import { PriceFormatError, toCents } from "./cents";

export const FICTIONAL_NOTICE = "Tickerlab's companies and funds are fictional and their prices are simulated.";

export const SECTORS = [
  "Technology",
  "Healthcare",
  "Energy",
  "Financials",
  "Consumer Staples",
  "Consumer Discretionary",
  "Industrials",
  "Utilities",
  "Materials",
  "Real Estate",
  "Communication",
  /** Funds spread over the whole market: no sector factor of their own. */
  "Diversified",
] as const;
export type Sector = (typeof SECTORS)[number];

/** What the simulator moves and people trade. The benchmark index is listed beside them (INDEX_KIND) but is neither. */
export const SIMULATED_KINDS = ["stock", "etf"] as const;
export type InstrumentKind = (typeof SIMULATED_KINDS)[number];

export interface InstrumentDefinition {
  /** 2–5 capital letters. */
  symbol: string;
  name: string;
  /** One of SECTORS for the bundled universe; admins may add others. */
  sector: string;
  kind: InstrumentKind;
  /** The price the simulator starts from, a decimal string with two decimals. */
  startingPrice: string;
  /** Expected annual return (arithmetic; the simulator subtracts σ²/2 for the log drift). */
  drift: number;
  /** Annual volatility of the continuous part of the return (jumps come on top). */
  volatility: number;
  /** Sensitivity to the market factor: 1 moves one-for-one with the market. */
  beta: number;
  /** Sensitivity to its sector's factor (0 for a fund with no sector). */
  sectorLoading: number;
  /** Typical shares traded per 24-hour day, for the simulated volume. */
  averageDailyVolume: number;
}

export interface BundledInstrument extends InstrumentDefinition {
  sector: Sector;
}

/** Annual volatility of the shared market factor (a broad index moves about this much). */
export const MARKET_FACTOR_VOLATILITY = 0.16;
/** Annual volatility of each sector's own factor. */
export const SECTOR_FACTOR_VOLATILITY = 0.14;

type Row = [symbol: string, name: string, sector: Sector, kind: InstrumentKind, price: string, drift: number, volatility: number, beta: number, sectorLoading: number, averageDailyVolume: number];

// prettier-ignore
const ROWS: Row[] = [
  ["NWRB", "Northwind Robotics",              "Technology",             "stock", "142.50", 0.11, 0.342,  1.3, 1.0, 3_200_000],
  ["QBYT", "Quillbyte Software",              "Technology",             "stock",  "86.20", 0.10, 0.306,  1.2, 0.9, 2_800_000],
  ["LMXS", "Lumaxis Semiconductors",          "Technology",             "stock",  "54.75", 0.12, 0.405,  1.5, 1.2, 5_100_000],
  ["CLDV", "Cloudvale Systems",               "Technology",             "stock",  "31.40", 0.09, 0.324,  1.2, 0.9, 1_900_000],
  ["BRWT", "Bramblewood Therapeutics",        "Healthcare",             "stock",  "48.90", 0.08, 0.432,  0.9, 1.0, 2_200_000],
  ["MDGH", "Meadowgate Health",               "Healthcare",             "stock", "112.30", 0.07, 0.198,  0.8, 0.9, 1_400_000],
  ["KSDX", "Kestrel Diagnostics",             "Healthcare",             "stock",  "27.65", 0.08, 0.279,  0.9, 1.0, 1_100_000],
  ["DWPT", "Driftwood Petroleum",             "Energy",                 "stock",  "63.10", 0.06, 0.27,  1.0, 1.2, 3_600_000],
  ["SNFW", "Sunfallow Renewables",            "Energy",                 "stock",  "18.45", 0.09, 0.45,  1.3, 1.1, 4_400_000],
  ["IVDR", "Ironvein Drilling",               "Energy",                 "stock",  "22.80", 0.05, 0.369,  1.1, 1.3, 2_000_000],
  ["CKBK", "Copperkettle Bank",               "Financials",             "stock",  "39.20", 0.07, 0.243,  1.1, 1.0, 3_000_000],
  ["GWIG", "Gullwing Insurance Group",        "Financials",             "stock",  "74.60", 0.06, 0.189,  0.8, 0.8,   900_000],
  ["LNFC", "Lanternfield Capital",            "Financials",             "stock",  "95.10", 0.09, 0.297,  1.3, 1.0, 1_500_000],
  ["BHFD", "Blue Harbor Foods",               "Consumer Staples",       "stock",  "44.35", 0.05, 0.153,  0.6, 0.7, 1_600_000],
  ["TDHH", "Thistledown Household",           "Consumer Staples",       "stock",  "58.00", 0.05, 0.144,  0.5, 0.7, 1_200_000],
  ["OTMG", "Oatmere Grocers",                 "Consumer Staples",       "stock",  "26.15", 0.04, 0.18,  0.6, 0.8, 2_100_000],
  ["VLCM", "Velvet Comet Apparel",            "Consumer Discretionary", "stock",  "33.70", 0.08, 0.306,  1.2, 1.0, 1_800_000],
  ["RMWL", "Roamwell Travel",                 "Consumer Discretionary", "stock",  "52.40", 0.09, 0.333,  1.3, 1.1, 2_300_000],
  ["TBXT", "Tinderbox Toys",                  "Consumer Discretionary", "stock",  "15.85", 0.07, 0.36,  1.1, 1.0,   800_000],
  ["GLMM", "Granite Loom Machinery",          "Industrials",            "stock",  "77.25", 0.07, 0.225,  1.1, 0.9, 1_000_000],
  ["SKRL", "Skyrail Logistics",               "Industrials",            "stock",  "41.60", 0.08, 0.252,  1.0, 1.0, 1_700_000],
  ["FCRA", "Falconridge Aerospace",           "Industrials",            "stock", "128.40", 0.08, 0.261,  1.1, 1.0, 1_300_000],
  ["SWGR", "Stillwater Grid",                 "Utilities",              "stock",  "36.90", 0.04, 0.135,  0.4, 0.8, 1_500_000],
  ["BBKW", "Brightbrook Water",               "Utilities",              "stock",  "29.30", 0.04, 0.126,  0.3, 0.7,   900_000],
  ["RCMN", "Redcliff Minerals",               "Materials",              "stock",  "24.55", 0.06, 0.324,  1.2, 1.2, 2_600_000],
  ["SMCH", "Saltmarsh Chemicals",             "Materials",              "stock",  "67.80", 0.06, 0.234,  1.0, 0.9, 1_200_000],
  ["EMGL", "Emberglass Materials",            "Materials",              "stock",  "35.50", 0.07, 0.27,  1.1, 1.0, 1_000_000],
  ["ILPR", "Ivy Lantern Properties",          "Real Estate",            "stock",  "19.75", 0.05, 0.198,  0.8, 0.9, 1_400_000],
  ["CBTR", "Cobblestone Towers REIT",         "Real Estate",            "stock",  "45.10", 0.05, 0.216,  0.9, 1.0, 1_100_000],
  ["CBXM", "Chatterbox Media",                "Communication",          "stock",  "23.40", 0.08, 0.351,  1.2, 1.0, 2_400_000],
  ["FRCT", "Farcast Telecom",                 "Communication",          "stock",  "34.85", 0.04, 0.171,  0.7, 0.8, 2_000_000],
  ["PXPN", "Pixelpine Studios",               "Communication",          "stock",  "57.20", 0.10, 0.378,  1.3, 1.0, 1_600_000],
  ["TKTM", "Tickerlab Total Market ETF",      "Diversified",            "etf",   "100.00", 0.07, 0.165, 1.0, 0.0, 6_000_000],
  ["HLTK", "Harborline Technology Sector ETF", "Technology",            "etf",    "72.40", 0.10, 0.24,  1.2, 1.0, 4_000_000],
  ["HLHC", "Harborline Healthcare Sector ETF", "Healthcare",            "etf",    "61.30", 0.07, 0.19,  0.8, 0.9, 2_000_000],
  ["HLEN", "Harborline Energy Sector ETF",    "Energy",                 "etf",    "38.90", 0.06, 0.27,  1.0, 1.2, 3_000_000],
];

export const BUNDLED_UNIVERSE: readonly BundledInstrument[] = ROWS.map(([symbol, name, sector, kind, startingPrice, drift, volatility, beta, sectorLoading, averageDailyVolume]) => ({
  symbol,
  name,
  sector,
  kind,
  startingPrice,
  drift,
  volatility,
  beta,
  sectorLoading,
  averageDailyVolume,
}));

export const SYMBOL_PATTERN = /^[A-Z]{2,5}$/;
/** The longest instrument name (the bundled ones are at most 32 characters): it is sent to every member. */
export const INSTRUMENT_NAME_MAX_LENGTH = 80;
/** The longest sector name, of an instrument or a dataset (the bundled ones are at most 22). */
export const SECTOR_MAX_LENGTH = 40;

export interface FactorVolatilities {
  marketVolatility: number;
  sectorVolatility: number;
}

/**
 * The part of an instrument's variance left for its own noise once the market and sector
 * factors have taken theirs. Negative means the loadings promise more co-movement than the
 * volatility allows.
 */
export function idiosyncraticVariance(instrument: Pick<InstrumentDefinition, "volatility" | "beta" | "sectorLoading">, factors: FactorVolatilities): number {
  return instrument.volatility ** 2 - (instrument.beta * factors.marketVolatility) ** 2 - (instrument.sectorLoading * factors.sectorVolatility) ** 2;
}

/**
 * Everything wrong with one instrument definition, as human messages (empty when it is
 * fine). Admin edits go through this before they reach the simulator.
 */
export function instrumentProblems(
  instrument: InstrumentDefinition,
  factors: FactorVolatilities = { marketVolatility: MARKET_FACTOR_VOLATILITY, sectorVolatility: SECTOR_FACTOR_VOLATILITY },
): string[] {
  const problems: string[] = [];
  const label = instrument.symbol || "(no symbol)";
  if (!SYMBOL_PATTERN.test(instrument.symbol)) problems.push(`${label}: a symbol is 2 to 5 capital letters.`);
  const name = textProblem(instrument.name.trim(), { min: 1, max: INSTRUMENT_NAME_MAX_LENGTH });
  if (name === "too-short") problems.push(`${label}: the name is empty.`);
  else if (name === "too-long") problems.push(`${label}: the name is longer than ${INSTRUMENT_NAME_MAX_LENGTH} characters.`);
  else if (name) problems.push(`${label}: the name may hold letters, numbers and punctuation only.`);
  const sector = textProblem(instrument.sector.trim(), { min: 1, max: SECTOR_MAX_LENGTH });
  if (sector === "too-short") problems.push(`${label}: the sector is empty.`);
  else if (sector === "too-long") problems.push(`${label}: the sector is longer than ${SECTOR_MAX_LENGTH} characters.`);
  else if (sector) problems.push(`${label}: the sector may hold letters, numbers and punctuation only.`);
  try {
    if (!/^\d+\.\d{2}$/.test(instrument.startingPrice) || toCents(instrument.startingPrice) <= 0) {
      problems.push(`${label}: the starting price must be positive with two decimals, like 42.50.`);
    }
  } catch (error) {
    if (!(error instanceof PriceFormatError)) throw error;
    problems.push(`${label}: the starting price must be positive with two decimals, like 42.50.`);
  }
  if (!(instrument.drift >= -1 && instrument.drift <= 1)) problems.push(`${label}: the annual drift must be between -1 and 1.`);
  if (!(instrument.volatility > 0 && instrument.volatility <= 3)) problems.push(`${label}: the annual volatility must be above 0 and at most 3.`);
  if (!(instrument.beta >= -3 && instrument.beta <= 3)) problems.push(`${label}: beta must be between -3 and 3.`);
  if (!(instrument.sectorLoading >= -3 && instrument.sectorLoading <= 3)) problems.push(`${label}: the sector loading must be between -3 and 3.`);
  if (!Number.isSafeInteger(instrument.averageDailyVolume) || instrument.averageDailyVolume < 0) problems.push(`${label}: the average daily volume must be a whole number of shares.`);
  if (problems.length === 0 && idiosyncraticVariance(instrument, factors) < 0) {
    problems.push(`${label}: a volatility of ${instrument.volatility} is too low for beta ${instrument.beta} and sector loading ${instrument.sectorLoading}.`);
  }
  return problems;
}
