import Head from "next/head";
import { InstrumentDetail, type InstrumentDetailProps } from "@/features/market/components";
import { InstrumentTrading, type InstrumentTradingProps, WatchToggle } from "@/features/portfolio/components";
import { indexFacts } from "@/features/market/server/benchmark";
import { listCorporateActions } from "@/features/market/server/corporate-actions";
import { getCandles, listInstruments } from "@/features/market/server/queries";
import { portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio } from "@/features/trading";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * An index: the market's view, with the watch toggle (it can be followed, not traded); a
 * tradable instrument: the portfolio's composition of that view (decision 074).
 */
type Props = (InstrumentDetailProps & { index: NonNullable<InstrumentDetailProps["index"]> }) | (InstrumentTradingProps & { index: null });

export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const symbol = String(ctx.params?.symbol ?? "").toUpperCase();
  const db = await getDb();
  const instruments = await listInstruments(db);
  const instrument = instruments.find((i) => i.symbol === symbol);
  if (!instrument) return { notFound: true };
  const year = () => getCandles(db, { symbol, interval: "1d", from: new Date(Date.now() - YEAR_MS) });
  // An index is neither held nor traded: its page needs no portfolio.
  const index = indexFacts(symbol, instrument.kind);
  if (index) return { props: { symbol, instruments, daily: await year(), index } };
  const portfolio = await getOrCreatePracticePortfolio(db, session.user.id);
  const [daily, summary, actions] = await Promise.all([year(), portfolioSummary(db, portfolio), listCorporateActions(db, symbol)]);
  return { props: { symbol, instruments, daily, index: null, summary, actions } };
});

const InstrumentPage: GuardedPage<Props> = (props) => (
  <>
    <Head>
      <title>{`${props.symbol} · Tickerlab`}</title>
    </Head>
    {props.index ? <InstrumentDetail key={props.symbol} {...props} headActions={<WatchToggle symbol={props.symbol} />} /> : <InstrumentTrading key={props.symbol} {...props} />}
  </>
);
InstrumentPage.auth = {};
export default InstrumentPage;
