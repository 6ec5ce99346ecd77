import { addInstrument, adminListInstruments, existingSectors, newInstrumentSchema } from "@/features/market/server/instruments";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { adminInstrument, adminInstrumentsAnswer } from "@/features/market/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "List instruments (administration)",
      response:
        "200 `{items:[{symbol,name,sector,kind,startingPrice,drift,volatility,beta,sectorLoading,averageDailyVolume,active,lastPrice,updatedAt,inBenchmark}], sectors:[…]}` (`inBenchmark`: a constituent of TLX; `sectors`: the sectors instruments have, alphabetically)",
    },
    answer: adminInstrumentsAnswer,
    async handler() {
      const db = await getDb();
      const [items, sectors] = await Promise.all([adminListInstruments(db), existingSectors(db)]);
      return { body: { items, sectors } };
    },
  }),
  POST: method({
    auth: "admin",
    docs: {
      summary: "Add an instrument",
      description:
        "Input: `{symbol, name, sector, kind: stock|etf, startingPrice, drift, volatility, beta, sectorLoading, averageDailyVolume, newSector?}`. The sector is one that instruments already have; a sector no instrument has yet needs `newSector: true` (the simulator gives every sector its own factor, so a typo must not make one).",
      status: 201,
      response:
        "201 the instrument; 400 with a message per field; 400 `SECTOR_UNKNOWN` (a new sector without `newSector: true`; the message names close matches) or `SECTOR_EXISTS` (an existing sector written differently); 409 `SYMBOL_TAKEN`",
    },
    input: newInstrumentSchema,
    answer: adminInstrument,
    async handler({ input, session, ip }) {
      return { status: 201, body: await addInstrument(await getDb(), session.user.id, input, ip) };
    },
  }),
});
