/**
 * Tables and charts as a person reads them (issue #12, section 3; docs/decisions/035): at 1280
 * and 390 px every holdings column is in view or reachable inside its own scroll box (never cut
 * off, never widening the page), figures are right-aligned in tabular digits with one minus
 * sign, a "%" never leaves its figure, phone tables keep their first column pinned, and the
 * charts' axes — read from what they draw on their canvases — show grouped prices, a volume
 * pane, no label cut at the edge and no time label twice in a row.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { MINUS } from "@/lib/format";
import { HttpClient } from "../setup/http-client";
import { appUrl, browserMissing, newPerson, type Person, registerViaApi, setPrice, signInAt, TEST_ADMIN, useDevices } from "./helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;

/** Canvas text, in the canvas's own pixels: what a chart's axes show. Installed before any page script runs. */
function recordCanvasText() {
  const canvases: HTMLCanvasElement[] = [];
  const drawn = new Map<HTMLCanvasElement, Map<string, { text: string; x: number; y: number; px: number; height: number; baseline: string }>>();
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    const t = this.getTransform();
    if (!drawn.has(this.canvas)) {
      drawn.set(this.canvas, new Map());
      canvases.push(this.canvas);
    }
    const px = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 0) * t.d;
    const label = { text, x: x * t.a + t.e, y: y * t.d + t.f, px, height: this.canvas.height, baseline: this.textBaseline };
    // A redraw at the same place is the same label.
    drawn.get(this.canvas)!.set(`${text}@${Math.round(label.x)},${Math.round(label.y)}`, label);
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
  (window as unknown as { canvasText: (box: Element) => unknown }).canvasText = (box: Element) =>
    canvases.filter((c) => box.contains(c)).map((c) => [...drawn.get(c)!.values()]);
}

interface Label {
  text: string;
  x: number;
  y: number;
  px: number;
  height: number;
  baseline: string;
}

const TIME_LABEL = /^(\d{2}:\d{2}(:\d{2})?|[A-Z][a-z]{2}( \d{1,2})?|\d{4})$/;
const PRICE_LABEL = /^−?\d{1,3}(,\d{3})*\.\d{2}$/;
const VOLUME_LABEL = /^\d+(\.\d)?[KMB]?$/;

/** The labels a chart draws: its price axes (one list per pane) and its time axis, left to right. */
async function axes(chart: Locator): Promise<{ prices: Label[][]; volumes: Label[][]; times: string[]; all: string[]; figures: string[] }> {
  const canvases = (await chart.evaluate((box) => (window as unknown as { canvasText: (box: Element) => Label[][] }).canvasText(box))) as Label[][];
  const every = (labels: Label[], pattern: RegExp) => labels.length > 0 && labels.every((l) => pattern.test(l.text));
  const timeAxis = canvases.filter((labels) => every(labels, TIME_LABEL));
  return {
    prices: canvases.filter((labels) => every(labels, PRICE_LABEL)),
    volumes: canvases.filter((labels) => every(labels, VOLUME_LABEL) && !every(labels, TIME_LABEL)),
    times: timeAxis.flat().sort((a, b) => a.x - b.x).map((l) => l.text),
    all: canvases.flat().map((l) => l.text),
    // Everything drawn outside the time axis: prices, volumes, series titles.
    figures: canvases.filter((labels) => !every(labels, TIME_LABEL)).flat().map((l) => l.text),
  };
}

