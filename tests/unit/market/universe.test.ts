import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, idiosyncraticVariance, instrumentProblems, MARKET_FACTOR_VOLATILITY, SECTOR_FACTOR_VOLATILITY, SECTORS, SYMBOL_PATTERN, type InstrumentDefinition } from "@/domain/market";

// Well-known real listings and brands: none may appear in the fictional universe.
const REAL_TICKERS = ["AAPL", "MSFT", "AMZN", "GOOG", "GOOGL", "META", "TSLA", "NVDA", "XOM", "CVX", "PFE", "JNJ", "WMT", "BRK", "JPM", "GS", "SPY", "QQQ", "VTI", "VOO", "IWM", "KO", "PEP", "DIS", "BA", "INTC", "NFLX", "V", "MA", "IBM", "ORCL", "AMD", "T", "VZ", "XLK", "XLE", "XLV"];
const REAL_NAMES = ["apple", "microsoft", "amazon", "google", "alphabet", "meta ", "tesla", "nvidia", "exxon", "chevron", "pfizer", "johnson", "walmart", "berkshire", "morgan", "goldman", "vanguard", "ishares", "spdr", "coca", "pepsi", "disney", "boeing", "intel", "netflix", "visa", "mastercard", "s&p", "nasdaq", "dow jones"];

describe("the bundled universe", () => {
  it("has at least 30 instruments across at least 8 sectors", () => {
    expect(BUNDLED_UNIVERSE.length).toBeGreaterThanOrEqual(30);
    const stockSectors = new Set(BUNDLED_UNIVERSE.filter((i) => i.kind === "stock").map((i) => i.sector));
    expect(stockSectors.size).toBeGreaterThanOrEqual(8);
  });

  it("has both stocks and funds, each sector with at least two stocks", () => {
    expect(BUNDLED_UNIVERSE.some((i) => i.kind === "etf")).toBe(true);
    const stocksPerSector = new Map<string, number>();
    for (const i of BUNDLED_UNIVERSE) if (i.kind === "stock") stocksPerSector.set(i.sector, (stocksPerSector.get(i.sector) ?? 0) + 1);
    for (const [, count] of stocksPerSector) expect(count).toBeGreaterThanOrEqual(2);
  });

  it("has unique symbols of 2 to 5 capital letters, and unique names", () => {
    const symbols = BUNDLED_UNIVERSE.map((i) => i.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(new Set(BUNDLED_UNIVERSE.map((i) => i.name)).size).toBe(symbols.length);
    for (const symbol of symbols) expect(symbol).toMatch(SYMBOL_PATTERN);
  });

  it("is plainly fictional: no real ticker, no real company or fund name", () => {
    for (const instrument of BUNDLED_UNIVERSE) {
      expect(REAL_TICKERS).not.toContain(instrument.symbol);
      for (const real of REAL_NAMES) expect(`${instrument.name.toLowerCase()} `).not.toContain(real);
    }
  });

  it("uses only the listed sectors, and every instrument passes the admin's checks", () => {
    for (const instrument of BUNDLED_UNIVERSE) {
      expect(SECTORS).toContain(instrument.sector);
      expect(instrumentProblems(instrument)).toEqual([]);
      expect(instrument.startingPrice).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it("leaves every instrument some noise of its own after the market and sector factors", () => {
    const factors = { marketVolatility: MARKET_FACTOR_VOLATILITY, sectorVolatility: SECTOR_FACTOR_VOLATILITY };
    for (const instrument of BUNDLED_UNIVERSE) expect(idiosyncraticVariance(instrument, factors)).toBeGreaterThan(0);
  });
});

describe("checking an instrument definition", () => {
  const good: InstrumentDefinition = {
    symbol: "ZZTOP",
    name: "Zigzag Topiary",
    sector: "Materials",
    kind: "stock",
    startingPrice: "12.00",
    drift: 0.05,
    volatility: 0.3,
    beta: 1,
    sectorLoading: 1,
    averageDailyVolume: 1000,
  };

  it("accepts a sound one", () => {
    expect(instrumentProblems(good)).toEqual([]);
  });

  it.each<[Partial<InstrumentDefinition>, RegExp]>([
    [{ symbol: "zz" }, /2 to 5 capital letters/],
    [{ symbol: "TOOLONG" }, /2 to 5 capital letters/],
    [{ name: " " }, /name is empty/],
    [{ startingPrice: "12" }, /two decimals/],
    [{ startingPrice: "0.00" }, /positive/],
    [{ startingPrice: "-1.00" }, /positive/],
    [{ volatility: 0 }, /volatility/],
    [{ drift: 2 }, /drift/],
    [{ averageDailyVolume: 1.5 }, /daily volume/],
    [{ volatility: 0.1, beta: 1.5 }, /too low for beta 1.5/],
  ])("reports %o", (change, message) => {
    const problems = instrumentProblems({ ...good, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});
