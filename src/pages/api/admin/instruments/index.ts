import { addInstrument, adminListInstruments, newInstrumentSchema } from "@/features/market/server/admin";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "List instruments (administration)",
      response: "200 `{items:[{symbol,name,sector,kind,startingPrice,drift,volatility,beta,sectorLoading,averageDailyVolume,active,lastPrice,updatedAt,inBenchmark}]}` (`inBenchmark`: a constituent of TLX)",
    },
    async handler() {
      return { body: { items: await adminListInstruments(await getDb()) } };
    },
  }),
  POST: method({
    auth: "admin",
    docs: {
      summary: "Add an instrument",
      description: "Input: `{symbol, name, sector, kind: stock|etf, startingPrice, drift, volatility, beta, sectorLoading, averageDailyVolume}`",
      status: 201,
      response: "201 the instrument; 400 with a message per field; 409 `SYMBOL_TAKEN`",
    },
    input: newInstrumentSchema,
    async handler({ input, session, ip }) {
      return { status: 201, body: await addInstrument(await getDb(), session.user.id, input, ip) };
    },
  }),
});
