import { BUNDLED_UNIVERSE } from "@/domain/market";
const f = Number(process.env.VS ?? 1);
console.log(JSON.stringify(BUNDLED_UNIVERSE.map((i) => (i.kind === "stock" ? { ...i, volatility: Math.round(i.volatility * f * 1000) / 1000 } : i))));
