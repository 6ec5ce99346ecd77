import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { refreshLiveEventBoards, refreshPracticeBoards } from "@/features/ranking/server/refresh";
import { refreshLeagues } from "@/features/leagues";
const handle = await openDatabase({ url: process.env.BENCH_DB!, maxConnections: 4 });
const db = handle.db;
const move = () => db.execute(sql`update instruments set last_price = round(last_price * (0.98 + random() * 0.04)::numeric, 2)`);
for (let i = 0; i < 8; i++) {
  await move();
  const t0 = performance.now();
  await refreshPracticeBoards(db, { now: new Date() });
  const t1 = performance.now();
  await refreshLiveEventBoards(db, { now: new Date() });
  const t2 = performance.now();
  await refreshLeagues(db, { now: new Date() });
  const t3 = performance.now();
  console.log(i, "practice", (t1 - t0).toFixed(0), "event", (t2 - t1).toFixed(0), "leagues", (t3 - t2).toFixed(0));
}
await handle.close();