/** Waits until the chart has drawn a time axis with at least two labels, then reads its axes. */
async function drawnAxes(chart: Locator) {
  await chart.locator("canvas").first().waitFor();
  await expect.poll(async () => (await axes(chart)).times.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  return axes(chart);
}

function expectNoNeighbourRepeats(labels: string[], what: string) {
  for (let i = 1; i < labels.length; i++) expect(labels[i], `${what}: ${labels.join(" | ")}`).not.toBe(labels[i - 1]);
}

/** Every label lies wholly inside its canvas: nothing cut at the top or the bottom. */
function expectUncut(labels: Label[], what: string) {
  for (const l of labels) {
    const half = l.baseline === "middle" ? l.px / 2 : l.px;
    expect(l.y - half, `${what}: "${l.text}" at ${l.y} of ${l.height}`).toBeGreaterThanOrEqual(0);
    expect(l.y + (l.baseline === "middle" ? half : 0), `${what}: "${l.text}" at ${l.y} of ${l.height}`).toBeLessThanOrEqual(l.height);
  }
}

/** Where a table stands: its scroll box, whether it scrolls, and each header cell's edges. */
async function layoutOf(table: Locator) {
  return table.evaluate((t) => {
    const box = t.parentElement!;
    const r = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    return {
      box: { left: r.left, right: r.right },
      overflowX: style.overflowX,
      scrolls: box.scrollWidth > box.clientWidth + 1,
      role: box.getAttribute("role"),
      name: box.getAttribute("aria-labelledby") ? document.getElementById(box.getAttribute("aria-labelledby")!)?.textContent : null,
      tabIndex: box.tabIndex,
      pageOverflow: document.documentElement.scrollWidth - innerWidth,
      headers: [...t.querySelectorAll("thead th")].map((th) => ({ text: th.textContent ?? "", left: th.getBoundingClientRect().left, right: th.getBoundingClientRect().right })),
    };
  });
}

/** Scrolls the table's box to its far end; the first cell of every row must still sit at the box's left edge. */
async function scrolledToEnd(table: Locator) {
  return table.evaluate((t) => {
    const box = t.parentElement!;
    box.scrollLeft = box.scrollWidth;
    const r = box.getBoundingClientRect();
    const rows = [...t.querySelectorAll("tr")];
    const lastHeader = [...t.querySelectorAll("thead th")].at(-1)!.getBoundingClientRect();
    return {
      scrollLeft: box.scrollLeft,
      boxLeft: r.left,
      boxRight: r.right,
      lastHeaderRight: lastHeader.right,
      firstCells: rows.map((row) => row.firstElementChild!).filter((cell) => !cell.hasAttribute("colspan")).map((cell) => ({ left: cell.getBoundingClientRect().left, position: getComputedStyle(cell).position })),
    };
  });
}

/** The alignment and digits of every header and cell of the columns whose header is marked as figures. */
async function figureColumns(table: Locator) {
  return table.evaluate((t) => {
    const heads = [...t.querySelectorAll("thead th")];
    const figures = heads.map((th) => getComputedStyle(th).textAlign === "right");
    const cells = [...t.querySelectorAll("tbody tr")].flatMap((row) =>
      [...row.children].map((cell, i) => ({ column: heads[i]?.textContent ?? "", figure: figures[i], text: cell.textContent ?? "", align: getComputedStyle(cell).textAlign, digits: getComputedStyle(cell).fontVariantNumeric })),
    );
    return { figures: heads.filter((_, i) => figures[i]).map((th) => th.textContent), cells };
  });
}

/**
 * Squeezes `element` to 1 px wide so the text breaks wherever it may, then says whether each
 * "%" stayed on the line of the digit before it, and each sign on the line of the digit after.
 */
async function unitsStayTogether(element: Locator): Promise<Array<{ text: string; together: boolean }>> {
  return element.evaluate((el) => {
    (el as HTMLElement).style.cssText += ";display:inline-block;width:1px;white-space:normal;overflow-wrap:normal;word-break:normal";
    const out: Array<{ text: string; together: boolean }> = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const top = (node: Text, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().top;
    };
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (node.parentElement?.closest(".visually-hidden")) continue;
      const text = node.data;
      for (const match of text.matchAll(/([+−]?)(\d[\d,.]*)\s%/g)) {
        const start = match.index;
        const lastDigit = start + match[1]!.length + match[2]!.length - 1;
        const percent = start + match[0].length - 1;
        const tops = [top(node, lastDigit), top(node, percent), ...(match[1] ? [top(node, start)] : [])];
        out.push({ text: match[0], together: Math.max(...tops) - Math.min(...tops) < 1 });
      }
    }
    return out;
  });
}

