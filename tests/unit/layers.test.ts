/** The lint rules that keep the layers apart do fire (docs/architecture.md). */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the config, the TypeScript parser and every plugin (seconds on a busy
// 2-core machine): done once here, under a hook's generous limit, not inside a test's 5 s.
beforeAll(() => eslint.lintText("export {};\n", { filePath: "src/domain/warm-up.ts" }), 120_000);

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer rules", () => {
  it.each([
    ['import { eq } from "drizzle-orm";'],
    ['import { useState } from "react";'],
    ['import type { NextApiRequest } from "next";'],
    ['import { getDb } from "@/server/db";'],
    ['import fs from "node:fs";'],
  ])("keep the domain pure: %s is refused", async (line) => {
    const messages = await restrictedImports("src/domain/probe.ts", `${line}\nexport const x = 1;\n`);
    expect(messages[0]).toMatch(/domain is pure TypeScript/);
  });

  it("keep server code below features", async () => {
    const messages = await restrictedImports("src/server/probe.ts", 'import { Settings } from "@/features/settings/components/Settings";\nexport const x = Settings;\n');
    expect(messages[0]).toMatch(/server code sits below features/);
  });

  it("keep database code out of browser components", async () => {
    const messages = await restrictedImports("src/features/x/components/Probe.tsx", 'import { getDb } from "@/server/db";\nexport const x = getDb;\n');
    expect(messages[0]).toMatch(/Components run in the browser/);
  });

  it("let a feature reach another only through its index.ts (server) or components/index.ts (browser)", async () => {
    const deep = await restrictedImports("src/features/events/server/probe.ts", 'import { writeChanges } from "@/features/trading/writer";\nexport const x = writeChanges;\n');
    expect(deep[0]).toMatch(/only through its index.ts/);
    const deepUi = await restrictedImports("src/features/events/components/Probe.tsx", 'import { Holdings } from "@/features/portfolio/components/Holdings";\nexport const x = Holdings;\n');
    expect(deepUi[0]).toMatch(/only through its index.ts/);
    expect(await restrictedImports("src/features/events/server/probe.ts", 'import { placeOrder } from "@/features/trading";\nexport const x = placeOrder;\n')).toEqual([]);
    expect(await restrictedImports("src/features/events/components/Probe.tsx", 'import { CandleChart } from "@/features/portfolio/components";\nexport const x = CandleChart;\n')).toEqual([]);
    // Its own files are its own business; browser code still may not reach the server.
    expect(await restrictedImports("src/features/trading/probe.ts", 'import { writeChanges } from "@/features/trading/writer";\nexport const x = writeChanges;\n')).toEqual([]);
    const server = await restrictedImports("src/features/events/components/Probe.tsx", 'import { getDb } from "@/server/db";\nexport const x = getDb;\n');
    expect(server[0]).toMatch(/Components run in the browser/);
    // A feature's answer schemas (types.ts) are a surface of their own, and server-free (decision 071).
    expect(await restrictedImports("src/features/classes/server/probe.ts", 'import { eventView } from "@/features/events/types";\nexport const x = eventView;\n')).toEqual([]);
    expect(await restrictedImports("src/features/classes/components/Probe.tsx", 'import { eventView } from "@/features/events/types";\nexport const x = eventView;\n')).toEqual([]);
    const serverInTypes = await restrictedImports("src/features/events/types.ts", 'import { getDb } from "@/server/db";\nexport const x = getDb;\n');
    expect(serverInTypes[0]).toMatch(/Components run in the browser/);
  });

  it("let the domain import its own modules and the pages import features", async () => {
    expect(await restrictedImports("src/domain/probe.ts", 'import { y } from "./other";\nexport const x = y;\n')).toEqual([]);
    expect(await restrictedImports("src/pages/probe.tsx", 'import { Settings } from "@/features/settings/components/Settings";\nexport const x = Settings;\n')).toEqual([]);
  });
});
