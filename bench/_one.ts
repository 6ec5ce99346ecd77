import { sql } from "drizzle-orm";
import { refreshPracticeBoards, refreshXpBoards, refreshLiveEventBoards } from "@/features/ranking";
import { openDatabase } from "@/server/db/client";
async function main(){
const h = await openDatabase({ url: process.env.DATABASE_URL!, maxConnections: 2 });
for (let i = 0; i < 2; i++) {
await h.db.execute(sql`update instruments set last_price = round(last_price * (0.98 + random() * 0.04)::numeric, 2)`);
const at = new Date();
let t = performance.now();
await refreshPracticeBoards(h.db, { now: at }); console.log("practice", performance.now() - t); t = performance.now();
await refreshXpBoards(h.db, { now: at }); console.log("xp", performance.now() - t); t = performance.now();
await refreshLiveEventBoards(h.db, { now: at }); console.log("event", performance.now() - t);
}
await h.close();

}
void main();
