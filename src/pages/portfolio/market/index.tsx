import Head from "next/head";
import { MarketOverview } from "@/features/market/components/MarketOverview";
import type { Instrument, MarketDay } from "@/features/market/components";
import { listInstruments, marketDay } from "@/features/market";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  instruments: Instrument[];
  day: MarketDay;
}

export const getServerSideProps = guardedPage<Props>({}, async () => {
  const db = await getDb();
  const [instruments, day] = await Promise.all([listInstruments(db), marketDay(db)]);
  return { props: { instruments, day } };
});

const MarketPage: GuardedPage<Props> = ({ instruments, day }) => (
  <>
    <Head>
      <title>Market · Tickerlab</title>
    </Head>
    <MarketOverview instruments={instruments} day={day} />
  </>
);
MarketPage.auth = {};
export default MarketPage;
