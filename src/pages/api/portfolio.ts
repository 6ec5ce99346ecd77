import { portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "My practice portfolio",
      response: "200 the caller's practice portfolio (created with 100,000.00 on first call): `{id,kind,eventId,pricing,startingCash,cash,reservedCash,longMarketValue,shortMarketValue,equity,buyingPower,totalReturn,dayChange,dayChangePct,dayStart,realisedPnl,unrealisedPnl,positions:[{symbol,name,sector,quantity,costBasis,averageCost,lastPrice,marketValue,unrealisedPnl,realisedPnl,dayChange,weight}],notices:[{id,symbol,quantity,message,at}],rules:{slippageBps,commission:{flat,bps},allowShort,shorting:{unlocked,lesson:{title,href}|null},advancedOrders:{unlocked,lesson:{title,href}|null},maxPositionPct,allowedSymbols,window:{start,end}|null},createdAt}` — `pricing` is `live` (moves with the practice market's quotes), `replay` (a replay event's, on its clock) or `final` (an ended event: its figures valued at the end, for good); `rules` are the rules this portfolio trades under, exactly as the engine applies them (the trade ticket previews with them); `dayChange` is equity now − equity at `dayStart` (00:00 UTC today, an equity snapshot; `dayStart` is null for a replay or an ended event), for a replay against the replayed day's previous close, `0.00` once final; `notices` are the automatic maintenance covers of the last 7 days with their reason; a replay position's `name` and `sector` are its dataset's",
    },
    async handler({ session }) {
      const db = await getDb();
      return { body: await portfolioSummary(db, await getOrCreatePracticePortfolio(db, session.user.id)) };
    },
  }),
});
