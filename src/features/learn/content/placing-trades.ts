import { ordersWithLegs } from "./orders-with-legs";
import type { SeedCourse } from "./types";

export const placingTrades: SeedCourse = {
  slug: "placing-trades",
  title: "Placing trades",
  summary:
    "Learn how each order type behaves, what trading costs really take from you, how much you can afford to buy, and how short selling works before you try it.",
  lessons: [
    // ---------------------------------------------------------------------------------
    {
      slug: "order-types",
      title: "Order types: market, limit, stop and stop-limit",
      body: `## What an order is

An order is an instruction you give Tickerlab: which company, which direction, how many shares, and under what conditions the trade should happen. The price you see on an instrument page is the **last price**, the most recent price the simulated market produced. Whether you actually trade at that price depends on the kind of order you choose.

Every order has a **side**:

- **Buy** opens or adds to a position you own.
- **Sell** closes some or all of the shares you own.
- **Short** and **cover** open and close a bet that a price will fall. They are explained in the last lesson of this course and stay locked until you pass it.

Tickerlab trades **whole shares only**. You can buy 10 shares or 11 shares, never 10.5.

## Market orders: trade right now

A **market order** fills at once, at the last price adjusted for **slippage**. Slippage is the small extra cost of trading immediately. In Tickerlab it is 5 basis points by default (a basis point is one hundredth of a percent, so 5 basis points is 0.05 %), and it always goes **against you**: a buyer pays a little more than the last price, a seller receives a little less. Any rounding is also to the cent against you.

Example, with made-up companies that are not Tickerlab's instruments: Orchard Robotics (ORCH) last traded at 80.00. Five basis points of 80.00 is 0.04. A market buy of 100 shares fills at 80.04, for a total of 8,004.00. A market sell at the same moment would fill at 79.96.

Market orders give you certainty that you will trade, but no control over the exact price.

## Limit orders: name your price

A **limit order** sets the worst price you will accept. A **buy limit** fills at the limit **or lower**; a **sell limit** fills at the limit **or higher**. If the price has not reached your limit, the order waits in your open orders.

Prices in Tickerlab move tick by tick. On an ordinary tick through your limit, your order fills **at the limit**: the price passed through it on the way, and other traders were waiting there too. Sometimes, on news, the price **gaps**: it jumps past a level without trading at it. If the price gaps through your limit, you get the **new, better price**. Say you place a buy limit for ORCH at 75.00 while it trades at 76.10, and news sends the next tick to 74.20. Your order fills at 74.20, not 75.00. A price that only touches your limit fills it about half the time: orders placed earlier at that price come first.

The catch: a limit order might never fill if the price never reaches your limit.

## Stop orders: act when a line is crossed

A **stop order** sleeps until the price touches the **stop price**, then it becomes a **market order**. Sell stops sit below the current price (often used to limit a loss), buy stops sit above it.

A stop is a trigger, not a promise of a price. Suppose you own Cobalt Ferry Lines (CFL), last price 46.00, with a sell stop at 45.00. Bad news arrives and the next tick is 43.50. The stop is triggered, the market order fills at the **new, worse price** of about 43.50, not at 45.00.

## Stop-limit orders: a trigger plus a floor

A **stop-limit order** has two prices. When the stop is touched, it becomes a **limit order** at the limit price. With a stop at 45.00 and a limit at 44.00, the same gap to 43.50 turns your order into a sell limit at 44.00, which waits. It fills only if CFL comes back to 44.00 or higher. You are protected from a terrible price, but you may keep holding a stock that keeps falling.

## Trailing stops: a stop that follows the price

A **trailing stop** is a stop whose price moves with the market, but only in your favour. You set a **trail**: a percentage (say 5 %) or an amount (say 2.50). A sell trailing stop remembers the **highest price** since you placed it, its **high-water mark**, and keeps its stop one trail below it. When the price rises, the mark and the stop rise with it; when the price falls, they stay where they are. If the price falls back to the stop, the order becomes a **market order**, exactly like a plain stop.

Example: you own ORCH at 100.00 and place a sell trailing stop of 5 %. The stop starts at 95.00. ORCH climbs to 110.00: the stop is now 104.50 (110.00 less 5 %). ORCH dips to 106.00: the stop stays at 104.50. ORCH falls to 104.00: the stop is crossed and your shares are sold at market, near 104.00. You kept most of the rise without watching the screen. A buy (or cover) trailing stop works the other way round: it follows the **lowest** price, with its stop one trail above it.

## Buying with a dollar amount

Instead of a number of shares you can give an **amount**, like 2,500.00: Tickerlab buys as many **whole shares** as that amount pays for at the price you get, costs included, and the rest stays cash. At 80.04 a share, 2,500.00 buys 31 shares for 2,481.24; the other 18.76 is not spent. It never spends more than the amount you typed.

## One gap, four orders

| Order | Before | Next tick | What happens |
|---|---|---|---|
| ORCH buy limit at 75.00 | 76.10 | 74.20 | Fills at 74.20, the better price |
| CFL sell stop at 45.00 | 46.00 | 43.50 | Becomes a market order, fills near 43.50 |
| CFL stop-limit, stop 45.00, limit 44.00 | 46.00 | 43.50 | Becomes a sell limit at 44.00 and waits |
| CFL market sell, placed at 46.00 | 46.00 | none needed | Fills at once at 45.97 (46.00 less slippage) |

## How long an order lives: day or GTC

Every order that waits has a **time in force**:

- A **day** order expires at the end of the market's day. Tickerlab's practice market trades around the clock and its day runs from 00:00 to 24:00 UTC, so a day order placed at 23:00 UTC has only one hour to fill. (In an event that replays history, the day is the replayed trading day.)
- A **GTC** order (good 'til cancelled) stays open until it fills or you cancel it.

You can cancel any open order from your open orders list. It is worth checking that list now and then, because a forgotten GTC order can fill weeks later.

## Key points

- Market orders fill at once at the last price with slippage (5 basis points by default) against you.
- Limit orders fill at the limit or better; a gap through the limit gives you the better price.
- Stop orders become market orders when touched; a gap fills at the new, worse price.
- Stop-limit orders become limit orders when touched and may not fill at all.
- Trailing stops follow the best price since you placed them and become market orders when the price comes back by the trail.
- A dollar amount buys whole shares only; what is left stays cash.
- Day orders expire at the end of the market's day; GTC orders stay until filled or cancelled.
`,
      questions: [
        {
          prompt:
            "You place a buy limit order for Orchard Robotics (ORCH) at 50.00 while it trades at 51.20. On the next tick news makes the price gap straight down to 49.40. What happens?",
          options: [
            {
              text: "The order fills at 49.40.",
              correct: true,
              explanation:
                "A limit order fills at the limit or better, and when the price gaps through the limit you get the new, better price.",
            },
            {
              text: "The order fills at 50.00, the limit price.",
              correct: false,
              explanation:
                "The limit is the worst price you accept, not a fixed price; the gap gives you the better price of 49.40.",
            },
            {
              text: "The order is cancelled because the price skipped the limit.",
              correct: false,
              explanation:
                "A gap does not cancel a limit order; skipping past the limit in your favour is exactly what fills it at a better price.",
            },
            {
              text: "The order becomes a market order and fills at 49.40 plus slippage.",
              correct: false,
              explanation:
                "Only stop orders turn into market orders when triggered; a limit order simply fills at the limit or better.",
            },
          ],
        },
        {
          prompt:
            "Which statements about stop and stop-limit orders are true? Select all that apply.",
          options: [
            {
              text: "A stop order becomes a market order when the stop price is touched.",
              correct: true,
              explanation: "That is exactly how a stop works: it is a trigger for a market order.",
            },
            {
              text: "If the price gaps through a sell stop, the order fills at the new, worse price.",
              correct: true,
              explanation:
                "Once triggered, the stop is a market order, so it trades at whatever the price now is, even if that is well below the stop.",
            },
            {
              text: "A stop order guarantees that you sell at exactly the stop price.",
              correct: false,
              explanation:
                "A stop guarantees a trigger, not a price; the lesson's example sold near 43.50 with a stop at 45.00.",
            },
            {
              text: "A stop-limit order becomes a limit order when the stop is touched, so it may not fill.",
              correct: true,
              explanation:
                "After the trigger it waits for the limit price or better, so after a big gap it can stay unfilled.",
            },
          ],
        },
        {
          prompt:
            "At 15:00 UTC you place a day limit order in the practice market. By the end of the day it still has not filled. What happens to it?",
          options: [
            {
              text: "It expires at the end of the market's day, 24:00 UTC.",
              correct: true,
              explanation:
                "Day orders expire at the end of the market's day, which in the practice market runs from 00:00 to 24:00 UTC.",
            },
            {
              text: "It stays open until it fills or you cancel it.",
              correct: false,
              explanation: "That describes a GTC (good 'til cancelled) order, not a day order.",
            },
            {
              text: "It expires 24 hours after you placed it, at 15:00 UTC the next day.",
              correct: false,
              explanation:
                "A day order lives until the end of the market's day, not for 24 hours from when it was placed.",
            },
            {
              text: "It is turned into a market order and filled at the last price.",
              correct: false,
              explanation:
                "Unfilled day orders simply expire; Tickerlab never converts them into market orders.",
            },
          ],
        },
        {
          prompt:
            "Orchard Robotics (ORCH) last traded at 80.00. You place a market buy for 100 shares with the default slippage of 5 basis points and no commission. What is the total cost?",
          options: [
            {
              text: "8,004.00",
              correct: true,
              explanation:
                "5 basis points of 80.00 is 0.04, so each share fills at 80.04, and 100 × 80.04 = 8,004.00.",
            },
            {
              text: "8,000.00",
              correct: false,
              explanation:
                "This ignores slippage; market orders fill at the last price adjusted by slippage against you.",
            },
            {
              text: "7,996.00",
              correct: false,
              explanation:
                "This applies slippage in your favour; for a buy, slippage raises the price you pay.",
            },
            {
              text: "8,040.00",
              correct: false,
              explanation:
                "This uses 50 basis points (0.40 per share); 5 basis points is only 0.05 %, or 0.04 per share here.",
            },
          ],
        },
        {
          prompt:
            "Cobalt Ferry Lines (CFL) last traded at 46.00. You place a market sell with the default slippage of 5 basis points. At what price per share does it fill?",
          options: [
            {
              text: "45.97",
              correct: true,
              explanation:
                "Right. 5 basis points of 46.00 is 0.023, so 45.977, and rounding is to the cent against you: 45.97.",
            },
            {
              text: "46.00",
              correct: false,
              explanation:
                "A market order pays slippage: a seller receives a little less than the last price.",
            },
            {
              text: "46.03",
              correct: false,
              explanation:
                "Slippage always goes against you; for a sell it lowers the price, it does not raise it.",
            },
            {
              text: "45.98",
              correct: false,
              explanation:
                "That rounds to the nearest cent. Tickerlab rounds against you, down to 45.97 for a sale.",
            },
          ],
        },
        {
          prompt:
            "You own Orchard Robotics (ORCH) at 60.00. You want to sell if it falls to 55.00, but never for less than 53.00. Which order does that?",
          options: [
            {
              text: "A stop-limit sell with stop 55.00 and limit 53.00",
              correct: true,
              explanation:
                "Correct. Touching 55.00 turns it into a sell limit at 53.00, which never fills below 53.00.",
            },
            {
              text: "A sell stop at 55.00",
              correct: false,
              explanation: "A stop becomes a market order, which after a gap can fill below 53.00.",
            },
            {
              text: "A sell limit at 55.00",
              correct: false,
              explanation:
                "A sell limit fills at 55.00 or higher, so with ORCH at 60.00 it would sell straight away.",
            },
            {
              text: "A buy stop at 55.00",
              correct: false,
              explanation: "You want to sell, and buy stops sit above the current price.",
            },
          ],
        },
        {
          prompt: "You place a GTC limit buy that has not filled three weeks later. What has happened to it?",
          options: [
            {
              text: "It is still open, waiting to fill or to be cancelled",
              correct: true,
              explanation: "Right. Good 'til cancelled means it stays until it fills or you cancel it.",
            },
            {
              text: "It expired at the end of the day it was placed",
              correct: false,
              explanation: "That is a day order. A GTC order stays open.",
            },
            {
              text: "It expired after one week",
              correct: false,
              explanation: "A GTC order has no end-of-day expiry: it stays until it fills or you cancel it.",
            },
            {
              text: "It turned into a market order",
              correct: false,
              explanation: "Only stop orders turn into market orders, and only when their stop is touched.",
            },
          ],
        },
        {
          prompt:
            "Juniper Lane Foods (JNPF) trades at 30.00 and you have a sell stop at 28.00. The next tick gaps down to 26.50. What happens?",
          options: [
            {
              text: "The stop becomes a market order and fills near 26.50, less slippage",
              correct: true,
              explanation:
                "Correct. A stop is a trigger, not a promise of a price: the gap fills at the new, worse price.",
            },
            {
              text: "It fills at exactly 28.00",
              correct: false,
              explanation:
                "Nobody traded at 28.00; the stop only triggers a market order at the prices that exist.",
            },
            {
              text: "It waits until the price comes back up to 28.00",
              correct: false,
              explanation: "That is what a stop-limit with a limit of 28.00 would do, not a plain stop.",
            },
            {
              text: "It is cancelled, because the price skipped the stop",
              correct: false,
              explanation: "A gap through the stop still triggers it.",
            },
          ],
        },
      ],
    },
    // ---------------------------------------------------------------------------------
    {
      slug: "fees-and-their-drag",
      title: "Fees and their drag",
      body: `## Every trade costs something

Each time you trade, a little money leaks out of your portfolio. One leak is easy to ignore. Hundreds of them, repeated for years, can take a surprising share of what you would otherwise have earned. This lesson looks at the three main costs, **commissions**, **spreads** and **slippage**, and at how they add up.

## Commissions: flat amount plus basis points

A **commission** is a fee charged on each **fill** (each time an order actually trades). In Tickerlab it has two parts:

- a **flat amount** per fill, and
- a percentage of the value traded, in **basis points** (one basis point is 0.01 %).

Your practice portfolio charges **no commission**. Events can set their own commission, so always read an event's rules before you join.

Example: an event charges 1.00 plus 10 basis points. You buy 200 shares of Cobalt Ferry Lines (CFL), a made-up company that is not in Tickerlab's market, at 50.00, a trade worth 10,000.00. The commission is 1.00 + 10.00 (10 basis points of 10,000.00) = **11.00**. When you later sell, you pay commission again on that fill. Like every rounding in Tickerlab, commission is rounded to the cent against you.

A flat fee hurts small trades most. A 1.00 fee on a 200.00 trade is already 0.5 % of it.

## Spreads

On real exchanges there are two prices at any moment: the **bid**, the highest price someone will pay, and the **ask**, the lowest price someone will sell for. You buy at the ask and sell at the bid, and the gap between them is the **spread**. Nobody sends you a bill for it, yet you pay it every time you buy and sell.

Tickerlab's simulated market quotes a single last price. The slippage on market orders plays the part the spread plays in real markets: a small cost for trading immediately.

## Slippage

A market order fills at the last price with **slippage** of 5 basis points by default, always against you. Buying and later selling with market orders therefore costs about 10 basis points of the position's value in slippage alone. Limit orders let you set the worst price you will accept, at the risk of not trading at all.

## A round trip, added up

Take the 10,000.00 CFL position in the event above, bought and sold with market orders:

- buying: commission 11.00, slippage about 5.00
- selling: commission about 11.00, slippage about 5.00

That is roughly **32.00**, or 0.32 % of the position. CFL has to rise about 0.32 % before you even break even.

## How costs compound

Costs matter more than their size suggests because money paid in fees is no longer invested, so it cannot earn returns in later years. Imagine two learners who each start with 100,000.00 and whose investments earn 7 % a year before costs.

- **Patient Pat** trades rarely. Costs take about 0.1 % a year, leaving **6.9 %**.
- **Busy Blair** swaps the whole portfolio about 20 times a year. At roughly 0.15 % per round trip, that is about 3 % a year, leaving **4 %**.

| Learner | Yearly return after costs | After 10 years | After 20 years |
|---|---|---|---|
| Pat | 6.9 % | about 194,900 | about 379,800 |
| Blair | 4.0 % | about 148,000 | about 219,100 |

Same investments, same luck. After 20 years Pat has about 160,700 more, purely because of costs.

## Turnover

**Turnover** measures how much of a portfolio is bought and sold over a period, as a percentage of its value. Replacing your whole portfolio once a year is a turnover of about 100 %. Blair's is about 2,000 %. The higher your turnover, the more often you pay commissions and slippage, so turnover is a quick way to estimate your cost drag. In real life, frequent selling can also bring taxes on realised gains.

## Keeping the drag small

- Trade when you have a reason, not out of boredom.
- With a flat fee, avoid many tiny trades.
- Use limit orders when you are not in a hurry.
- Check the commission in an event's rules before you plan your strategy.
- Remember that your Tickerlab P&L already includes commissions and fill prices, so costs show up in your results.

## Key points

- Commission per fill = flat amount + basis points of the value traded; practice charges none, events set their own.
- Spreads and slippage are costs of trading that never appear as a separate bill.
- You pay costs on both the buy and the sell, so count the full round trip.
- Costs compound: money lost to fees stops growing.
- High turnover means high costs.
`,
      questions: [
        {
          prompt:
            "An event charges a commission of 1.00 plus 20 basis points per fill. You buy 400 shares of Cobalt Ferry Lines (CFL) at 12.50. What is the commission on this fill?",
          options: [
            {
              text: "11.00",
              correct: true,
              explanation:
                "The trade is worth 400 × 12.50 = 5,000.00; 20 basis points of that is 10.00, plus the 1.00 flat fee makes 11.00.",
            },
            {
              text: "10.00",
              correct: false,
              explanation: "This is only the basis-point part; the 1.00 flat amount is added on top.",
            },
            {
              text: "101.00",
              correct: false,
              explanation:
                "This treats 20 basis points as 2 %; a basis point is 0.01 %, so 20 basis points is 0.2 %.",
            },
            {
              text: "1.00",
              correct: false,
              explanation:
                "This is only the flat part; the commission also includes 20 basis points of the value traded.",
            },
          ],
        },
        {
          prompt:
            "Juniper Lane Foods (JNPF) last traded at 60.00. With the default slippage of 5 basis points, at what price per share does a market BUY fill?",
          options: [
            {
              text: "60.03",
              correct: true,
              explanation:
                "5 basis points of 60.00 is 0.03, and slippage goes against the buyer, so the fill is 60.03.",
            },
            {
              text: "59.97",
              correct: false,
              explanation:
                "That would be the fill for a market sell; a buyer pays slightly more, not less.",
            },
            {
              text: "60.00",
              correct: false,
              explanation: "Market orders do not fill at exactly the last price; slippage is added against you.",
            },
            {
              text: "60.30",
              correct: false,
              explanation: "That is 50 basis points; 5 basis points of 60.00 is only 0.03.",
            },
          ],
        },
        {
          prompt: "Which statements about trading costs are true? Select all that apply.",
          options: [
            {
              text: "You pay costs when you buy and again when you sell.",
              correct: true,
              explanation:
                "Commission is charged per fill and slippage applies to each market order, so a round trip pays twice.",
            },
            {
              text: "Higher turnover generally means higher total costs.",
              correct: true,
              explanation:
                "Turnover measures how much you trade, and every trade brings commission and slippage with it.",
            },
            {
              text: "A flat fee weighs more heavily on small trades than on large ones.",
              correct: true,
              explanation:
                "The same flat amount is a bigger percentage of a small trade, for example 1.00 is 0.5 % of a 200.00 trade.",
            },
            {
              text: "Costs stop mattering after a few years because they are small each time.",
              correct: false,
              explanation:
                "The opposite is true: money lost to costs can no longer grow, so the gap widens year after year.",
            },
            {
              text: "Your practice portfolio charges a commission on every fill.",
              correct: false,
              explanation:
                "The practice portfolio charges no commission; only events can set one.",
            },
          ],
        },
        {
          prompt:
            "An event charges 0 flat plus 10 basis points per fill. You buy CFL shares worth 5,000.00 and later sell them for 5,000.00. How much commission do you pay in total for the round trip?",
          options: [
            {
              text: "10.00",
              correct: true,
              explanation:
                "Each fill costs 10 basis points of 5,000.00, which is 5.00; buying and selling are two fills, so 10.00 in total.",
            },
            {
              text: "5.00",
              correct: false,
              explanation: "That covers only one fill; the sell is charged commission as well.",
            },
            {
              text: "0.00",
              correct: false,
              explanation:
                "The practice portfolio charges nothing, but this event charges 10 basis points per fill.",
            },
            {
              text: "100.00",
              correct: false,
              explanation:
                "This treats 10 basis points as 1 %; 10 basis points is 0.1 %, or 5.00 per 5,000.00 fill.",
            },
          ],
        },
        {
          prompt:
            "An event charges 1.00 per fill and no basis points. Which trade pays the largest share of its value in commission?",
          options: [
            {
              text: "A 200.00 trade",
              correct: true,
              explanation: "Right: 1.00 is 0.5% of 200.00. A flat fee hurts small trades most.",
            },
            {
              text: "A 2,000.00 trade",
              correct: false,
              explanation: "Here 1.00 is 0.05% of the trade, a tenth of the 200.00 trade's share.",
            },
            {
              text: "A 20,000.00 trade",
              correct: false,
              explanation: "Here 1.00 is only 0.005% of the trade.",
            },
            {
              text: "They all pay the same share",
              correct: false,
              explanation: "They pay the same amount, so the smallest trade pays the largest share.",
            },
          ],
        },
        {
          prompt:
            "With no commission and the default slippage, you buy a 10,000.00 position with a market order and sell it with a market order at an unchanged price. About how much do you lose to slippage?",
          options: [
            {
              text: "About 10.00",
              correct: true,
              explanation:
                "Correct. About 5 basis points each way, 10 basis points in all: 0.10% of 10,000.00.",
            },
            {
              text: "About 5.00",
              correct: false,
              explanation: "That is one side only. You pay slippage on the buy and again on the sell.",
            },
            {
              text: "Nothing, since there is no commission",
              correct: false,
              explanation: "Slippage is a cost of market orders whatever the commission.",
            },
            {
              text: "About 100.00",
              correct: false,
              explanation: "That would be 1%. Two times 5 basis points is 0.10%.",
            },
          ],
        },
        {
          prompt: "What does turnover measure?",
          options: [
            {
              text: "How much of a portfolio is bought and sold over a period, as a percentage of its value",
              correct: true,
              explanation: "Right. Replacing the whole portfolio once a year is a turnover of about 100%.",
            },
            {
              text: "The total commission paid over a period",
              correct: false,
              explanation:
                "Turnover measures trading volume; costs follow from it but are not the same thing.",
            },
            {
              text: "How many different companies you hold",
              correct: false,
              explanation: "That is the number of holdings, not turnover.",
            },
            {
              text: "Your yearly return after costs",
              correct: false,
              explanation: "Turnover describes how much you trade, not what you earned.",
            },
          ],
        },
        {
          prompt: "Which habits keep the cost drag small? Select all that apply.",
          options: [
            {
              text: "Avoiding many tiny trades when a flat fee applies",
              correct: true,
              explanation: "Yes. A flat fee is a large share of a small trade.",
            },
            {
              text: "Using limit orders when you are not in a hurry",
              correct: true,
              explanation:
                "Right. A limit order sets the worst price you will accept instead of paying for trading immediately.",
            },
            {
              text: "Trading more often in smaller amounts",
              correct: false,
              explanation: "More trades mean more fills, so more commission and slippage.",
            },
            {
              text: "Ignoring an event's commission, since your P&L leaves fees out",
              correct: false,
              explanation:
                "Your Tickerlab P&L already includes commissions and fill prices, so costs show up in results.",
            },
          ],
        },
      ],
    },
    // ---------------------------------------------------------------------------------
    {
      slug: "position-sizing-and-buying-power",
      title: "Position sizing and buying power",
      body: `## Cash and equity

Your practice portfolio starts with **100,000.00** in cash. As soon as you buy something, two numbers matter:

- **Cash** is the money not invested right now.
- **Equity** is what the whole portfolio is worth: cash plus the market value of the shares you own, minus the value of any short positions.

If you hold 100 shares of Orchard Robotics (ORCH) at 60.00 (a made-up company, like every company in this lesson's examples) and 94,000.00 in cash, your equity is 94,000.00 + 6,000.00 = 100,000.00.

## No borrowing: cash never goes negative

Many real brokers lend you money to buy more than you can pay for, which is called trading on margin. Tickerlab does not. **Cash never goes negative.** Every purchase must be paid for from money you actually have, which keeps losses to what you invested.

## Cash reserved by open buy orders

When you place a buy order that waits, such as a limit buy below the current price, Tickerlab **reserves** the cash it may need so you cannot spend that money twice. In practice mode, where there is no commission, a limit buy for 200 shares of ORCH at 50.00 sets aside 10,000.00. The reservation ends when the order fills (the money then pays for the shares), is cancelled, or expires. Cancelling an open buy order gives that cash back to spend.

## Buying power

**Buying power** is the amount you can still commit to new orders:

**Buying power = cash − cash reserved by open buy orders − 1.5 × the value of your short positions**

The last part only matters if you sell short, which the final lesson of this course explains. For most beginners it is zero, so buying power is simply cash minus what open buy orders have reserved.

Example: you have 100,000.00 in cash, no shorts, and the 10,000.00 limit buy above. Your buying power is 90,000.00.

## Why an order can be rejected

An order that would make buying power negative is **rejected**: the ticket says “Not enough buying power.” Continuing the example, a market buy of 1,000 shares of Cobalt Ferry Lines (CFL) at a last price of 95.00 would fill at 95.05 after slippage and cost 95,050.00. You only have 90,000.00 of buying power, so it is rejected. Cancel the limit order, or buy fewer shares.

Other rejections you may meet: “You do not have enough shares.” when you try to sell more shares than you own, and “That position would be too large.” when an event caps how large one position may be as a percentage of equity. Rejected orders stay in your order history with their reason, so you can always see what went wrong.

Remember that slippage and any commission are part of the cost. An order sized to use every last cent at the last price can fail once those are added.

## Whole shares

Tickerlab trades whole shares only. To find how many you can buy, divide the money by the price and **round down**. With 10,000.00 for Juniper Lane Foods (JNPF) at 38.70: 10,000 ÷ 38.70 = 258.4, so you can buy **258** shares. At 38.70 they cost 9,984.60 (a market order would fill slightly higher, at 38.72, for 9,989.76). The rest stays as cash.

## Sizing positions as a percentage of equity

How much should go into one company? A simple habit is to decide a **percentage of equity** per position, so one bad idea cannot sink the whole portfolio. Many beginners keep each position to something like 5 % to 10 %.

The steps:

1. Multiply equity by your chosen percentage.
2. Divide by the share price.
3. Round down to whole shares.

Example: equity is 120,000.00 and you choose 5 %, which is 6,000.00. ORCH trades at 47.30. 6,000 ÷ 47.30 = 126.8, so you buy **126** shares for 5,959.80. If ORCH then falls 20 %, you lose 1,191.96, which is about 1 % of your equity. Painful, but survivable.

Positions drift as prices move, so a 5 % position can grow into a 15 % one. Check your allocation on the portfolio page now and then.

## Key points

- Cash never goes negative; Tickerlab does not lend you money.
- Open buy orders reserve cash until they fill, are cancelled or expire.
- Buying power = cash − reserved cash − 1.5 × short market value.
- Orders that would make buying power negative are rejected: “Not enough buying power.”
- Whole shares only: divide and round down.
- Size each position as a percentage of equity.
`,
      questions: [
        {
          prompt:
            "Your portfolio has 50,000.00 in cash, an open limit buy that reserves 6,000.00, and short positions with a market value of 10,000.00. What is your buying power?",
          options: [
            {
              text: "29,000.00",
              correct: true,
              explanation:
                "Buying power = 50,000.00 − 6,000.00 − 1.5 × 10,000.00 = 50,000.00 − 6,000.00 − 15,000.00 = 29,000.00.",
            },
            {
              text: "34,000.00",
              correct: false,
              explanation:
                "This subtracts the short value only once; the rule subtracts 1.5 times the short market value.",
            },
            {
              text: "44,000.00",
              correct: false,
              explanation:
                "This ignores the short positions, which reduce buying power by 1.5 times their market value.",
            },
            {
              text: "35,000.00",
              correct: false,
              explanation:
                "This forgets the 6,000.00 reserved by the open buy order, which also reduces buying power.",
            },
          ],
        },
        {
          prompt:
            "Your equity is 80,000.00 and you want a position of about 5 % of equity in Cobalt Ferry Lines (CFL) at 33.00 per share. How many shares can you buy without going over 5 %?",
          options: [
            {
              text: "121",
              correct: true,
              explanation:
                "5 % of 80,000.00 is 4,000.00; 4,000 ÷ 33.00 = 121.2, rounded down to 121 shares (3,993.00).",
            },
            {
              text: "122",
              correct: false,
              explanation: "122 × 33.00 = 4,026.00, which is over the 4,000.00 you planned to invest.",
            },
            {
              text: "121.2",
              correct: false,
              explanation: "Tickerlab trades whole shares only, so you round down to 121.",
            },
            {
              text: "2,424",
              correct: false,
              explanation:
                "That would use all 80,000.00 of equity; 5 % of equity is only 4,000.00.",
            },
          ],
        },
        {
          prompt: "Which statements about cash and buying power in Tickerlab are true? Select all that apply.",
          options: [
            {
              text: "Cash can never go negative.",
              correct: true,
              explanation: "Tickerlab does not lend money, so every purchase must be paid from cash you have.",
            },
            {
              text: "An open limit buy order reserves cash, which lowers your buying power.",
              correct: true,
              explanation:
                "Reserved cash is set aside so you cannot spend it twice, and buying power subtracts it.",
            },
            {
              text: "Cancelling an open buy order returns its reserved cash to your buying power.",
              correct: true,
              explanation: "The reservation ends when the order is cancelled, so that cash can be used again.",
            },
            {
              text: "You can buy 10.5 shares if you have enough cash.",
              correct: false,
              explanation: "Tickerlab trades whole shares only.",
            },
            {
              text: "If your cash runs short, Tickerlab lends you the difference on margin.",
              correct: false,
              explanation:
                "There is no borrowing in Tickerlab; an order that would make buying power negative is rejected instead.",
            },
          ],
        },
        {
          prompt:
            "You have 9,000.00 of buying power and no commission. You place a limit buy for 100 shares of Orchard Robotics (ORCH) at 95.00. What happens?",
          options: [
            {
              text: "It is rejected for want of buying power and kept in your order history with the reason.",
              correct: true,
              explanation:
                "The order needs 9,500.00, which would make buying power negative, and rejected orders stay in the history with their reason.",
            },
            {
              text: "It is accepted and cash goes to −500.00 when it fills.",
              correct: false,
              explanation: "Cash never goes negative in Tickerlab, so the order cannot be accepted.",
            },
            {
              text: "Tickerlab automatically reduces it to 94 shares.",
              correct: false,
              explanation:
                "Tickerlab does not resize your orders; it rejects the order and you decide how many shares to buy instead.",
            },
            {
              text: "It waits in open orders until you have more cash.",
              correct: false,
              explanation:
                "The check happens when you place the order; one that would make buying power negative is rejected straight away.",
            },
          ],
        },
        {
          prompt:
            "You have 20,000.00 for Juniper Lane Foods (JNPF) at 38.70. How many whole shares can you buy at that price?",
          options: [
            {
              text: "516",
              correct: true,
              explanation: "Correct. 20,000 ÷ 38.70 = 516.8, rounded down to 516 shares for 19,969.20.",
            },
            {
              text: "517",
              correct: false,
              explanation: "Rounding up goes over budget: 517 × 38.70 = 20,007.90.",
            },
            {
              text: "516.8",
              correct: false,
              explanation: "Tickerlab trades whole shares only: divide and round down.",
            },
            {
              text: "500",
              correct: false,
              explanation: "You can buy more: 516 shares cost 19,969.20, still within 20,000.00.",
            },
          ],
        },
        {
          prompt:
            "You hold 200 shares of Cobalt Ferry Lines (CFL) at 45.00 and 71,000.00 in cash, with no shorts. What is your equity?",
          options: [
            {
              text: "80,000.00",
              correct: true,
              explanation: "Right: cash 71,000.00 + shares 200 × 45.00 = 9,000.00.",
            },
            {
              text: "71,000.00",
              correct: false,
              explanation: "That is the cash alone. Equity adds the market value of your shares.",
            },
            {
              text: "9,000.00",
              correct: false,
              explanation: "That is the shares alone. Equity adds your cash.",
            },
            {
              text: "62,000.00",
              correct: false,
              explanation: "The shares add to equity; they are not subtracted.",
            },
          ],
        },
        {
          prompt:
            "In practice mode you place a limit buy for 100 shares of Orchard Robotics (ORCH) at 50.00, then cancel it before it fills. What happens to the 5,000.00 it reserved?",
          options: [
            {
              text: "It is free to spend again",
              correct: true,
              explanation: "Correct. A reservation ends when the order fills, is cancelled or expires.",
            },
            {
              text: "It is kept as a cancellation fee",
              correct: false,
              explanation: "Cancelling costs nothing; the reserved cash comes back.",
            },
            {
              text: "It stays reserved until the end of the day",
              correct: false,
              explanation: "The reservation ends as soon as the order is cancelled.",
            },
            {
              text: "It buys the shares at the next price anyway",
              correct: false,
              explanation: "A cancelled order never fills.",
            },
          ],
        },
        {
          prompt: "Which order is rejected because you do not have enough shares?",
          options: [
            {
              text: "Selling 150 shares of a stock you own 100 of",
              correct: true,
              explanation: "Right. You cannot sell more shares than you own.",
            },
            {
              text: "A buy that would make your buying power negative",
              correct: false,
              explanation: "That is rejected for want of buying power.",
            },
            {
              text: "A buy that makes one position too large in an event with a cap",
              correct: false,
              explanation: "That is rejected because the position would be too large.",
            },
            {
              text: "A buy limit below the current price",
              correct: false,
              explanation: "That is a normal order: it waits until the price reaches the limit.",
            },
          ],
        },
      ],
    },
    // ---------------------------------------------------------------------------------
    {
      slug: "short-selling-and-its-risks",
      title: "Short selling and its risks",
      unlocks: "short-selling",
      body: `## What short selling is

Buying a stock is a bet that its price will rise. **Short selling** is a bet that it will fall. It works in three steps:

1. **Borrow** shares you do not own.
2. **Sell** them at today's price and receive the cash.
3. Later, **buy them back** and return them. Buying back is called **covering**.

If the price fell in between, you buy back cheaper than you sold and keep the difference. If it rose, you buy back at a higher price and lose the difference. In Tickerlab the side **short** opens a short position and the side **cover** closes it. The borrowing is simulated, so you never have to find a lender.

## Profit and loss are a mirror image

Say you short 100 shares of Cobalt Ferry Lines (CFL), a made-up company that is not in Tickerlab's market, at 30.00 and receive 3,000.00 (ignoring slippage and commission to keep the numbers round).

- CFL falls to 24.00. Covering costs 2,400.00, so you **gain 600.00**.
- CFL rises to 36.00. Covering costs 3,600.00, so you **lose 600.00**.

A short gains exactly what a long position of the same size would lose, and loses what it would gain.

## In theory, the loss has no limit

When you buy a stock, the worst case is that it falls to zero and you lose what you paid. With a short, your **best** case is the price falling to zero, so the most you can gain is the amount you received. There is no ceiling on how high a price can climb, so **the possible loss is unlimited in theory**. If CFL went from 30.00 to 90.00, your 100-share short would lose 6,000.00, twice the 3,000.00 you received.

## Collateral: proceeds plus 50 % more

The cash from a short sale lands in your cash balance, but it is not free to spend. Tickerlab's buying power rule subtracts **1.5 times the market value of your shorts**, so a short ties up its own proceeds **plus 50 % more** of your money as collateral, like the Reg T rule in real markets.

Example: you have 10,000.00 in cash, nothing else. You short 100 shares of Orchard Robotics (ORCH) at 40.00. Cash becomes 14,000.00, the short is worth 4,000.00, and buying power becomes 14,000.00 − 1.5 × 4,000.00 = **8,000.00**. Your equity is still 10,000.00 (cash minus the value of the short). If ORCH rises, the short's value grows and buying power shrinks.

## Maintenance and the automatic cover

Tickerlab watches one more line. **When your equity falls under 30 % of the total value of your short positions, every short is covered at market**, and you are told why. Your long positions are not sold.

A worked example, again ignoring costs: a learner with 10,000.00 of equity shorts 400 ORCH at 50.00. Cash is 30,000.00, the short is worth 20,000.00, equity is 10,000.00.

- ORCH at 57.00: short worth 22,800.00, equity 7,200.00, 30 % of 22,800.00 is 6,840.00. Equity is above that, nothing happens.
- ORCH at 58.00: short worth 23,200.00, equity 6,800.00, 30 % is 6,960.00. Equity is under, so **all shorts are covered at market**, locking in a loss of about 3,200.00.

Because the cover is a market order, a price jump can make the loss bigger than the line suggests.

## Short squeezes

A **short squeeze** happens when a heavily shorted stock starts rising. Short sellers rush to cover, and covering means buying, which pushes the price higher still and forces more of them to cover. Prices can jump far and fast. Tickerlab's simulated prices do not react to learners' orders, but the simulator does produce sudden jumps, and a jump up hurts a short in just the same way.

Real brokers also charge a fee to borrow shares; Tickerlab's rules have no borrow fee, so your costs are slippage and any commission.

## Unlocking short selling in Tickerlab

Short selling is locked until you pass this lesson: **passing this lesson's quiz unlocks short selling in Tickerlab**. Before that, a short order is refused with “Short selling is locked.” Some events also switch shorting off for everyone, and the ticket says so. When you start, keep shorts small, and consider a stop order on the cover side to cap a loss, remembering that a gap can fill it at a worse price.

## Key points

- Shorting means borrowing, selling, and later buying back (covering).
- Profit and loss mirror a long position; the gain is capped, the loss is unlimited in theory.
- A short ties up its proceeds plus 50 % more: buying power subtracts 1.5 × short market value.
- When equity falls under 30 % of short market value, every short is covered at market.
- Squeezes and jumps can make losses grow fast.
- Passing this quiz unlocks short selling in Tickerlab.
`,
      questions: [
        {
          prompt:
            "You short 200 shares of Cobalt Ferry Lines (CFL) at 25.00 and later cover them at 19.00. Ignoring slippage and commission, what is your result?",
          options: [
            {
              text: "A gain of 1,200.00",
              correct: true,
              explanation:
                "You received 200 × 25.00 = 5,000.00 and paid 200 × 19.00 = 3,800.00 to cover, a gain of 1,200.00.",
            },
            {
              text: "A loss of 1,200.00",
              correct: false,
              explanation:
                "A short gains when the price falls; losing 1,200.00 would be the result if CFL had risen to 31.00.",
            },
            {
              text: "A gain of 6.00",
              correct: false,
              explanation: "6.00 is the gain per share; you shorted 200 shares, so the total is 1,200.00.",
            },
            {
              text: "A gain of 3,800.00",
              correct: false,
              explanation:
                "3,800.00 is what covering cost, not the profit; the profit is 5,000.00 − 3,800.00.",
            },
          ],
        },
        {
          prompt:
            "You have 10,000.00 in cash, no positions and no open orders. You short 100 shares of Orchard Robotics (ORCH) at 40.00. Ignoring slippage and commission, what is your buying power right after the trade?",
          options: [
            {
              text: "8,000.00",
              correct: true,
              explanation:
                "Cash becomes 14,000.00 and the short is worth 4,000.00, so buying power = 14,000.00 − 1.5 × 4,000.00 = 8,000.00.",
            },
            {
              text: "14,000.00",
              correct: false,
              explanation:
                "This counts the proceeds as free cash; buying power subtracts 1.5 times the short's market value.",
            },
            {
              text: "10,000.00",
              correct: false,
              explanation:
                "A short does reduce buying power: it ties up its proceeds plus 50 % more, here 2,000.00 of your own money.",
            },
            {
              text: "4,000.00",
              correct: false,
              explanation:
                "This subtracts 1.5 × 4,000.00 from 10,000.00 but forgets that the 4,000.00 of proceeds were added to cash.",
            },
          ],
        },
        {
          prompt:
            "Which of these portfolios would have every short covered automatically under Tickerlab's maintenance rule? Select all that apply.",
          options: [
            {
              text: "Equity 5,000.00; short market value 20,000.00",
              correct: true,
              explanation: "30 % of 20,000.00 is 6,000.00, and equity of 5,000.00 is under that, so every short is covered.",
            },
            {
              text: "Equity 9,000.00; short market value 25,000.00",
              correct: false,
              explanation: "30 % of 25,000.00 is 7,500.00; equity of 9,000.00 is above it, so nothing happens.",
            },
            {
              text: "Equity 2,000.00; short market value 8,000.00",
              correct: true,
              explanation: "30 % of 8,000.00 is 2,400.00, and equity of 2,000.00 is under that, so every short is covered.",
            },
            {
              text: "Equity 12,500.00; short market value 40,000.00",
              correct: false,
              explanation: "30 % of 40,000.00 is 12,000.00; equity of 12,500.00 is still above it.",
            },
          ],
        },
        {
          prompt: "Which statements about short selling are true? Select all that apply.",
          options: [
            {
              text: "In theory, the loss on a short position is unlimited.",
              correct: true,
              explanation: "A price has no ceiling, so the cost of buying the shares back has no ceiling either.",
            },
            {
              text: "The most a short can gain is the amount received when selling, if the price falls to zero.",
              correct: true,
              explanation: "A price cannot go below zero, so the gain is capped at the sale proceeds.",
            },
            {
              text: "In a short squeeze, short sellers buying to cover push the price even higher.",
              correct: true,
              explanation: "Covering means buying, and that buying pressure can force still more shorts to cover.",
            },
            {
              text: "When the maintenance rule is triggered, only the short with the biggest loss is covered.",
              correct: false,
              explanation: "The rule covers every short at market, not just one.",
            },
            {
              text: "Passing this lesson's quiz unlocks short selling in Tickerlab.",
              correct: true,
              explanation: "Short selling is locked until you pass this lesson; before that, a short order is refused with “Short selling is locked.”",
            },
          ],
        },
        {
          prompt:
            "You short 100 shares of Cobalt Ferry Lines (CFL) at 30.00. Ignoring costs, what is the most you can gain?",
          options: [
            {
              text: "3,000.00, if CFL falls to zero",
              correct: true,
              explanation:
                "Correct. The best case for a short is the price falling to zero, so the gain is capped at what you received.",
            },
            {
              text: "6,000.00",
              correct: false,
              explanation: "You received 3,000.00, and that is all a short can ever gain.",
            },
            {
              text: "There is no limit",
              correct: false,
              explanation: "It is the loss that has no limit in theory; the gain is capped.",
            },
            {
              text: "300.00",
              correct: false,
              explanation: "100 shares at 30.00 bring in 3,000.00, which is the most you can keep.",
            },
          ],
        },
        {
          prompt: "In Tickerlab, which sides open and close a short position?",
          options: [
            {
              text: "Short opens it and cover closes it",
              correct: true,
              explanation: "Right. Cover buys the shares back and returns them.",
            },
            {
              text: "Sell opens it and buy closes it",
              correct: false,
              explanation:
                "In Tickerlab sell closes shares you own; shorts have their own sides, short and cover.",
            },
            {
              text: "Buy opens it and sell closes it",
              correct: false,
              explanation: "That is a long position, a bet that the price rises.",
            },
            {
              text: "Short opens it and sell closes it",
              correct: false,
              explanation: "Sell closes shares you own. A short is closed with cover.",
            },
          ],
        },
        {
          prompt:
            "A learner has equity of 5,000.00 and short positions worth 20,000.00. What happens under Tickerlab's maintenance rule?",
          options: [
            {
              text: "Every short is covered at market",
              correct: true,
              explanation: "Correct. 30% of 20,000.00 is 6,000.00, and equity of 5,000.00 is under it.",
            },
            {
              text: "Nothing, because equity is still positive",
              correct: false,
              explanation: "The line is 30% of the short market value, here 6,000.00, not zero.",
            },
            {
              text: "Only enough shorts are covered to get back above the line",
              correct: false,
              explanation: "Tickerlab covers every short, not just some.",
            },
            {
              text: "Long positions are sold to raise cash",
              correct: false,
              explanation: "Long positions are not sold; the rule covers the shorts.",
            },
          ],
        },
        {
          prompt:
            "Which statements about the risks and costs of shorting in Tickerlab are true? Select all that apply.",
          options: [
            {
              text: "Covering means buying, which can push a rising price higher still",
              correct: true,
              explanation: "Yes. That is how a short squeeze feeds on itself.",
            },
            {
              text: "A sudden jump up in the simulator hurts a short just as a squeeze would",
              correct: true,
              explanation: "Right. Simulated prices ignore learners' orders, but jumps still happen.",
            },
            {
              text: "Tickerlab charges a daily fee to borrow the shares",
              correct: false,
              explanation: "Tickerlab has no borrow fee; your costs are slippage and any commission.",
            },
            {
              text: "A stop order on the cover side always fills at its stop price",
              correct: false,
              explanation: "A stop becomes a market order, so a gap can fill it at a worse price.",
            },
          ],
        },
      ],
    },
    // Orders with legs (decision 065): last, so an upgrade adds it at the end of the course.
    ordersWithLegs,
  ],
};
