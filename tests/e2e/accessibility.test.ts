/**
 * The axe gate (issue #12): every page under src/pages — signed out, as a member and as an admin —
 * at 1280×800 and 390×844, and the states axe cannot see while a widget is closed (the account
 * menu, the phone menu, dialogs, the combobox's list, the sign-in card's other tabs, an emailed
 * link's states), and a few pages in the dark theme, scanned with axe-core inside the real page. A serious or critical finding fails
 * the test, listed by impact, rule, page, viewport and element. Every finding of every impact is
 * written to tests/.artifacts/axe/findings.json.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { AxeResults } from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../setup/browser";
import { HttpClient } from "../setup/http-client";
import { waitForLink } from "../setup/mail-catcher";
import { appUrl, browserMissing, PAGE_LOADED_WITHIN_MS, endEventSoon, mailDir, newPerson, registerViaApi, TEST_ADMIN, watchedPage, type Person } from "./helpers";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const ARTIFACT = path.resolve(import.meta.dirname, "..", ".artifacts", "axe", "findings.json");

const VIEWPORTS = [
  { name: "1280×800", width: 1280, height: 800 },
  { name: "390×844", width: 390, height: 844 },
] as const;
type ViewportName = (typeof VIEWPORTS)[number]["name"];

interface Scan {
  /** How the findings name it: the path, plus the state opened. */
  name: string;
  path: string;
  /** Where the browser must be when the page is scanned (a redirect would scan the wrong page). */
  expectPath?: string;
  /** Waits for content the page renders after it settled (RapiDoc's shadow DOM). */
  ready?: (page: Page) => Promise<void>;
  /** Opens the state to scan (a menu, a dialog, a refused link). */
  open?: (page: Page) => Promise<void>;
  /** A state that can be reached only once (a link is used up): the other viewport resizes the same page. */
  once?: boolean;
  /**
   * Loaded again at each viewport: the page reads the viewport when it mounts (RapiDoc's render
   * style). Other pages are loaded once and resized: their layout is CSS media queries, and a
   * second load of each page was a third of the gate's time.
   */
  loadPerViewport?: boolean;
  viewports?: ViewportName[];
  /** The dark theme (the system's preference, which the default "System" theme follows). */
  dark?: boolean;
}

interface Finding {
  impact: string;
  rule: string;
  page: string;
  viewport: string;
  target: string;
  help: string;
}

const LINK = (pagePath: string) => new RegExp(`http://[^\\s"<>]+${pagePath}\\?token=[^\\s"<>]+`);


/**
 * Settled: loaded, web fonts in, nothing marked busy, no route change in flight, and no element
 * added, removed or changed for 300 ms (text-only changes such as "updated 3 s ago" do not count;
 * at most 10 s, after which the page is scanned as it is).
 */