async function order(client: HttpClient, portfolioId: string, symbol: string, side: "buy" | "sell", quantity: number) {
  const res = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side, type: "market", quantity } });
  if (res.status !== 201) throw new Error(`${side} ${quantity} ${symbol} failed: ${res.status} ${await res.text()}`);
}

describe.skipIf(browserMissing)("tables and charts", () => {
  const devices = useDevices();
  let person: Person;
  let client: HttpClient;
  let portfolioId: string;

  beforeAll(async () => {
    if (browserMissing) return;
    // Symbols no other browser test trades: their prices can be moved freely here.
    person = newPerson("tables");
    await registerViaApi(person);
    client = new HttpClient(appUrl());
    await client.signIn(person.email, person.password);
    portfolioId = ((await (await client.request("/api/portfolio")).json()) as { id: string }).id;
    await setPrice(client, "GLMM", "70.00");
    await order(client, portfolioId, "GLMM", "buy", 300);
    await setPrice(client, "SMCH", "120.00");
    await order(client, portfolioId, "SMCH", "buy", 200);
    await setPrice(client, "SMCH", "100.00");
    await order(client, portfolioId, "SMCH", "sell", 50);
    await setPrice(client, "PXPN", "55.00");
    await order(client, portfolioId, "PXPN", "buy", 100);
    // A seven-figure position: 300 × 4,000.00 = 1,200,000.00, a gain of over a million.
    await setPrice(client, "GLMM", "4000.00");
    // Equity snapshots over the last two hours, so the equity chart has a curve to label.
    for (let k = 24; k >= 1; k--) {
      const res = await client.request("/api/test/snapshots", { method: "POST", json: { at: new Date(Date.now() - k * 5 * MINUTE).toISOString(), portfolioId } });
      if (res.status !== 200) throw new Error(`snapshot failed: ${res.status} ${await res.text()}`);
    }
  });

  async function signedIn(viewport: { width: number; height: number }, who: Pick<Person, "email" | "password"> = person): Promise<{ page: Page; context: BrowserContext }> {
    const { context, newPage } = await devices.launch({ viewport, timezoneId: "America/New_York" });
    await context.addInitScript(recordCanvasText);
    const page = await newPage();
    await signInAt(page, who);
    await page.waitForURL(`${appUrl()}/`);
    return { page, context };
  }

  it("shows every holdings column at 1280 px, figures right-aligned in tabular digits with one minus sign", async () => {
    const { page } = await signedIn(DESKTOP);
    await page.goto(`${appUrl()}/portfolio`);
    const table = page.getByRole("table", { name: "Holdings" });
    await table.getByRole("rowheader", { name: /GLMM/ }).waitFor();

    const layout = await layoutOf(table);
    expect(layout.pageOverflow).toBeLessThanOrEqual(0);
    expect(layout.scrolls, "the table fits its card: nothing hides to the right").toBe(false);
    expect(layout.headers.map((h) => h.text)).toEqual(["Instrument", "Qty", "Avg cost", "Last", "Value", "Unrealised P&L", "Realised P&L", "Weight"]);
    for (const h of layout.headers) {
      expect(h.left, h.text).toBeGreaterThanOrEqual(layout.box.left - 0.5);
      expect(h.right, h.text).toBeLessThanOrEqual(layout.box.right + 0.5);
    }

    const { figures, cells } = await figureColumns(table);
    expect(figures).toEqual(["Qty", "Avg cost", "Last", "Value", "Unrealised P&L", "Realised P&L", "Weight"]);
    for (const cell of cells.filter((c) => c.figure)) {
      expect(cell.align, `${cell.column} ${cell.text}`).toBe("right");
      expect(cell.digits, `${cell.column} ${cell.text}`).toContain("tabular-nums");
      expect(cell.text, `${cell.column}: no hyphen for a minus`).not.toMatch(/-\d/);
    }
    const glmm = await table.getByRole("row", { name: /GLMM/ }).textContent();
    expect(glmm).toContain("1,200,000.00");
    // SMCH: bought at 120.06, now 100.00 — a loss, written with exactly one U+2212.
    const smch = (await table.getByRole("row", { name: /SMCH/ }).locator("td").allTextContents()).join(" | ");
    expect(smch).toMatch(new RegExp(`${MINUS}\\d`));
    expect(smch).not.toMatch(new RegExp(`${MINUS}\\s*${MINUS}|-${MINUS}|${MINUS}-`));
  });

  it("keeps phone tables readable at 390 px: they scroll inside their card with the first column pinned, and the page never does", async () => {
    const { page } = await signedIn(PHONE);
    await page.goto(`${appUrl()}/portfolio`);
    for (const name of ["Holdings", "Order history"]) {
      const table = page.getByRole("table", { name });
      await table.locator("tbody tr").first().waitFor();
      const layout = await layoutOf(table);
      expect(layout.pageOverflow, `${name}: the page does not scroll sideways`).toBeLessThanOrEqual(0);
      expect(layout.box.right, name).toBeLessThanOrEqual(PHONE.width);
      if (!layout.scrolls) continue;
      // Wider than the phone: a named, focusable scroll region, reachable to its last column.
      expect(layout.overflowX, name).toBe("auto");
      expect(layout.role, name).toBe("region");
      expect(layout.name, name).toBe(name);
      expect(layout.tabIndex, name).toBe(0);
      const end = await scrolledToEnd(table);
      expect(end.scrollLeft, name).toBeGreaterThan(0);
      expect(end.lastHeaderRight, `${name}: the last column comes into view`).toBeLessThanOrEqual(end.boxRight + 1);
      for (const cell of end.firstCells) {
        expect(cell.position, name).toBe("sticky");
        expect(Math.abs(cell.left - end.boxLeft), `${name}: the first column stays at the left edge`).toBeLessThan(1);
      }
    }
    // The holdings do scroll on a phone, and keep their figures right-aligned there too.
    const holdings = page.getByRole("table", { name: "Holdings" });
    expect((await layoutOf(holdings)).scrolls).toBe(true);
    for (const cell of (await figureColumns(holdings)).cells.filter((c) => c.figure)) expect(cell.align, cell.column).toBe("right");
  });

  it("never lets a % or a sign leave its figure, however narrow the space", async () => {
    const { page } = await signedIn(PHONE);
    await page.goto(`${appUrl()}/portfolio`);
    const table = page.getByRole("table", { name: "Holdings" });
    await table.locator("tbody tr").first().waitFor();
    const places = [
      ...(await table.locator("tbody td").all()),
      page.getByTestId("risk-figures").locator("dd").first(),
      page.getByRole("list").filter({ hasText: "Cash" }).first(),
    ];
    // The trade ticket's preview names the half-spread in basis points.
    const ticket = page.getByRole("form", { name: "Trade ticket" });
    await ticket.getByRole("combobox", { name: "Instrument" }).fill("PXPN");
    await ticket.getByRole("option", { name: /^PXPN/ }).waitFor();
    await ticket.getByRole("combobox", { name: "Instrument" }).press("Enter");
    const slippage = ticket.getByText(/half-spread/).first();
    await slippage.waitFor();
    places.push(slippage);
    let percents = 0;
    for (const place of places) {
      for (const found of await unitsStayTogether(place)) {
        percents++;
        expect(found.together, `"${found.text}" broke across lines`).toBe(true);
      }
    }
    // The holdings' weights, the allocation, a return, the slippage: each was measured.
    expect(percents).toBeGreaterThanOrEqual(8);
  });

  it("labels the instrument chart's axes with grouped prices and volumes in their own pane, none cut off, no time twice", { timeout: 240_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await signedIn(viewport);
      await page.goto(`${appUrl()}/portfolio/instruments/GLMM`);
      const chart = page.getByRole("img", { name: /GLMM daily candles for the past year, with volume/ });
      const drawn = await drawnAxes(chart);
      const where = `${viewport.width} px`;
      // Prices: every label grouped with two decimals, some of them past a thousand.
      expect(drawn.prices.length, where).toBeGreaterThanOrEqual(1);
      expect(drawn.prices.flat().some((l) => /^\d{1,3}(,\d{3})+\.\d{2}$/.test(l.text)), `${where}: ${drawn.all.join(" | ")}`).toBe(true);
      expect(drawn.figures.filter((text) => /\d{4}/.test(text)), `${where}: no ungrouped figure`).toEqual([]);
      // Volume: its own pane and axis, in short counts.
      expect(drawn.volumes.length, `${where}: ${drawn.all.join(" | ")}`).toBeGreaterThanOrEqual(1);
      expect(drawn.volumes.flat().some((l) => /[KM]$/.test(l.text)), where).toBe(true);
      expect(drawn.all, where).toContain("Volume");
      for (const axis of [...drawn.prices, ...drawn.volumes]) expectUncut(axis, where);
      expectNoNeighbourRepeats(drawn.times, `${where} time axis`);

      // Today's minutes, in the page's zone.
      await page.getByRole("button", { name: "Today (minutes)" }).click();
      const minutes = await drawnAxes(page.getByRole("img", { name: /GLMM minute candles for today/ }));
      expectNoNeighbourRepeats(minutes.times, `${where} minutes`);
      for (const axis of minutes.prices) expectUncut(axis, `${where} minutes`);
    }
  });

  it("never repeats a time label on the equity chart, over a day or over all time", async () => {
    const { page } = await signedIn(DESKTOP);
    await page.goto(`${appUrl()}/portfolio`);
    for (const [range, name] of [
      ["1D", /^Equity over the last day/],
      ["All", /^Equity over all time/],
    ] as const) {
      await page.getByRole("group", { name: "Chart range" }).getByRole("button", { name: range, exact: true }).click();
      const chart = page.getByRole("img", { name });
      const drawn = await drawnAxes(chart);
      expectNoNeighbourRepeats(drawn.times, `equity chart, ${range}`);
      expect(drawn.prices.flat().some((l) => /^\d{1,3}(,\d{3})+\.\d{2}$/.test(l.text)), drawn.all.join(" | ")).toBe(true);
      expect(drawn.figures.filter((text) => /\d{4}/.test(text)), `equity chart, ${range}: no ungrouped figure`).toEqual([]);
      for (const axis of drawn.prices) expectUncut(axis, `equity chart, ${range}`);
    }
  });

  it("keeps the admin tables inside the page at 1280 and 390 px, figures right-aligned, first column pinned when they scroll", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await signedIn(viewport, TEST_ADMIN);
      for (const [path, name] of [
        ["/admin", /^People, page/],
        ["/admin/audit", /^Audit log, page/],
        ["/admin/instruments", "Instruments"],
      ] as const) {
        await page.goto(`${appUrl()}${path}`);
        const table = page.getByRole("table", { name });
        await table.locator("tbody tr td").nth(1).waitFor();
        const where = `${path} at ${viewport.width} px`;
        const layout = await layoutOf(table);
        expect(layout.pageOverflow, where).toBeLessThanOrEqual(0);
        expect(layout.box.right, where).toBeLessThanOrEqual(viewport.width);
        if (layout.scrolls) {
          expect(layout.role, where).toBe("region");
          const end = await scrolledToEnd(table);
          expect(end.lastHeaderRight, where).toBeLessThanOrEqual(end.boxRight + 1);
          for (const cell of end.firstCells) expect(Math.abs(cell.left - end.boxLeft), where).toBeLessThan(1);
        } else {
          for (const h of layout.headers) expect(h.right, `${where}: ${h.text}`).toBeLessThanOrEqual(layout.box.right + 0.5);
        }
      }
      // The universe's prices and parameters are figures.
      const { figures, cells } = await figureColumns(page.getByRole("table", { name: "Instruments" }));
      expect(figures).toEqual(["Last price", "Volatility", "Beta"]);
      for (const cell of cells.filter((c) => c.figure)) expect(cell.align, `${cell.column} ${cell.text}`).toBe("right");
    }
  });
});
