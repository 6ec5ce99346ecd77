import type { SeedCourse } from "./types";

/**
 * Beginner course: risk and return, diversification, measuring performance and investor
 * behaviour. All companies and tickers are fictional, like the simulated Tickerlab market.
 */
export const buildingAPortfolio: SeedCourse = {
  slug: "building-a-portfolio",
  title: "Building a portfolio",
  summary:
    "Learn how to weigh risk against return, spread your money sensibly, judge results fairly and avoid the habits that quietly cost investors money.",
  lessons: [
    // ---------------------------------------------------------------------------------------
    {
      slug: "risk-and-return",
      title: "Risk and return",
      body: `## Why these two words come as a pair

Every investment decision is a trade-off between what you hope to earn (**return**) and how bumpy the ride could be on the way (**risk**). Before you build a portfolio, it helps to know exactly what each word means and how to put numbers on them. All amounts in this lesson are in Tickerlab's virtual currency, and every company is fictional.

## Measuring return

**Return** is how much an investment gained or lost, usually shown as a percentage of what you started with. The basic formula is:

**Simple return = (ending value − starting value) ÷ starting value**

Suppose you buy 20 shares of Orchard Robotics (ORCH), a made-up company that is not in Tickerlab's market, at 50.00 each, so you pay 1,000.00. Later the price is 56.00, so your shares are worth 1,120.00. You gained 120.00, and your simple return is 120 ÷ 1,000 = **12%**.

**Total return** counts everything that changed your wealth, not just the price. In real markets that includes income such as dividends: if ORCH had also paid you 0.50 per share (10.00 in total), your total return would be 130 ÷ 1,000 = **13%**. Costs such as commissions count too, and they pull total return down.

On Tickerlab, your portfolio's total return compares your **equity** now (cash plus the value of your positions) with what you started with. It automatically includes gains and losses on every position, open or closed, and every fee you paid. If you started with 100,000.00 and your equity is now 104,500.00, your total return is 4,500 ÷ 100,000 = **4.5%**.

Percentages have a catch: losses and gains are not symmetric. If 100 falls 20% to 80, getting back to 100 needs a gain of 20 ÷ 80 = **25%**. A 50% loss needs a **100%** gain just to break even. Avoiding deep losses matters more than it first appears.

## Risk as variability

In investing, **risk** usually means how much returns move around, and how unpredictable they are. The most common measure is **volatility**, which is normally calculated as the **standard deviation** of returns. In plain words, standard deviation is the typical distance between each period's return and the average return. Small distances mean a smooth ride; large distances mean wide swings. Volatility counts swings in both directions, up and down.

Here is a worked example. Two fictional companies each start with 1,000.00 invested, and both average **+1% a month** over four months.

| Month | Hillcrest Utilities (HLCU) return | HLCU value | Larkspur Energy (LKSP) return | LKSP value |
|---|---|---|---|---|
| Start | | 1,000.00 | | 1,000.00 |
| 1 | +1% | 1,010.00 | +6% | 1,060.00 |
| 2 | +1% | 1,020.10 | −4% | 1,017.60 |
| 3 | +1% | 1,030.30 | +5% | 1,068.48 |
| 4 | +1% | 1,040.60 | −3% | 1,036.43 |

LKSP's average monthly return is (6 − 4 + 5 − 3) ÷ 4 = 1%, the same as HLCU's. But HLCU never strays from its average, so its volatility is zero, while LKSP swings 4 to 5 percentage points either side of its average, so its volatility is high. Notice also that HLCU ends up 4.06% while LKSP ends up only about 3.64%: big swings drag down compounded growth even when the average is the same.

## Drawdown: how far you fell

A **drawdown** is a fall from a previous peak, measured as a percentage of that peak. In the table, LKSP peaked at 1,060.00 and then fell to 1,017.60, a drop of 42.40, which is **4%** of the peak. Later it fell 3% from its new peak of 1,068.48. Its **maximum drawdown**, the largest of these falls, is 4%. HLCU never fell, so its drawdown is zero. Drawdown answers the question many investors care about most: "How bad did it get?"

## Calm and stormy periods

Volatility is not a fixed number. In real markets calm months alternate with stormy ones: a wild day is usually followed by more wild days, and a quiet month by another quiet one. Falls also make markets more nervous than rises do, so a sharp drop is often the start of a stormy stretch. That is why a figure measured over a calm month can badly understate the risk you are taking.

Tickerlab's market behaves the same way. Open a stock's price chart and look at its daily candles over a few years: you will find stretches of small candles and stretches of large ones, and the large ones tend to begin with a fall. [How this market works](/portfolio/market/how-it-works) measures this on the market's own history.

## The risk–return trade-off

Investors generally expect to be paid for accepting risk, so investments with higher expected returns usually come with more volatility and deeper drawdowns. The key word is **expected**. Taking more risk does not guarantee a higher return; it widens the range of possible outcomes, good and bad. A volatile stock can double, and it can also halve.

## Time horizon

Your **time horizon** is how long you plan to stay invested before you need the money. With a long horizon, you have time to wait out drawdowns, so short-term swings matter less. With a short horizon, a badly timed fall may not have time to recover. On Tickerlab, a contest's length is its time horizon: in a one-week contest, a single bad day weighs far more than it would over a year.

## Key points

- **Simple return** = (ending value − starting value) ÷ starting value; **total return** also counts income and costs.
- Losses and gains are not symmetric: a 50% loss needs a 100% gain to recover.
- **Volatility** (standard deviation) measures how widely returns swing around their average, in both directions.
- Volatility changes over time: calm and stormy periods alternate, and storms often start with a fall.
- A **drawdown** is a fall from a peak; the **maximum drawdown** is the largest one.
- Higher risk means a wider range of outcomes, not a guaranteed higher return.
- A longer **time horizon** gives you more time to recover from falls.
`,
      questions: [
        {
          prompt:
            "You buy 40 shares of Mapleton Foods (MPLF) at 25.00 each. Later the price is 30.00. What is your simple return?",
          options: [
            {
              text: "20%",
              correct: true,
              explanation:
                "You paid 40 × 25.00 = 1,000.00 and now hold 40 × 30.00 = 1,200.00, so the return is 200 ÷ 1,000 = 20%.",
            },
            {
              text: "5%",
              correct: false,
              explanation:
                "5.00 is the price change per share in currency, not a percentage. You need to divide the gain by what you started with.",
            },
            {
              text: "About 16.7%",
              correct: false,
              explanation:
                "This divides the gain by the ending value (5 ÷ 30). Simple return divides by the starting value instead.",
            },
            {
              text: "200%",
              correct: false,
              explanation:
                "The gain is 200.00 in currency, but as a share of the 1,000.00 you invested it is 20%, not 200%.",
            },
          ],
        },
        {
          prompt:
            "A portfolio falls 50%. What percentage gain does it then need to get back to its starting value?",
          options: [
            {
              text: "100%",
              correct: true,
              explanation:
                "After a 50% fall, 100 becomes 50. Getting from 50 back to 100 means gaining 50 on a base of 50, which is 100%.",
            },
            {
              text: "50%",
              correct: false,
              explanation:
                "A 50% gain on 50 only brings it to 75. Gains are measured on the smaller, fallen value, so they must be larger.",
            },
            {
              text: "75%",
              correct: false,
              explanation: "A 75% gain on 50 reaches 87.50, still short of the starting 100.",
            },
            {
              text: "25%",
              correct: false,
              explanation:
                "25% is the gain needed after a 20% fall (80 back to 100), not after a 50% fall.",
            },
          ],
        },
        {
          prompt: "Which statements about volatility are true? Select all that apply.",
          options: [
            {
              text: "It measures how widely returns swing around their average.",
              correct: true,
              explanation:
                "That is what volatility describes: small swings mean low volatility, wide swings mean high volatility.",
            },
            {
              text: "Two investments can have the same average return but very different volatility.",
              correct: true,
              explanation:
                "In the lesson's example, HLCU and LKSP both average +1% a month, yet HLCU has zero volatility and LKSP has high volatility.",
            },
            {
              text: "Standard deviation is a common way to measure it.",
              correct: true,
              explanation:
                "Volatility is normally calculated as the standard deviation of returns: the typical distance of each return from the average.",
            },
            {
              text: "Higher volatility guarantees a higher return.",
              correct: false,
              explanation:
                "More risk widens the range of outcomes. Investors may expect more return for it, but nothing is guaranteed.",
            },
            {
              text: "Volatility only counts downward moves.",
              correct: false,
              explanation:
                "Volatility counts swings in both directions; a stock that jumps up sharply is volatile too.",
            },
          ],
        },
        {
          prompt:
            "Your portfolio grows from 10,000.00 to a peak of 12,000.00, then falls to 9,000.00 before recovering. What is the drawdown from the peak, as a percentage?",
          options: [
            {
              text: "25%",
              correct: true,
              explanation:
                "The fall is 12,000 − 9,000 = 3,000, and drawdown is measured against the peak: 3,000 ÷ 12,000 = 25%.",
            },
            {
              text: "10%",
              correct: false,
              explanation:
                "That compares the low with the starting value of 10,000.00. Drawdown is measured from the peak, not from where you began.",
            },
            {
              text: "30%",
              correct: false,
              explanation:
                "This divides the 3,000 fall by the starting value of 10,000. A drawdown divides by the peak value, 12,000.",
            },
            {
              text: "About 33.3%",
              correct: false,
              explanation:
                "This divides by the low point (3,000 ÷ 9,000). That is the gain needed to recover, not the drawdown.",
            },
          ],
        },
        {
          prompt:
            "You buy shares for 2,000.00, receive 40.00 in dividends and later sell them for 2,100.00. What is your total return?",
          options: [
            {
              text: "7%",
              correct: true,
              explanation:
                "Correct. Total return counts the price gain and the income: (100 + 40) ÷ 2,000 = 7%.",
            },
            {
              text: "5%",
              correct: false,
              explanation: "That is the price gain alone. Total return also counts the 40.00 of dividends.",
            },
            {
              text: "2%",
              correct: false,
              explanation: "That is the dividend alone. Add the 100.00 price gain.",
            },
            {
              text: "107%",
              correct: false,
              explanation: "The ending value is 107% of the start; the return is the 7% gained.",
            },
          ],
        },
        {
          prompt: "A portfolio falls 25%. What gain does it then need to get back to its starting value?",
          options: [
            {
              text: "About 33.3%",
              correct: true,
              explanation:
                "Right. From 75 back to 100 is 25 ÷ 75 = 33.3%: losses and gains are not symmetric.",
            },
            {
              text: "25%",
              correct: false,
              explanation: "25% of the smaller value of 75 is only 18.75, not enough to get back to 100.",
            },
            {
              text: "50%",
              correct: false,
              explanation: "That overshoots: 75 × 1.5 = 112.5.",
            },
            {
              text: "20%",
              correct: false,
              explanation: "A 20% gain from 75 reaches only 90.",
            },
          ],
        },
        {
          prompt: "What does taking more risk do to your possible results?",
          options: [
            {
              text: "It widens the range of outcomes, good and bad",
              correct: true,
              explanation:
                "Correct. Higher expected return comes with a wider spread of results, not a guarantee.",
            },
            {
              text: "It guarantees a higher return",
              correct: false,
              explanation: "The key word is expected: more risk can also end in a bigger loss.",
            },
            {
              text: "It only makes losses more likely",
              correct: false,
              explanation: "More risk widens both sides: bigger gains are possible too.",
            },
            {
              text: "Nothing, as long as you stay invested for a year",
              correct: false,
              explanation: "A longer horizon helps you recover from falls; it does not remove risk.",
            },
          ],
        },
        {
          prompt: "Which statements about time horizon are true? Select all that apply.",
          options: [
            {
              text: "A long horizon gives you time to wait out drawdowns",
              correct: true,
              explanation: "Yes. Short-term swings matter less when you do not need the money soon.",
            },
            {
              text: "In a one-week contest, a single bad day weighs far more than it would over a year",
              correct: true,
              explanation: "Right. A contest's length is its time horizon.",
            },
            {
              text: "A long enough horizon removes all risk",
              correct: false,
              explanation: "It gives time to recover, but prices can still fall and stay down.",
            },
            {
              text: "Time horizon is how long you keep each single trade open",
              correct: false,
              explanation: "It is how long you plan to stay invested before you need the money.",
            },
          ],
        },
      ],
    },

    // ---------------------------------------------------------------------------------------
    {
      slug: "diversification",
      title: "Diversification",
      body: `## Don't put all your eggs in one basket

**Diversification** means spreading your money across several investments so that no single one can sink your whole portfolio. It is one of the few ideas in investing that almost everyone agrees on, and it is worth understanding why it works, and where it stops working.

Every company carries its own **company-specific risk**: a product launch that flops, a factory fire, a lawsuit, a chief executive who leaves suddenly. These events hit one company, not the whole market.

Imagine that Orchard Robotics (ORCH), a made-up company that is not in Tickerlab's market, drops 50% after a failed product launch. If ORCH is the only thing you own, your portfolio falls 50%. If ORCH is one of 20 holdings of equal size, it is 5% of your portfolio, so the same drop costs you 5% × 50% = **2.5%** of your portfolio. The bad news is just as bad, but it is now a bruise instead of a disaster. Of course, the same arithmetic shrinks a lucky jump too: diversification trades the chance of a huge win for protection against a huge loss.

## Why spreading works: correlation

How much diversification helps depends on how your holdings move relative to each other. **Correlation** describes this, on a scale from +1 to −1:

- **Close to +1**: the two tend to move in the same direction at the same time.
- **Around 0**: there is no consistent relationship between their moves.
- **Close to −1**: they tend to move in opposite directions.

When you combine holdings that are not strongly correlated, one's bad days are often softened by another's ordinary or good days, so the portfolio as a whole swings less than its parts. Two robotics makers react to much the same news, so they tend to be highly correlated; a robotics maker and a food company are usually less so. That is why spreading across **sectors** matters as much as spreading across companies.

Correlations are not fixed. In a broad sell-off, many investments that normally move independently tend to fall together, just when you would most like them not to. Tickerlab's market shows this too: a market-wide storm makes every stock swing harder at the same time ([how this market works](/portfolio/market/how-it-works)).

## What diversification cannot remove

Some risk hits nearly everything at once: a recession, a change in interest rates, a wave of fear across the whole market. This is **market-wide risk** (also called systematic risk), and no amount of spreading removes it. If the whole market falls 15%, a well-diversified portfolio will probably fall too.

Tickerlab's simulated market works the same way. Prices include a shared market factor, so stocks tend to move together, plus sector factors, so companies in the same sector move together as well. Even if you owned every company in the universe, your portfolio would still rise and fall with the benchmark. Diversification removes much of the company-specific risk; what remains is mostly market risk, which the next lesson measures with **beta**.

## Concentration

A **concentrated** portfolio has a few large bets: a handful of holdings, one position that dominates, or most of the money in a single sector. Concentration can produce spectacular results in either direction. Watch for hidden concentration too: five different companies that all sit in the same sector are closer to one bet than to five. Some Tickerlab contests set a **maximum position** as a percentage of equity, which limits how concentrated you can be.

## How many holdings is enough?

The first few holdings do the most work. Going from one company to ten, spread across different sectors, removes a large part of company-specific risk. A commonly quoted rule of thumb is that somewhere around 20 to 30 well-spread stocks removes most of it, and each extra holding after that adds little. How the holdings are spread matters more than the raw count: 25 companies in one sector are less diversified than 12 across eight sectors. A fund such as an ETF holds many companies at once, so a single trade can buy a lot of diversification.

## Sector allocation on Tickerlab

Your portfolio page shows your **allocation** by instrument and by sector: how your equity is split. Here is an example portfolio with equity of 100,000.00.

| Sector | Holdings | Value | Share of equity |
|---|---|---|---|
| Technology | Orchard Robotics (ORCH), Quartz Cloud Systems (QCS) | 45,000.00 | 45% |
| Energy | Larkspur Energy (LKSP) | 20,000.00 | 20% |
| Utilities | Hillcrest Utilities (HLCU) | 10,000.00 | 10% |
| Consumer staples | Mapleton Foods (MPLF) | 10,000.00 | 10% |
| Cash | none | 15,000.00 | 15% |

Five holdings looks reasonably spread, but nearly half the equity rides on one sector. If technology stocks fall 10% and nothing else moves, the portfolio loses 45,000 × 10% = 4,500.00, or **4.5%** of equity, from that one sector alone. When you look at your own allocation, ask three questions: What is my largest single position? What is my largest sector? How much would my equity fall if that sector dropped 20%?

## Key points

- **Diversification** spreads money so no single company's bad news can sink the portfolio.
- **Correlation** describes how investments move together, from +1 (in step) to −1 (opposite); low correlation gives more benefit.
- Diversification reduces **company-specific risk** but cannot remove **market-wide risk**.
- Watch for **concentration**, including hidden concentration in one sector.
- The first holdings help most; spread across sectors matters more than the raw count.
- Check your **sector allocation** on the portfolio page and ask what one sector's fall would do to you.
`,
      questions: [
        {
          prompt:
            "You hold 25 companies in equal amounts. One of them falls 40% while the others don't move. By how much does the whole portfolio fall?",
          options: [
            {
              text: "1.6%",
              correct: true,
              explanation:
                "Each holding is 1 ÷ 25 = 4% of the portfolio, and 4% × 40% = 1.6%.",
            },
            {
              text: "40%",
              correct: false,
              explanation:
                "That would only happen if the falling company were your entire portfolio. Here it is just 4% of it.",
            },
            {
              text: "4%",
              correct: false,
              explanation:
                "4% is the weight of that one holding. Its 40% fall costs 40% of that 4%, which is 1.6%.",
            },
            {
              text: "10%",
              correct: false,
              explanation:
                "This doesn't match the arithmetic: a 4% weight multiplied by a 40% fall is 1.6%.",
            },
          ],
        },
        {
          prompt:
            "Which of these are company-specific risks that diversification can largely reduce? Select all that apply.",
          options: [
            {
              text: "A failed product launch at one company",
              correct: true,
              explanation:
                "This hits one company. If it is one of many holdings, the damage to the portfolio is small.",
            },
            {
              text: "A factory fire at one company",
              correct: true,
              explanation:
                "An event at a single company is exactly the kind of risk that spreading across many companies dilutes.",
            },
            {
              text: "A market-wide sell-off that pulls down almost every stock",
              correct: false,
              explanation:
                "This is market-wide (systematic) risk. Because it hits nearly everything at once, diversification cannot remove it.",
            },
            {
              text: "The chief executive of one company resigning suddenly",
              correct: true,
              explanation:
                "News about one company's management is company-specific risk, which a spread-out portfolio largely absorbs.",
            },
          ],
        },
        {
          prompt: "Two stocks have a correlation close to +1. What does that mean?",
          options: [
            {
              text: "They tend to move in the same direction at the same time.",
              correct: true,
              explanation:
                "A correlation near +1 means their moves are closely in step, so holding both adds little diversification.",
            },
            {
              text: "They tend to move in opposite directions.",
              correct: false,
              explanation: "That describes a correlation close to −1, not +1.",
            },
            {
              text: "There is no consistent relationship between their moves.",
              correct: false,
              explanation: "That describes a correlation around 0.",
            },
            {
              text: "Their share prices are the same.",
              correct: false,
              explanation:
                "Correlation is about how prices move together, not about their level. Two stocks at very different prices can be highly correlated.",
            },
          ],
        },
        {
          prompt:
            "Your allocation shows Technology at 45% of equity. If technology stocks all fall 10% and nothing else moves, how much does your equity fall?",
          options: [
            {
              text: "4.5%",
              correct: true,
              explanation:
                "Only the 45% in technology falls, and 10% of 45% is 4.5% of your equity.",
            },
            {
              text: "10%",
              correct: false,
              explanation:
                "Your whole equity would fall 10% only if it were all in technology. The other 55% didn't move.",
            },
            {
              text: "45%",
              correct: false,
              explanation:
                "45% is how much of your equity is in technology, not how much you lose when that sector falls 10%.",
            },
            {
              text: "0.45%",
              correct: false,
              explanation: "This is off by a factor of ten: 45% × 10% = 4.5%, not 0.45%.",
            },
          ],
        },
        {
          prompt:
            "You hold 10 companies in equal amounts. One of them doubles (+100%) and the others do not move. How much does the whole portfolio gain?",
          options: [
            {
              text: "10%",
              correct: true,
              explanation:
                "Correct: 10% of the portfolio × 100% = 10%. Diversification shrinks lucky jumps as well as losses.",
            },
            {
              text: "100%",
              correct: false,
              explanation: "Only a tenth of your money was in the company that doubled.",
            },
            {
              text: "1%",
              correct: false,
              explanation:
                "Check the weight: one of 10 equal holdings is 10% of the portfolio, and 10% × 100% = 10%.",
            },
            {
              text: "50%",
              correct: false,
              explanation: "The gain is the company's weight times its move: 10% × 100% = 10%.",
            },
          ],
        },
        {
          prompt: "Which of these portfolios is the most diversified?",
          options: [
            {
              text: "12 companies spread across eight sectors",
              correct: true,
              explanation: "Right. How holdings are spread matters more than the raw count.",
            },
            {
              text: "25 companies all in one sector",
              correct: false,
              explanation:
                "Companies in one sector tend to move together, so this is closer to one bet than to 25.",
            },
            {
              text: "3 companies in three sectors",
              correct: false,
              explanation:
                "Spread across sectors helps, but three holdings still leave a lot of company-specific risk.",
            },
            {
              text: "One company you know very well",
              correct: false,
              explanation: "A single holding carries all of its company-specific risk.",
            },
          ],
        },
        {
          prompt: "What tends to happen to correlations in a broad sell-off?",
          options: [
            {
              text: "Investments that normally move independently tend to fall together",
              correct: true,
              explanation:
                "Correct. Correlations are not fixed, and they often rise just when you want them low.",
            },
            {
              text: "They turn negative, so diversified portfolios gain",
              correct: false,
              explanation:
                "In a sell-off many investments fall together; a negative correlation across the board is not what happens.",
            },
            {
              text: "They stay exactly the same",
              correct: false,
              explanation: "Correlations change over time, and sell-offs are when they change most.",
            },
            {
              text: "They stop mattering, because prices no longer move",
              correct: false,
              explanation: "Prices move a lot in a sell-off; mostly downwards together.",
            },
          ],
        },
        {
          prompt:
            "Suppose you owned every company in Tickerlab's universe. Which risks would remain? Select all that apply.",
          options: [
            {
              text: "The shared market factor that moves stocks together",
              correct: true,
              explanation: "Yes. Even a portfolio of the whole universe rises and falls with the benchmark.",
            },
            {
              text: "A wave of fear that drags almost every stock down",
              correct: true,
              explanation:
                "Right. Market-wide risk hits nearly everything at once and cannot be spread away.",
            },
            {
              text: "One company's failed product launch sinking the whole portfolio",
              correct: false,
              explanation: "Spread across many holdings, one company's bad news is a bruise, not a disaster.",
            },
            {
              text: "A single company's factory fire wiping out most of your equity",
              correct: false,
              explanation: "That is company-specific risk, which diversification largely removes.",
            },
          ],
        },
      ],
    },

    // ---------------------------------------------------------------------------------------
    {
      slug: "measuring-performance",
      title: "Measuring performance",
      body: `## Compared with what?

Suppose your portfolio is up 6%. Is that good? It depends on what else happened. If the whole market rose 10%, you trailed it by 4 percentage points even though you made money. If the market fell 8% and you fell only 3%, you did better than the market even though you lost money. To judge performance fairly you need a **benchmark**: a yardstick that shows what simply "being in the market" earned.

On Tickerlab, the benchmark is an index made from the same universe of fictional companies you trade, and your portfolio page draws your **equity curve against the benchmark**, so you can see at a glance whether you are ahead or behind. Tickerlab also reports your **volatility**, **max drawdown**, **Sharpe ratio**, **beta** and **alpha**. This lesson explains each of them in plain words.

## Beta: how much you move with the market

**Beta** describes how strongly your portfolio tends to move when the benchmark moves.

- **Beta of 1**: on average, you move in line with the benchmark.
- **Beta of 1.5**: you tend to move about one and a half times as much. If the benchmark rises 2%, you would expect roughly +3%; if it falls 4%, roughly −6%.
- **Beta of 0.5**: you tend to move about half as much as the benchmark.
- **Beta near 0**: your results have little relationship with the benchmark, for example if you hold mostly cash.
- **Negative beta**: you tend to move the opposite way, for example if you hold short positions.

Beta is measured from past returns, so it describes a tendency, not a promise.

## Alpha: the part your market exposure doesn't explain

Beating the benchmark is not automatically a sign of skill. In a rising market, a high-beta portfolio is expected to beat the benchmark simply because it takes more market risk. **Alpha** is the part of your return that is left over after allowing for your beta.

One common way to estimate it uses a **risk-free rate**, the return you could get with essentially no risk (in real markets, for example, short-term government bills):

- **Expected return = risk-free rate + beta × (benchmark return − risk-free rate)**
- **Alpha = actual return − expected return**

Example: the risk-free rate is 2%, the benchmark returned 10%, and your beta is 1.5. Your expected return is 2% + 1.5 × (10% − 2%) = 2% + 12% = 14%. If you actually earned 15%, your alpha is **+1%**. If you earned 12%, it is **−2%**, even though you beat the benchmark's 10%. Tickerlab calculates its figures from your series of returns over the range you choose, so they won't match a quick calculation like this exactly, but the idea is the same. Over short periods alpha is noisy, and a positive number can easily come from luck.

## The Sharpe ratio: return per unit of risk

The **Sharpe ratio** asks how much return you earned above the risk-free rate for each unit of volatility you accepted:

**Sharpe ratio = (portfolio return − risk-free rate) ÷ volatility**

Here is a worked example with a risk-free rate of 2%.

| | Portfolio A | Portfolio B |
|---|---|---|
| Return | 12% | 9% |
| Return above the risk-free rate | 12% − 2% = 10% | 9% − 2% = 7% |
| Volatility | 20% | 10% |
| Sharpe ratio | 10 ÷ 20 = 0.50 | 7 ÷ 10 = 0.70 |

Portfolio A earned more, but Portfolio B earned more **for the risk it took**. In a contest ranked by total return, A finishes ahead; in a contest ranked by Sharpe, B does. A higher Sharpe ratio is generally better. If your return is below the risk-free rate, the ratio is negative. In practice the Sharpe ratio is calculated from a series of shorter-period returns (such as daily ones) and is often scaled up to a yearly figure; the round yearly numbers here just show the idea.

## When the Sharpe ratio can't be calculated

Volatility is measured from how a **series** of returns spreads out, and that needs at least two returns. With **fewer than two returns**, for example if you joined a contest moments ago, there is no spread to measure, so the Sharpe ratio is **undefined**. The same happens with **no variance**: if every return is exactly the same, for instance because you held only cash and your equity never moved, volatility is zero, and dividing by zero has no answer.

On a Tickerlab leaderboard ranked by Sharpe, an undefined Sharpe ratio ranks **after every defined one**, and those undefined entries are then ordered by return. Sitting entirely in cash will not win a Sharpe contest.

## Max drawdown

**Max drawdown** is the largest fall in equity from a peak to a later low, as a percentage of that peak. Suppose your equity goes 100,000 → 120,000 → 90,000 → 130,000 → 117,000. The fall from 120,000 to 90,000 is 30,000 ÷ 120,000 = 25%; the fall from 130,000 to 117,000 is 13,000 ÷ 130,000 = 10%. The max drawdown is **25%**. Two portfolios with the same return can have very different worst moments, and max drawdown shows the worst one directly.

## Key points

- Judge returns against a **benchmark**, not in isolation.
- **Beta** shows how much you tend to move with the benchmark; **alpha** is the return your beta doesn't explain.
- **Sharpe ratio** = (return − risk-free rate) ÷ volatility: return per unit of risk.
- Sharpe is **undefined** with fewer than two returns or no variance; on Tickerlab it then ranks after every defined Sharpe.
- **Max drawdown** is the largest peak-to-low fall, as a percentage of the peak.
`,
      questions: [
        {
          prompt:
            "A portfolio returned 11% over a year with volatility of 12%. The risk-free rate was 2%. What is its Sharpe ratio?",
          options: [
            {
              text: "0.75",
              correct: true,
              explanation:
                "The return above the risk-free rate is 11% − 2% = 9%, and 9 ÷ 12 = 0.75.",
            },
            {
              text: "About 0.92",
              correct: false,
              explanation:
                "This is 11 ÷ 12, which forgets to subtract the risk-free rate first.",
            },
            {
              text: "About 1.08",
              correct: false,
              explanation:
                "This adds the risk-free rate (13 ÷ 12) instead of subtracting it.",
            },
            {
              text: "9",
              correct: false,
              explanation:
                "9% is the return above the risk-free rate. The Sharpe ratio then divides it by the volatility of 12%.",
            },
          ],
        },
        {
          prompt: "In which situations is a Sharpe ratio undefined? Select all that apply.",
          options: [
            {
              text: "There is only one return so far.",
              correct: true,
              explanation:
                "Volatility needs at least two returns to measure a spread, so with fewer than two the ratio can't be calculated.",
            },
            {
              text: "Every return is exactly the same, so volatility is zero.",
              correct: true,
              explanation:
                "With no variance the ratio would divide by zero, which has no answer.",
            },
            {
              text: "The portfolio's return is below the risk-free rate.",
              correct: false,
              explanation:
                "The ratio is then negative, but it is still defined as long as there are enough returns and they vary.",
            },
            {
              text: "The portfolio lost money overall.",
              correct: false,
              explanation:
                "A loss gives a low or negative Sharpe ratio, but it can still be calculated.",
            },
          ],
        },
        {
          prompt: "Which statements about beta and alpha are correct? Select all that apply.",
          options: [
            {
              text: "A portfolio with a beta of 1.5 tends to move about one and a half times as much as the benchmark.",
              correct: true,
              explanation:
                "That is what a beta of 1.5 means: if the benchmark falls 4%, you would expect roughly −6%.",
            },
            {
              text: "Beating the benchmark in a rising market only because of a high beta is not necessarily alpha.",
              correct: true,
              explanation:
                "A high-beta portfolio is expected to beat a rising benchmark. Alpha is only the part of the return left after allowing for beta.",
            },
            {
              text: "A positive alpha over a two-week contest proves the investor is skilled.",
              correct: false,
              explanation:
                "Over short periods alpha is noisy, and a positive number can easily come from luck.",
            },
            {
              text: "A beta near 0 means the portfolio's value never changes.",
              correct: false,
              explanation:
                "A beta near 0 means its moves have little relationship with the benchmark. It could still move for other reasons.",
            },
          ],
        },
        {
          prompt:
            "Your equity goes 50,000 → 60,000 → 45,000 → 70,000 → 63,000. What is the max drawdown?",
          options: [
            {
              text: "25%",
              correct: true,
              explanation:
                "The largest peak-to-low fall is from 60,000 to 45,000: 15,000 ÷ 60,000 = 25%.",
            },
            {
              text: "10%",
              correct: false,
              explanation:
                "The fall from 70,000 to 63,000 is 10%, but it is smaller than the earlier 25% fall. Max drawdown is the largest one.",
            },
            {
              text: "30%",
              correct: false,
              explanation:
                "This divides the 15,000 fall by the starting 50,000. Drawdown is measured against the peak, 60,000.",
            },
            {
              text: "About 35.7%",
              correct: false,
              explanation:
                "This compares the 70,000 peak with the 45,000 low, but that low came before the peak. A drawdown is a fall from a peak to a later low.",
            },
          ],
        },
        {
          prompt:
            "The risk-free rate is 2%, the benchmark returned 10% and your beta is 0.5. You earned 8%. What is your alpha?",
          options: [
            {
              text: "+2%",
              correct: true,
              explanation: "Correct. Expected return = 2% + 0.5 × (10% − 2%) = 6%, and 8% − 6% = +2%.",
            },
            {
              text: "−2%",
              correct: false,
              explanation:
                "That compares you with the benchmark's 10%, ignoring that a beta of 0.5 takes less market risk.",
            },
            {
              text: "+3%",
              correct: false,
              explanation: "That leaves out the risk-free rate: 0.5 × 10% = 5% is not the expected return.",
            },
            {
              text: "+8%",
              correct: false,
              explanation: "Alpha is what is left after the return your beta explains, not the whole return.",
            },
          ],
        },
        {
          prompt:
            "Portfolio C returned 8% with volatility of 4%. Portfolio D returned 14% with volatility of 24%. The risk-free rate is 2%. Which has the higher Sharpe ratio?",
          options: [
            {
              text: "C: 1.5 against D's 0.5",
              correct: true,
              explanation: "Right. C: (8 − 2) ÷ 4 = 1.5. D: (14 − 2) ÷ 24 = 0.5.",
            },
            {
              text: "D, because it earned more",
              correct: false,
              explanation: "Sharpe is return per unit of risk, and D took six times the volatility.",
            },
            {
              text: "C: 2.0 against D's 0.58",
              correct: false,
              explanation:
                "Close, but subtract the risk-free rate first: (8 − 2) ÷ 4 = 1.5 and (14 − 2) ÷ 24 = 0.5.",
            },
            {
              text: "They are equal",
              correct: false,
              explanation: "Work both out: 1.5 for C and 0.5 for D.",
            },
          ],
        },
        {
          prompt:
            "On a Tickerlab leaderboard ranked by Sharpe ratio, where does an entry with an undefined Sharpe ratio rank?",
          options: [
            {
              text: "After every defined Sharpe ratio, ordered among themselves by return",
              correct: true,
              explanation: "Correct. Sitting in cash will not win a Sharpe contest.",
            },
            {
              text: "First, because it has no risk at all",
              correct: false,
              explanation: "An undefined ratio cannot beat a defined one; it ranks after all of them.",
            },
            {
              text: "As if its Sharpe ratio were zero",
              correct: false,
              explanation: "Undefined is not zero: those entries rank after every defined one.",
            },
            {
              text: "It is left off the leaderboard",
              correct: false,
              explanation: "It stays on the board, after the entries with a defined Sharpe ratio.",
            },
          ],
        },
        {
          prompt: "Your portfolio has a beta of 1.5. The benchmark falls 4%. What would you roughly expect?",
          options: [
            {
              text: "About −6%",
              correct: true,
              explanation:
                "Right. A beta of 1.5 tends to move one and a half times as much: 1.5 × −4% = −6%.",
            },
            {
              text: "About −4%",
              correct: false,
              explanation: "That would be a beta of 1.",
            },
            {
              text: "About −2.7%",
              correct: false,
              explanation: "That divides by the beta instead of multiplying.",
            },
            {
              text: "About +6%",
              correct: false,
              explanation: "A positive beta moves in the same direction as the benchmark.",
            },
          ],
        },
      ],
    },

    // ---------------------------------------------------------------------------------------
    {
      slug: "investor-behaviour",
      title: "Investor behaviour",
      body: `## Your biggest risk may be you

You now know how to measure risk, spread your money and judge results. Yet many investors who know all of this still lose money through their own habits. Human brains evolved to react quickly to danger and to spot patterns, which is useful in daily life and often harmful in markets. The good news is that these mistakes are predictable, so you can plan around them. Tickerlab is a safe place to notice them in yourself, because the money is virtual.

## Chasing recent winners

It is tempting to buy whatever went up most recently. Say Orchard Robotics (ORCH), a made-up company that is not in Tickerlab's market, has risen 30% this week and tops the list of movers. By the time you notice, the move has already happened, and you are buying at a higher price than everyone who came before you. Recent winners are not reliably the next winners, and a stock that rose fast can fall fast. Tickerlab's prices include a lot of random movement, so a short hot streak on its own is weak evidence about what comes next.

## Panic selling

The mirror image is selling in a hurry after a sharp fall. Panic selling locks in the loss and often happens near the bottom, so you miss any recovery. There is a real difference between selling because **your reason for owning the company has changed** and selling because **the price dropped and it felt awful**. Decide in advance what would make you sell, while you are calm.

## Overtrading and how fees add up

Every trade costs something. Your practice portfolio charges no commission by default, but contests can charge a flat amount plus **basis points** of each fill's value (one basis point is 0.01%, so 10 basis points is 0.10%). Market orders also fill with **slippage**, by default 5 basis points against you.

Suppose a contest charges 1.00 per fill plus 10 basis points. Buying 5,000.00 of Larkspur Energy (LKSP) costs 1.00 + 5.00 = **6.00** in commission, and selling 5,000.00 later costs another 6.00, so one round trip costs **12.00** before slippage. Do that 50 times and you have paid **600.00**, or 0.6% of a 100,000.00 starting balance, just to trade. That is a return you must earn before you make anything at all. Trading often also means more decisions, and each one is a chance to be wrong.

## Loss aversion

**Loss aversion** means a loss feels more painful than an equal gain feels good; research often puts the effect at roughly twice as strong. It pushes people to hold on to losers, hoping to get back to even, and to sell winners too early to lock in the good feeling. Both habits tend to leave you with a portfolio of your worst ideas.

## Anchoring

**Anchoring** is fixing on a number that no longer matters, usually the price you paid or a recent high. "LKSP was 80.00 last month and it's 60.00 now, so it must be cheap" is anchoring: the market neither knows nor cares what the price used to be or what you paid. A better question is: **would I buy this today, at this price, given what I know now?**

## Overconfidence after a lucky streak

A few winning trades in a row feel like proof of skill. The usual next step is bigger positions, more trades and more concentration, right when the luck may run out. A short streak is a tiny sample. Picture 64 people each flipping a coin six times: the chance of six heads in a row is 1 in 64, so on average one of them will do it, and that person may well feel gifted.

## Why a leaderboard rewards luck in the short run

Contest leaderboards are fun and motivating, but read them with care. Over a few days, random price moves swamp skill. With many participants, someone is bound to get an extreme result by chance, just like the coin flippers. When ranking is by total return, the surest way to have a chance at first place is an all-in bet on one volatile stock, so the winner is often the boldest risk-taker who happened to be lucky, not the most careful investor. Ranking by Sharpe ratio reduces this by penalising volatility, but short periods are still noisy. Treat your rank as feedback, not a verdict, and judge yourself on your process and on results over several contests.

## A simple personal checklist

Before each trade, ask yourself:

1. Why am I buying or selling? Can I say it in one sentence?
2. Am I just reacting to a price move in the last hour or day?
3. How big will this position be as a share of my equity, and how does it change my sector allocation?
4. What would make me sell, both if it goes well and if it goes badly?
5. What will this trade cost in commission and slippage?
6. Would I make this trade if I hadn't looked at the leaderboard today?

After trading, write down what you did and why, and review your notes once a week.

## Key points

- **Chasing winners** and **panic selling** both mean reacting to recent prices instead of reasons.
- **Overtrading** piles up commission and slippage: small fees per fill become large totals.
- **Loss aversion** and **anchoring** keep people in losing positions for the wrong reasons.
- A **lucky streak** is a tiny sample; don't scale up your risk because of it.
- Short contests reward **luck**; judge your process over time.
- Use a short **checklist** before every trade.
`,
      questions: [
        {
          prompt:
            "A contest charges commission of 2.00 per fill plus 10 basis points (0.10%) of the fill's value. You buy 4,000.00 of Mapleton Foods (MPLF) and later sell it for 4,000.00. What is the total commission for the round trip?",
          options: [
            {
              text: "12.00",
              correct: true,
              explanation:
                "Each fill costs 2.00 + 0.10% × 4,000.00 = 2.00 + 4.00 = 6.00, and a round trip has two fills, so 12.00.",
            },
            {
              text: "6.00",
              correct: false,
              explanation:
                "That is the commission for one fill. Buying and then selling are two fills, so you pay it twice.",
            },
            {
              text: "4.00",
              correct: false,
              explanation:
                "This counts only the flat 2.00 on each of the two fills and leaves out the 10 basis points.",
            },
            {
              text: "8.00",
              correct: false,
              explanation:
                "This counts only the basis-point part (4.00 per fill) and leaves out the flat 2.00 per fill.",
            },
          ],
        },
        {
          prompt:
            "Which of these are examples of the behavioural mistakes described in this lesson? Select all that apply.",
          options: [
            {
              text: "Buying a stock mainly because it was the top gainer this week",
              correct: true,
              explanation:
                "This is chasing recent winners: the move has already happened, and recent winners are not reliably the next ones.",
            },
            {
              text: "Selling everything after a sharp one-day drop, although nothing about your reasons has changed",
              correct: true,
              explanation:
                "This is panic selling: it locks in the loss, often near the bottom.",
            },
            {
              text: "Refusing to sell a losing position until it gets back to what you paid",
              correct: true,
              explanation:
                "This is loss aversion combined with anchoring on your purchase price, which the market doesn't care about.",
            },
            {
              text: "Doubling your position sizes after three winning trades in a row",
              correct: true,
              explanation:
                "This is overconfidence after a lucky streak: three trades is a tiny sample, and bigger bets raise your risk.",
            },
            {
              text: "Writing down, before buying, why you own a stock and what would make you sell it",
              correct: false,
              explanation:
                "This is part of the personal checklist, a habit that helps you avoid the mistakes rather than one of them.",
            },
          ],
        },
        {
          prompt:
            "You bought Larkspur Energy (LKSP) at 80.00 and it now trades at 60.00. Which question best avoids anchoring?",
          options: [
            {
              text: "Would I buy this today, at 60.00, given what I know now?",
              correct: true,
              explanation:
                "This judges the stock on its prospects from today's price and ignores the old number that no longer matters.",
            },
            {
              text: "How long will it take to get back to 80.00?",
              correct: false,
              explanation:
                "This anchors on your purchase price. The market doesn't know or care what you paid.",
            },
            {
              text: "It was 80.00 last month, so isn't it cheap now?",
              correct: false,
              explanation:
                "A lower price than before doesn't make a stock cheap. This is the lesson's own example of anchoring.",
            },
            {
              text: "How can I avoid realising this loss?",
              correct: false,
              explanation:
                "This is loss aversion at work: it puts avoiding the pain of a loss ahead of judging the investment.",
            },
          ],
        },
        {
          prompt:
            "Why does a short contest ranked by total return often reward luck more than skill?",
          options: [
            {
              text: "Over a few days random price moves swamp skill, and with many participants someone is bound to get an extreme result by chance.",
              correct: true,
              explanation:
                "Short periods are noisy, and like the 64 coin flippers, a large field almost guarantees a lucky outlier near the top.",
            },
            {
              text: "Because the leaderboard ranks people by how many trades they make",
              correct: false,
              explanation:
                "A total-return leaderboard ranks by return, not by the number of trades. Frequent trading mostly adds costs.",
            },
            {
              text: "Because skill has no effect at all on investing results",
              correct: false,
              explanation:
                "The lesson says skill is hard to see over short periods, not that it never matters; that is why you should judge results over several contests.",
            },
            {
              text: "Because careful, diversified portfolios are not allowed in contests",
              correct: false,
              explanation:
                "They are allowed. The issue is that an all-in bet on one volatile stock has a better chance of an extreme result, which is what first place needs.",
            },
          ],
        },
        {
          prompt: "What is loss aversion?",
          options: [
            {
              text: "Feeling a loss more strongly than an equal gain",
              correct: true,
              explanation: "Correct. Research often puts the effect at roughly twice as strong.",
            },
            {
              text: "Refusing to buy anything that could ever lose money",
              correct: false,
              explanation: "That is avoiding risk altogether; loss aversion is about how losses feel.",
            },
            {
              text: "A rule that sells a stock after a fixed loss",
              correct: false,
              explanation: "That describes a stop order, a tool, not a bias.",
            },
            {
              text: "Selling losing positions quickly",
              correct: false,
              explanation:
                "Loss aversion tends to do the opposite: people hold on to losers hoping to get back to even.",
            },
          ],
        },
        {
          prompt:
            "A contest charges 1.00 per fill plus 10 basis points. You make 20 round trips, each buying 2,000.00 and selling 2,000.00. What is your total commission?",
          options: [
            {
              text: "120.00",
              correct: true,
              explanation:
                "Right. Each fill costs 1.00 + 2.00 = 3.00, a round trip 6.00, and 20 round trips 120.00.",
            },
            {
              text: "60.00",
              correct: false,
              explanation: "That counts only the buys. You pay commission on every fill, buys and sells.",
            },
            {
              text: "40.00",
              correct: false,
              explanation: "That is the flat part only. Add 10 basis points of each 2,000.00 fill.",
            },
            {
              text: "80.00",
              correct: false,
              explanation: "That is the basis points only. Add the 1.00 flat fee per fill.",
            },
          ],
        },
        {
          prompt: "You have just had five winning trades in a row. What does the lesson suggest?",
          options: [
            {
              text: "Treat it as a tiny sample and keep your position sizes",
              correct: true,
              explanation:
                "Correct. A short streak is weak evidence of skill; scaling up risk now is the classic mistake.",
            },
            {
              text: "Double your position sizes while the streak lasts",
              correct: false,
              explanation: "Bigger bets right after a lucky run are exactly what overconfidence leads to.",
            },
            {
              text: "Put everything into the stock that won most",
              correct: false,
              explanation: "That adds concentration on top of overconfidence.",
            },
            {
              text: "Stop diversifying, since your picks are working",
              correct: false,
              explanation: "Five trades say little about skill; keep spreading your risk.",
            },
          ],
        },
        {
          prompt: "Which of these are habits the lesson recommends? Select all that apply.",
          options: [
            {
              text: "Deciding in advance what would make you sell",
              correct: true,
              explanation: "Yes. Decide while calm, not in a panic after a fall.",
            },
            {
              text: "Writing down each trade and why, and reviewing the notes weekly",
              correct: true,
              explanation: "Right. A trade journal lets you judge your process over time.",
            },
            {
              text: "Buying whatever tops today's list of movers",
              correct: false,
              explanation: "That is chasing recent winners: the move has already happened.",
            },
            {
              text: "Copying the leaderboard's leader before each trade",
              correct: false,
              explanation: "Short contests reward luck; the leader may just be the boldest risk-taker.",
            },
          ],
        },
      ],
    },
  ],
};
