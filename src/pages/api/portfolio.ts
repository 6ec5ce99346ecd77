import { portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { summaryAnswer } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "My practice portfolio",
      response: "200 the caller's practice portfolio (created with 100,000.00 on first call): `{id,kind,eventId,pricing,startingCash,cash,reservedCash,longMarketValue,shortMarketValue,equity,buyingPower,debitBalance,margin:{maintenanceRequirement,dailyInterest,call:{raisedAt,deadline}|null}|null,totalReturn,dayChange,dayChangePct,dayStart,realisedPnl,unrealisedPnl,positions:[{symbol,name,sector,quantity,costBasis,averageCost,lastPrice,marketValue,unrealisedPnl,realisedPnl,dayChange,weight,borrowFeePct}],charges:[{kind,amount,reason,at}],notices:[{id,symbol,side,quantity,message,at}],rules:{slippageBps,commission:{flat,bps},allowShort,shorting:{unlocked,lesson:{title,href}|null},advancedOrders:{unlocked,lesson:{title,href}|null},maxPositionPct,allowedSymbols,window:{start,end}|null,margin:{multiplier,debitRatePct,creditRatePct,maintenancePct,callHours}|null,borrowFees},createdAt}` — `pricing` is `live` (moves with the practice market's quotes), `replay` (a replay event's, on its clock) or `final` (an ended event: its figures valued at the end, for good); `rules` are the rules this portfolio trades under, exactly as the engine applies them (the trade ticket previews with them); `dayChange` is equity now − equity at `dayStart` (00:00 UTC today, an equity snapshot; `dayStart` is null for a replay or an ended event), for a replay against the replayed day's previous close, `0.00` once final; `notices` are the automatic maintenance covers and a margin call's forced sales of the last 7 days with their reason; `debitBalance` is −cash when cash is below zero; `margin` (null in a cash account) is the equity the portfolio must keep, a day's interest on its debit and the standing margin call with its deadline; a short's `borrowFeePct` is its yearly borrow fee; `charges` are the interest and borrow-fee ledger lines of the last 7 days (decision 070); a replay position's `name` and `sector` are its dataset's",
    },
    answer: summaryAnswer,
    async handler({ session }) {
      const db = await getDb();
      return { body: await portfolioSummary(db, await getOrCreatePracticePortfolio(db, session.user.id)) };
    },
  }),
});
