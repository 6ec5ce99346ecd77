/** The market feature's public surface for other features (the practice market's read side). */
export { listInstruments, listInstrumentsBySymbol, type InstrumentQuote } from "./server/queries";