async function settled(page: Page): Promise<"quiet" | "capped"> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () => document.fonts.status === "loaded" && !document.querySelector('[aria-busy="true"]') && !document.documentElement.classList.contains("nprogress-busy"),
    undefined,
    { timeout: PAGE_LOADED_WITHIN_MS },
  );
  return page.evaluate(
    () =>
      new Promise<"quiet" | "capped">((resolve) => {
        const finish = (how: "quiet" | "capped") => {
          observer.disconnect();
          clearTimeout(cap);
          clearTimeout(quiet);
          resolve(how);
        };
        let quiet = setTimeout(() => finish("quiet"), 300);
        const cap = setTimeout(() => finish("capped"), 10_000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(() => finish("quiet"), 300);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
  );
}

/** axe-core's own source, run in the page (through the debugging protocol, so the page's CSP does not apply). */
async function runAxe(page: Page): Promise<Omit<Finding, "page" | "viewport">[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE}\n;0`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.flatMap((rule) =>
      rule.nodes.map((node) => ({
        impact: node.impact ?? rule.impact ?? "unknown",
        rule: rule.id,
        target: node.target.map(String).join(" "),
        help: rule.help,
      })),
    );
  });
}

const all: Finding[] = [];
let scans = 0;
/** Where each scan's time went (written beside the findings): the gate's cost, per page, for the CI budget. */
interface ScanTime {
  page: string;
  viewport: string;
  loadMs: number;
  settle: "quiet" | "capped";
  axeMs: number;
}
const times: ScanTime[] = [];

async function scanEach(context: BrowserContext, list: Scan[]): Promise<Finding[]> {
  const page = await watchedPage(context);
  page.setDefaultTimeout(PAGE_LOADED_WITHIN_MS);
  const found: Finding[] = [];
  for (const scan of list) {
    let opened = false;
    for (const viewport of VIEWPORTS) {
      if (scan.viewports && !scan.viewports.includes(viewport.name)) continue;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scan.dark ? "dark" : "light" });
      const started = performance.now();
      let settle: ScanTime["settle"];
      if (!opened || (!scan.once && (scan.open !== undefined || scan.loadPerViewport))) {
        await page.goto(`${appUrl()}${scan.path}`);
        expect(new URL(page.url()).pathname, `${scan.name} at ${viewport.name}`).toBe(scan.expectPath ?? new URL(scan.path, appUrl()).pathname);
        settle = await settled(page);
        await scan.ready?.(page);
        if (scan.open) {
          await scan.open(page);
          settle = await settled(page);
        }
        opened = true;
      } else {
        settle = await settled(page);
      }
      const loaded = performance.now();
      const name = scan.dark ? `${scan.name} (dark)` : scan.name;
      const findings = (await runAxe(page)).map((f) => ({ ...f, page: name, viewport: viewport.name }));
      times.push({ page: name, viewport: viewport.name, loadMs: Math.round(loaded - started), settle, axeMs: Math.round(performance.now() - loaded) });
      found.push(...findings);
      all.push(...findings);
      scans += 1;
    }
  }
  await page.close();
  return found;
}

function expectNoSeriousFindings(findings: Finding[]) {
  const serious = findings.filter((f) => f.impact === "serious" || f.impact === "critical");
  const lines = serious.map((f) => `${f.impact} ${f.rule} on ${f.page} at ${f.viewport}: ${f.target} (${f.help})`);
  expect(lines, `${serious.length} serious or critical axe findings`).toEqual([]);
}

// The three walks (signed out, member, admin) run at once, each in its own browser profile
// (decision 055): they read the fixture below, and what one changes (a new roster account, a
// confirmed address) changes nothing another checks.
describe.skipIf(browserMissing)("accessibility: axe on every page, both viewports", () => {
  let browser: Browser;
  const admin = new HttpClient(appUrl());
  const member = new HttpClient(appUrl());
  const person: Person = newPerson("axe");
  const fixture = { symbol: "", eventSlug: "", courseSlug: "", courseId: "", lessonSlug: "", lessonId: "", datasetId: "", classId: "", classCode: "", memberId: "", endedSlug: "" };

  /** A browser profile signed in with the HTTP client's session cookie. */
  async function contextOf(client?: HttpClient) {
    const context = await browser.newContext();
    if (client) await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: appUrl() })));
    return context;
  }

  beforeAll(async () => {
    if (browserMissing) return;
    browser = await launchChromium();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    fixture.memberId = (await registerViaApi(person)).id;
    await member.signIn(person.email, person.password);
    const run = Math.random().toString(36).slice(2, 8);

    // The member: a holding, an open order (the cancel dialog), a live event joined (its board and ticket).
    const { items } = (await (await member.request("/api/instruments")).json()) as { items: Array<{ symbol: string; kind: string; active: boolean }> };
    fixture.symbol = items.find((i) => i.kind === "stock" && i.active)!.symbol;
    const portfolio = (await (await member.request("/api/portfolio")).json()) as { id: string };
    for (const order of [
      { symbol: fixture.symbol, side: "buy", type: "market", quantity: 3 },
      { symbol: fixture.symbol, side: "buy", type: "limit", quantity: 1, limitPrice: "1.00", timeInForce: "gtc" },
    ]) {
      const res = await member.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: order });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const now = Date.now();
    const event = await admin.request("/api/admin/events", {
      method: "POST",
      json: { title: `Axe cup ${run}`, description: "A **friendly** contest.", startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 86_400_000).toISOString(), startingCash: "100000.00", visibility: "public" },
    });
    expect(event.status).toBe(201);
    fixture.eventSlug = ((await event.json()) as { event: { slug: string } }).event.slug;
    expect((await member.request(`/api/events/${fixture.eventSlug}/join`, { method: "POST", json: {} })).status).toBeLessThan(300);

    // A published course with a lesson and a question; a dataset.
    fixture.courseSlug = `axe-course-${run}`;
    fixture.lessonSlug = `axe-lesson-${run}`;
    const course = await admin.request("/api/admin/courses", { method: "POST", json: { slug: fixture.courseSlug, title: `Axe course ${run}`, summary: "Scanned by the axe gate.", published: true } });
    fixture.courseId = ((await course.json()) as { id: string }).id;
    const lesson = await admin.request(`/api/admin/courses/${fixture.courseId}/lessons`, { method: "POST", json: { slug: fixture.lessonSlug, title: `Axe lesson ${run}` } });
    fixture.lessonId = ((await lesson.json()) as { id: string }).id;
    const question = { prompt: "What moves a price?", options: [{ text: "Buyers and sellers", correct: true, explanation: "Demand and supply." }, { text: "The weather", correct: false, explanation: "Not here." }] };
    const body = "## What moves a price\n\nMore buyers than sellers.\n\n- one\n- two\n";
    const put = await admin.request(`/api/admin/lessons/${fixture.lessonId}`, { method: "PUT", json: { slug: fixture.lessonSlug, title: `Axe lesson ${run}`, body, passMark: 70, unlocks: null, published: true, questions: [question] } });
    expect(put.status).toBe(200);
    const csv = ["Date,Open,High,Low,Close,Volume", "2008-10-06,40.00,40.00,40.00,40.00,1000", "2008-10-07,40.00,41.00,30.00,31.00,1000"].join("\n");
    const dataset = await admin.request("/api/admin/datasets", { method: "POST", json: { name: `Axe data ${run}`, symbol: `AX${run.slice(0, 4).toUpperCase()}`, sector: "Financials", csv } });
    expect(dataset.status).toBe(201);
    fixture.datasetId = ((await dataset.json()) as { id: string }).id;

    // A class the admin teaches, with two roster accounts, that the member attends.
    const klass = await admin.request("/api/classes", { method: "POST", json: { name: `Axe class ${run}` } });
    expect(klass.status).toBe(201);
    ({ id: fixture.classId, joinCode: fixture.classCode } = (await klass.json()) as { id: string; joinCode: string });
    const roster = await admin.request(`/api/classes/${fixture.classId}/roster`, { method: "POST", json: { students: [{ name: "Maya Kowalska" }, { name: "Leo Brandt" }] } });
    expect(roster.status).toBe(201);
    expect((await member.request("/api/classes/join", { method: "POST", json: { code: fixture.classCode } })).status).toBeLessThan(300);
    // A correction by their teacher: the member's /portfolio shows the Corrections card.
    const adjusted = await admin.request(`/api/portfolios/${portfolio.id}/adjustments`, { method: "POST", json: { amount: "10.00", reason: "Axe correction" } });
    expect(adjusted.status).toBe(201);

    // An event, joined and traded with a journal note, then ended by its organiser: its report card.
    const short = await admin.request("/api/admin/events", {
      method: "POST",
      json: { title: `Axe sprint ${run}`, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), startingCash: "10000.00", visibility: "public" },
    });
    expect(short.status).toBe(201);
    fixture.endedSlug = ((await short.json()) as { event: { slug: string } }).event.slug;
    const joined = (await (await member.request(`/api/events/${fixture.endedSlug}/join`, { method: "POST", json: {} })).json()) as { portfolioId: string };
    const traded = await member.request(`/api/portfolios/${joined.portfolioId}/orders`, { method: "POST", json: { symbol: fixture.symbol, side: "buy", type: "market", quantity: 2, note: "Axe: a note on a trade." } });
    expect(traded.status).toBe(201);
    await endEventSoon(admin, fixture.endedSlug);
    // The report card is there once the end is processed (within a second of it).
    for (let status = 0; status !== 200; ) {
      status = (await member.request(`/api/events/${fixture.endedSlug}/report-card`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // An assignment, so the class page shows the list, the gradebook and a student's progress.
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const tasks = [{ kind: "trades", count: 2 }, { kind: "lesson", lessonId: fixture.lessonId }, { kind: "max-weight", pct: 25 }];
    expect((await admin.request(`/api/classes/${fixture.classId}/assignments`, { method: "POST", json: { title: "Axe assignment", dueAt: due, tasks } })).status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (browserMissing) return;
    fs.mkdirSync(path.dirname(ARTIFACT), { recursive: true });
    fs.writeFileSync(ARTIFACT, `${JSON.stringify({ scans, findings: all, times }, null, 2)}\n`);
  });

  it.concurrent("signed out: sign-in, emailed links in each state, the auth error page, the API reference, a 404", { timeout: 900_000 }, async () => {
    // People whose links are used up once (the done states).
    const resetter = newPerson("axe-reset");
    await registerViaApi(resetter);
    expect((await new HttpClient(appUrl()).request("/api/account/password-reset/request", { method: "POST", json: { email: resetter.email } })).status).toBeLessThan(300);
    const resetLink = new URL(await waitForLink(mailDir(), resetter.email, LINK("/account/reset-password")));
    const mover = newPerson("axe-move");
    await registerViaApi(mover);
    const moverClient = new HttpClient(appUrl());
    await moverClient.signIn(mover.email, mover.password);
    const newAddress = newPerson("axe-moved").email;
    expect((await moverClient.request("/api/account/email", { method: "POST", json: { newEmail: newAddress, currentPassword: mover.password } })).status).toBeLessThan(300);
    const confirmLink = new URL(await waitForLink(mailDir(), newAddress, LINK("/account/confirm-email")));

    const press = (label: string, outcome: "alert" | "status", fill?: string) => async (page: Page) => {
      if (fill) await page.getByLabel(fill, { exact: true }).fill("a brand new password");
      await page.getByRole("button", { name: label }).click();
      await page.getByRole(outcome).first().waitFor();
    };
    // RapiDoc parses and renders the whole document in the page (every operation, on a phone): the
    // slowest page of the walk under load (CI once saw it take over 60 s), so it gets a page load's bound.
    const apiReady = async (page: Page) => {
      await page.locator("rapi-doc").getByText(/Place an order|\/api\/portfolios\/\{id\}\/orders/).first().waitFor({ timeout: PAGE_LOADED_WITHIN_MS });
    };
    const tokenPages = [
      { path: "/account/verify-email", action: "Confirm my email" },
      { path: "/account/reset-password", action: "Save new password", fill: "New password" },
      { path: "/account/confirm-email", action: "Use this address" },
    ];
    const list: Scan[] = [
      { name: "/login", path: "/login" },
      { name: "/login, Create account tab", path: "/login", open: async (page) => {
        await page.getByRole("tab", { name: "Create account" }).click();
        await page.getByLabel("Display name", { exact: true }).waitFor();
      } },
      { name: "/login, forgot password", path: "/login", open: async (page) => {
        await page.getByRole("button", { name: "Forgot your password?" }).click();
        await page.getByRole("button", { name: "Send reset link" }).waitFor();
      } },
      { name: "/login?error=CredentialsSignin", path: "/login?error=CredentialsSignin" },
      { name: "/login?error=SessionRequired", path: "/login?error=SessionRequired&callbackUrl=%2Fportfolio" },
      ...tokenPages.flatMap((t) => [
        { name: `${t.path} without a token`, path: t.path },
        { name: `${t.path} with a token`, path: `${t.path}?token=not-a-real-token` },
        { name: `${t.path}, link refused`, path: `${t.path}?token=not-a-real-token`, open: press(t.action, "alert", t.fill) },
      ]),
      { name: "/account/reset-password, done", path: `${resetLink.pathname}${resetLink.search}`, once: true, open: press("Save new password", "status", "New password") },
      { name: "/account/confirm-email, done", path: `${confirmLink.pathname}${confirmLink.search}`, once: true, open: press("Use this address", "status") },
      { name: "/auth/error", path: "/auth/error?error=Verification" },
      { name: "/account/deleted", path: "/account/deleted" },
      { name: "/developers/api", path: "/developers/api", ready: apiReady, loadPerViewport: true },
      { name: "404", path: "/no-such-page-here" },
      { name: "/login", path: "/login", dark: true, viewports: ["1280×800"] },
      { name: "/developers/api", path: "/developers/api", dark: true, viewports: ["1280×800"], ready: apiReady },
    ];
    const context = await contextOf();
    try {
      expectNoSeriousFindings(await scanEach(context, list));
    } finally {
      await context.close();
    }
  });

  it.concurrent("a member: every section, each ranking tab, a class they attend, the 403 page, and the widgets opened", { timeout: 900_000 }, async () => {
    const verifyLink = new URL(await waitForLink(mailDir(), person.email, LINK("/account/verify-email")));
    const accountMenu = async (page: Page) => {
      await page.getByRole("button", { name: `Account menu for ${person.name}` }).click();
      await page.getByText("Sign out", { exact: true }).waitFor();
    };
    const cancelDialog = async (page: Page) => {
      await page.getByRole("list", { name: "Open orders" }).getByRole("button", { name: /^Cancel / }).first().click();
      await page.getByRole("dialog", { name: "Cancel this order?" }).waitFor();
    };
    const list: Scan[] = [
      { name: "/", path: "/" },
      { name: "/, account menu open", path: "/", open: accountMenu },
      { name: "/, phone menu open", path: "/", viewports: ["390×844"], open: async (page) => {
        await page.getByRole("button", { name: "Menu", exact: true }).click();
        await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Ranking" }).waitFor();
      } },
      { name: "/portfolio", path: "/portfolio" },
      { name: "/portfolio, instrument list open", path: "/portfolio", open: async (page) => {
        await page.getByRole("form", { name: "Trade ticket" }).getByRole("combobox", { name: "Instrument" }).fill(fixture.symbol.slice(0, 1));
        await page.getByRole("form", { name: "Trade ticket" }).getByRole("option").first().waitFor();
      } },
      { name: "/portfolio, cancel-order dialog open", path: "/portfolio", open: cancelDialog },
      { name: "/portfolio/market", path: "/portfolio/market" },
      { name: "/portfolio/instruments/[symbol]", path: `/portfolio/instruments/${fixture.symbol}` },
      { name: "/events", path: "/events" },
      { name: "/events/[slug]", path: `/events/${fixture.eventSlug}` },
      { name: "/learn", path: "/learn" },
      { name: "/learn/[course]", path: `/learn/${fixture.courseSlug}` },
      { name: "/learn/[course]/[lesson]", path: `/learn/${fixture.courseSlug}/${fixture.lessonSlug}` },
      { name: "/ranking, Practice", path: "/ranking?board=practice&period=all" },
      { name: "/ranking, Learning XP", path: "/ranking?board=xp&period=all" },
      { name: "/ranking, Events", path: `/ranking?board=event%3A${fixture.eventSlug}` },
      { name: "/leagues", path: "/leagues" },
      { name: "/settings", path: "/settings" },
      { name: "/settings, delete-account dialog open", path: "/settings", open: async (page) => {
        await page.getByRole("button", { name: "Delete my account…" }).click();
        await page.getByRole("dialog", { name: "Delete your account?" }).getByLabel("Your password").waitFor();
      } },
      { name: "/classes", path: "/classes" },
      { name: "/classes/[id], a student's view", path: `/classes/${fixture.classId}` },
      { name: "/events/[slug]/report", path: `/events/${fixture.endedSlug}/report` },
      { name: "/admin as a member (403)", path: "/admin" },
      { name: "/, account menu open", path: "/", dark: true, viewports: ["1280×800"], open: accountMenu },
      { name: "/portfolio, cancel-order dialog open", path: "/portfolio", dark: true, viewports: ["1280×800"], open: cancelDialog },
      { name: "/ranking, Practice", path: "/ranking?board=practice&period=all", dark: true, viewports: ["1280×800"] },
      { name: "/leagues", path: "/leagues", dark: true, viewports: ["1280×800"] },
      { name: "/settings", path: "/settings", dark: true, viewports: ["1280×800"] },
      // Last: confirming the address takes the "confirm your email" banner off the pages above.
      { name: "/account/verify-email, done", path: `${verifyLink.pathname}${verifyLink.search}`, once: true, open: async (page) => {
        await page.getByRole("button", { name: "Confirm my email" }).click();
        await page.getByRole("status").filter({ hasText: "is confirmed" }).waitFor();
      } },
    ];
    const context = await contextOf(member);
    try {
      expectNoSeriousFindings(await scanEach(context, list));
    } finally {
      await context.close();
    }
  });

  it.concurrent("an admin: every admin page, those of one course, lesson, dataset and event included, and a class they teach", { timeout: 900_000 }, async () => {
    const list: Scan[] = [
      { name: "/admin", path: "/admin" },
      { name: "/admin/audit", path: "/admin/audit" },
      { name: "/admin/courses", path: "/admin/courses" },
      { name: "/admin/courses/[id]", path: `/admin/courses/${fixture.courseId}` },
      { name: "/admin/lessons/[id]", path: `/admin/lessons/${fixture.lessonId}` },
      { name: "/admin/datasets", path: "/admin/datasets" },
      { name: "/admin/datasets/[id]", path: `/admin/datasets/${fixture.datasetId}` },
      { name: "/admin/events", path: "/admin/events" },
      { name: "/admin/events/[slug]", path: `/admin/events/${fixture.eventSlug}` },
      { name: "/admin/instruments", path: "/admin/instruments" },
      { name: "/admin/events/[slug]", path: `/admin/events/${fixture.eventSlug}`, dark: true, viewports: ["1280×800"] },
      { name: "/classes, a teacher's", path: "/classes" },
      { name: "/classes/[id], the teacher's view", path: `/classes/${fixture.classId}` },
      { name: "/classes/[id], a roster row's actions menu", path: `/classes/${fixture.classId}`, viewports: ["1280×800"], open: async (page) => {
        await page.getByRole("button", { name: /^Actions for / }).first().click();
        await page.getByRole("menu").waitFor();
      } },
      { name: "/classes/[id], the contests section", path: `/classes/${fixture.classId}?section=contests` },
      { name: "/classes/[id], the dashboard section", path: `/classes/${fixture.classId}?section=dashboard` },
      { name: "/classes/[id], the new assignment form", path: `/classes/${fixture.classId}?section=assignments`, open: async (page) => {
        await page.getByRole("button", { name: "New assignment" }).click();
        await page.getByRole("form", { name: "New assignment" }).waitFor();
      } },
      { name: "/classes/[id], a score override", path: `/classes/${fixture.classId}?section=gradebook`, open: async (page) => {
        await page.getByRole("button", { name: /^Change .*'s score for Axe assignment$/ }).first().click();
        await page.getByRole("dialog").waitFor();
      } },
      { name: "/classes/[id], a new login sheet", path: `/classes/${fixture.classId}`, open: async (page) => {
        await page.getByLabel("Students' names, one per line").fill("Ada Lovelace");
        await page.getByRole("button", { name: "Create 1 account" }).click();
        await page.getByRole("heading", { name: /^Login sheet/ }).waitFor();
      } },
      { name: "/classes/join", path: `/classes/join?code=${fixture.classCode}` },
      { name: "/classes/[id]/students/[studentId], the corrections panel", path: `/classes/${fixture.classId}/students/${fixture.memberId}` },
      { name: "/classes/[id]/students/[studentId], reverse dialog open", path: `/classes/${fixture.classId}/students/${fixture.memberId}`, open: async (page) => {
        await page.getByRole("button", { name: /^Reverse the buy/ }).first().click();
        await page.getByRole("dialog", { name: /^Reverse the buy/ }).getByLabel("Reason").waitFor();
      } },
      { name: "/events/[slug]/report, a participant's as an admin", path: `/events/${fixture.endedSlug}/report?user=${fixture.memberId}` },
      { name: "/events/[slug]/fair-play, the flags review", path: `/events/${fixture.eventSlug}/fair-play` },
      { name: "/admin/fair-play", path: "/admin/fair-play" },
    ];
    const context = await contextOf(admin);
    try {
      expectNoSeriousFindings(await scanEach(context, list));
    } finally {
      await context.close();
    }
  });
});
