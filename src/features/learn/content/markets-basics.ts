import type { SeedCourse } from "./types";

/**
 * Course 1: the building blocks of a stock market — shares, exchanges, indexes and ETFs,
 * and price charts — tied to what the learner sees in Tickerlab's simulated market.
 * All companies named here are fictional.
 */
export const marketsBasics: SeedCourse = {
  slug: "markets-basics",
  title: "Markets from the ground up",
  summary:
    "Learn what a share really is, how buyers and sellers meet on an exchange, what indexes and ETFs measure, and how to read a price chart without fooling yourself.",
  lessons: [
    // ---------------------------------------------------------------------------------
    {
      slug: "what-is-a-share",
      title: "What a share is",
      body: `## Owning a slice of a business

A company is owned by its shareholders. When a business wants to raise money, or when its founders want to let outside investors in, it can split its ownership into many equal pieces called **shares** (also called stock). If you own one share, you own one of those pieces: a small but real slice of the business.

Imagine a made-up company, **Orchard Robotics (ORCH)**, that has issued 50 million shares (it is not one of Tickerlab's instruments). If you buy 100 of them, you own 100 out of 50 million, or 0.0002% of the company. That sounds tiny, and it is, but it is genuine ownership. Everyone who holds ORCH shares shares in its fortunes in proportion to how many they hold.

A share is different from a loan. If you lend a company money by buying a **bond**, the company promises to pay you interest and return your money on a set date. A shareholder gets no such promise. Owners take on more uncertainty than lenders, and in exchange they get whatever is left over when the business does well.

## What a share entitles you to

Owning a share usually brings three things:

- **A claim on profits.** The profits of the business belong to its owners. The company can pay some of them out or keep them to grow, but either way they are the shareholders' money.
- **Dividends, if the company pays them.** A **dividend** is a cash payment from profits to each shareholder, for example 0.50 per share every quarter. The board of directors decides whether to pay one and how much. Dividends are never guaranteed: a company can raise, cut or stop them, and many growing companies pay none because they reinvest everything. On Tickerlab, each instrument's page lists its past and coming dividends, and your portfolio's history shows every dividend you receive (or, if you are short, pay) as its own line.
- **A vote.** Ordinary shares usually carry voting rights at the annual meeting, where owners elect the board and approve major decisions. One share normally means one vote, so a small investor's voice is small, but it exists.

If a company fails, shareholders are last in line. Lenders and suppliers are paid first, and the owners get only what remains, which is often nothing. That is the other side of owning the upside.

## Why share prices move

Once shares exist, investors buy and sell them among themselves on a stock market. The price is simply the level at which the latest buyer and seller agreed to trade. It moves whenever the balance between people wanting to buy and people wanting to sell changes, and that balance changes with **expectations about the future**.

Things that shift those expectations include:

- **Company news**: results that beat or miss forecasts, a new product, a lawsuit, a change of leadership.
- **Industry or sector news**: a change that affects all food producers or all energy firms at once.
- **The whole market's mood**: interest rates, the economy, or a general wave of optimism or fear that lifts or drags almost every stock together.

Prices also wobble for no clear reason at all, because millions of people with different views and needs trade every day.

Tickerlab's practice market copies these forces with a **simulator**. Each fictional company has its own typical drift and volatility, a shared market factor makes stocks tend to move together, sector factors move similar companies together, and occasional jumps play the role of surprising news. The companies are fictional, so there are no real profits or votes behind them, but they behave like real ones where it matters to you: mature companies pay a **dividend** every quarter (the price drops by it on the ex-date, and whoever holds the shares is paid), and a company whose price has grown high may **split** its shares. Your practice results come from price changes and dividends, less any fees. [How this market works](/portfolio/market/how-it-works) explains every part of the simulator and measures how realistic it is.

## Market capitalisation

A share price on its own tells you very little about how big a company is. For that you need **market capitalisation** (market cap): the total value the market puts on all of a company's shares.

**Market cap = share price × number of shares outstanding**

Worked example: Orchard Robotics has 50 million shares, and each trades at 24.00.

- 24.00 × 50,000,000 = 1,200,000,000, so ORCH's market cap is **1.2 billion**.

Now take **Pebble Bay Foods (PBFD)**, whose shares trade at 96.00 but which has only 5 million shares.

- 96.00 × 5,000,000 = 480,000,000, a market cap of **480 million**.

PBFD's share price is four times higher, yet ORCH is the bigger company by market value, two and a half times bigger. A high share price does not mean a big or an expensive company; always look at the number of shares too.

## Key points

- A share is a small slice of ownership in a company, not a loan to it.
- Shareholders have a claim on profits, may receive dividends (never guaranteed) and usually get a vote.
- Prices move as expectations change: company news, sector news and the whole market all play a part.
- Market cap = share price × shares outstanding; compare companies by market cap, not by share price.
- Tickerlab's companies are fictional and their prices are simulated, so your practice returns come from price changes alone.`,
      questions: [
        {
          prompt: "What does owning one share of Orchard Robotics (ORCH) give you?",
          options: [
            {
              text: "A small slice of ownership in the company",
              correct: true,
              explanation:
                "Right. A share is one of many equal pieces of ownership, so you own part of the business.",
            },
            {
              text: "A loan to the company that it must repay with interest",
              correct: false,
              explanation:
                "That describes a bond. A shareholder is an owner and gets no promise of repayment or interest.",
            },
            {
              text: "A guaranteed dividend every year",
              correct: false,
              explanation:
                "Dividends are decided by the board and are never guaranteed; many companies pay none.",
            },
            {
              text: "The right to run the company's day-to-day operations",
              correct: false,
              explanation:
                "Shareholders usually vote on the board and major decisions, but managers run the daily business.",
            },
          ],
        },
        {
          prompt:
            "Pebble Bay Foods (PBFD) has 80 million shares outstanding and each trades at 15.00. What is its market capitalisation?",
          options: [
            {
              text: "1.2 billion",
              correct: true,
              explanation:
                "Correct: 15.00 × 80,000,000 = 1,200,000,000. Market cap is price times shares outstanding.",
            },
            {
              text: "95 million",
              correct: false,
              explanation:
                "This adds the price to the number of shares (in millions). Market cap multiplies them.",
            },
            {
              text: "80 million",
              correct: false,
              explanation:
                "That is just the number of shares. You need to multiply it by the price per share.",
            },
            {
              text: "15.00",
              correct: false,
              explanation:
                "That is the price of one share, which on its own says nothing about the size of the company.",
            },
          ],
        },
        {
          prompt: "Which of these can move a company's share price? Select all that apply.",
          options: [
            {
              text: "The company reports results far better than expected",
              correct: true,
              explanation:
                "Company news changes expectations about future profits, which changes what buyers will pay.",
            },
            {
              text: "News that affects every company in its sector",
              correct: true,
              explanation:
                "Sector news moves similar companies together, and Tickerlab's simulator includes sector factors for this reason.",
            },
            {
              text: "A general change in mood across the whole market",
              correct: true,
              explanation:
                "Market-wide forces like interest rates or broad optimism and fear lift or drag most stocks together.",
            },
            {
              text: "Nothing: the company sets its share price each morning",
              correct: false,
              explanation:
                "The price is where buyers and sellers agree to trade; the company does not set it.",
            },
          ],
        },
        {
          prompt: "Which statements about dividends are true? Select all that apply.",
          options: [
            {
              text: "They are cash payments to shareholders out of profits",
              correct: true,
              explanation: "Yes. A dividend shares some of the company's profits with its owners, usually per share.",
            },
            {
              text: "A company can cut or stop its dividend",
              correct: true,
              explanation:
                "Correct. The board decides each dividend, so it can raise, cut or stop it.",
            },
            {
              text: "A growing company may pay no dividend and reinvest its profits instead",
              correct: true,
              explanation:
                "Right. Many growing firms keep all profits to expand, and the profits still belong to the owners.",
            },
            {
              text: "Every listed company is required to pay one",
              correct: false,
              explanation: "No company is required to pay a dividend; it is the board's choice.",
            },
          ],
        },
        {
          prompt: "If a company fails and is wound up, who is paid last from whatever is left?",
          options: [
            {
              text: "Its shareholders",
              correct: true,
              explanation:
                "Right. Lenders and suppliers are paid first; owners get only what remains, which is often nothing.",
            },
            {
              text: "Its lenders, such as bondholders",
              correct: false,
              explanation:
                "Lenders are paid before the owners. That priority is part of why a bond is a safer claim than a share.",
            },
            {
              text: "Its suppliers",
              correct: false,
              explanation: "Suppliers who are owed money come before shareholders, who are last in line.",
            },
            {
              text: "Everyone is paid the same share at the same time",
              correct: false,
              explanation: "There is an order of priority, and shareholders stand at the end of it.",
            },
          ],
        },
        {
          prompt:
            "Juniper Lane Foods (JNPF) trades at 12.00 and has 200 million shares. Hollow Oak Energy (HOKE) trades at 150.00 and has 10 million shares. Which company is bigger by market value?",
          options: [
            {
              text: "JNPF: 2.4 billion against HOKE's 1.5 billion",
              correct: true,
              explanation:
                "Correct. 12.00 × 200,000,000 = 2.4 billion and 150.00 × 10,000,000 = 1.5 billion, so JNPF is bigger despite its lower share price.",
            },
            {
              text: "HOKE, because its share price is more than twelve times higher",
              correct: false,
              explanation:
                "A share price alone says nothing about size. Multiply it by the number of shares to get the market cap.",
            },
            {
              text: "They are the same size",
              correct: false,
              explanation: "Work out price × shares for each: 2.4 billion for JNPF and 1.5 billion for HOKE.",
            },
            {
              text: "You cannot tell without knowing their dividends",
              correct: false,
              explanation: "Market cap needs only the share price and the number of shares outstanding.",
            },
          ],
        },
        {
          prompt: "Which of these does an ordinary share usually give its owner? Select all that apply.",
          options: [
            {
              text: "A vote at the annual meeting",
              correct: true,
              explanation: "Yes. Ordinary shares usually carry voting rights, normally one vote per share.",
            },
            {
              text: "A claim on the company's profits",
              correct: true,
              explanation:
                "Right. Profits belong to the owners, whether the company pays them out or keeps them to grow.",
            },
            {
              text: "A fixed interest payment every year",
              correct: false,
              explanation:
                "Fixed interest is what a lender gets from a bond. Shareholders get no such promise.",
            },
            {
              text: "A promise that the company will buy the share back at the price you paid",
              correct: false,
              explanation:
                "Nobody promises to return a shareholder's money; the share is worth whatever the market will pay.",
            },
          ],
        },
        {
          prompt: "Where do your results in Tickerlab's practice market come from?",
          options: [
            {
              text: "Price changes and the dividends of the companies that pay them, less any fees",
              correct: true,
              explanation:
                "Correct. The simulator moves the prices, and mature companies pay a dividend every quarter to whoever holds their shares on the ex-date; fees pull your result down.",
            },
            {
              text: "Price changes alone: the fictional companies pay nothing",
              correct: false,
              explanation:
                "Mature companies in Tickerlab's market pay a quarterly dividend, and it counts as return. Young technology companies pay none.",
            },
            {
              text: "The profits each company reports",
              correct: false,
              explanation:
                "There are no real profits behind the simulated companies. Prices come from the market simulator.",
            },
            {
              text: "Votes you cast at the companies' annual meetings",
              correct: false,
              explanation: "Votes never earn money, and the fictional companies hold no meetings.",
            },
          ],
        },
      ],
    },

    // ---------------------------------------------------------------------------------
    {
      slug: "how-an-exchange-works",
      title: "How an exchange works",
      body: `## A marketplace for shares

An **exchange** is a marketplace where buyers and sellers of shares meet. The company is usually not involved when you buy its stock: you are buying from another investor who wants to sell, and when you sell later, someone else buys from you. The exchange's job is to bring those people together fairly and quickly, and to publish the prices at which trades happen.

## The order book

Every instruction to buy or sell is an **order**. Orders that cannot trade straight away wait in the **order book**, a live list kept for each stock. Buy orders sit on one side and sell orders on the other:

- The **bid** is the highest price any buyer is currently offering.
- The **ask** (or offer) is the lowest price any seller is currently willing to accept.
- The gap between them is the **spread**.

Say the book for **Orchard Robotics (ORCH)**, a made-up company that is not in Tickerlab's market, shows a best bid of 49.95 for 300 shares and a best ask of 50.05 for 200 shares. The spread is 0.10. No trade happens while buyers want to pay 49.95 and sellers want 50.05. Something has to give: a buyer agrees to pay the ask, or a seller agrees to take the bid.

## Matching orders

The exchange runs a **matching engine** that pairs compatible orders, usually by **price first, then time**: the best price goes first, and among equal prices the order that arrived earliest goes first.

- A **market order** says "trade now at the best price available". A market buy for 100 ORCH takes shares from the ask at 50.05. If the order is bigger than what waits at the best ask, it keeps filling at the next, higher asks.
- A **limit order** says "trade only at this price or better". A limit buy at 49.90 will not fill at 50.05; it joins the book and waits until a seller is willing to meet it.

Every matched trade prints a price, and the **last price** you see quoted for a stock is simply the most recent trade.

## Liquidity and market makers

A stock is **liquid** when lots of shares change hands, many orders wait close to the current price and the spread is narrow. In a liquid stock you can buy or sell a fair amount without moving the price much. In an **illiquid** stock the spread is wide and even a modest order can push the price, so trading is more expensive.

**Market makers** are firms that help keep markets liquid. They post both a bid and an ask all day, ready to buy from sellers and sell to buyers. They earn a small amount from the spread in return for taking the risk of holding shares in between. Thanks to them, there is usually someone on the other side of your order.

## Where Tickerlab is different

Tickerlab's practice market is a teaching tool, so it simplifies this picture. There is **no order book of other learners** that your order trades against, and your orders never move the price. Instead, a **market simulator** produces a new price for every instrument every couple of seconds, and your orders fill against that simulated price:

- A **market order** fills at once at the last price plus **slippage** of 5 basis points (0.05%) by default, always against you. It stands in for paying the spread. Buying ORCH at a last price of 50.00 costs 50.025, which rounds against you to **50.03** per share.
- A **limit order** fills when the price reaches your limit, at your limit or better.
- A **stop order** turns into a market order when the price touches your stop; a **stop-limit** order turns into a limit order instead.
- You buy and sell **whole shares only**, starting with **100,000.00** in practice cash.
- Commission is charged per fill as a flat amount plus basis points. It is zero in the practice portfolio by default, but contests can set their own.

Real exchanges open and close at set hours. Tickerlab's practice market **trades around the clock**, and its trading day runs from 00:00 to 24:00 UTC. A **day** order that has not filled expires at the end of that day; a **GTC** (good-till-cancelled) order stays open until it fills or you cancel it.

## Key points

- An exchange matches buyers and sellers; you usually trade with another investor, not the company.
- The bid is the best price buyers offer, the ask is the best price sellers accept, and the spread is the gap between them.
- Liquid stocks have narrow spreads and lots of trading; market makers help provide that liquidity.
- Market orders trade now at the best available price; limit orders wait for your price or better.
- In Tickerlab, orders fill against simulated prices, market orders pay a small slippage, and the practice day runs 00:00–24:00 UTC.`,
      questions: [
        {
          prompt:
            "ORCH's order book shows a best bid of 49.95 and a best ask of 50.05. What is the spread?",
          options: [
            {
              text: "0.10",
              correct: true,
              explanation: "Correct: the spread is the ask minus the bid, 50.05 − 49.95 = 0.10.",
            },
            {
              text: "50.00",
              correct: false,
              explanation: "That is the midpoint between bid and ask, not the gap between them.",
            },
            {
              text: "0.05",
              correct: false,
              explanation: "That is only half of the gap: the distance from the midpoint to either side.",
            },
            {
              text: "100.00",
              correct: false,
              explanation: "That adds the two prices together. The spread is the difference between them.",
            },
          ],
        },
        {
          prompt: "Which of these are signs that a stock is liquid? Select all that apply.",
          options: [
            {
              text: "A narrow spread between bid and ask",
              correct: true,
              explanation: "Yes. In liquid stocks buyers and sellers are close together, so the spread is small.",
            },
            {
              text: "Many shares change hands every day",
              correct: true,
              explanation: "Right. Heavy trading means there is usually someone on the other side of your order.",
            },
            {
              text: "Plenty of orders waiting close to the current price",
              correct: true,
              explanation:
                "Correct. A deep order book lets you trade a fair amount without moving the price much.",
            },
            {
              text: "A modest order pushes the price sharply",
              correct: false,
              explanation: "That is a sign of an illiquid stock, where few orders wait near the current price.",
            },
          ],
        },
        {
          prompt:
            "In Tickerlab's practice market, you place a market order to buy ORCH when its last price is 50.00 and slippage is the default 5 basis points. At what price does it fill?",
          options: [
            {
              text: "50.03",
              correct: true,
              explanation:
                "Correct: 50.00 plus 0.05% is 50.025, and rounding goes against you, to 50.03.",
            },
            {
              text: "50.00 exactly",
              correct: false,
              explanation: "Market orders in Tickerlab pay a small slippage, standing in for crossing the spread.",
            },
            {
              text: "49.97",
              correct: false,
              explanation: "Slippage always works against the trader, so a buyer pays slightly more, not less.",
            },
            {
              text: "It waits until the price drops back to 50.00",
              correct: false,
              explanation: "That is how a limit order behaves. A market order fills at once.",
            },
          ],
        },
        {
          prompt: "Which statements about Tickerlab's practice market are true? Select all that apply.",
          options: [
            {
              text: "It trades around the clock, with its day running 00:00–24:00 UTC",
              correct: true,
              explanation: "Right. Unlike real exchanges, the practice market never closes.",
            },
            {
              text: "A day order that has not filled expires at the end of the market's day",
              correct: true,
              explanation: "Correct. Only a GTC order stays open until it fills or you cancel it.",
            },
            {
              text: "Your orders do not move the simulated price",
              correct: true,
              explanation: "Yes. Prices come from the market simulator, and your orders fill against them.",
            },
            {
              text: "Your order is matched against other learners' orders in a shared order book",
              correct: false,
              explanation: "There is no order book of learners; orders fill against the simulated price.",
            },
            {
              text: "You can buy fractions of a share, such as 2.5 shares",
              correct: false,
              explanation: "Tickerlab trades whole shares only.",
            },
          ],
        },
        {
          prompt: "When you buy shares of a listed company on an exchange, who usually sells them to you?",
          options: [
            {
              text: "Another investor who wants to sell",
              correct: true,
              explanation:
                "Right. The company is usually not involved; the exchange brings buyers and sellers together.",
            },
            {
              text: "The company itself, from new shares it prints for you",
              correct: false,
              explanation: "Companies issue shares rarely. Day to day you trade with other investors.",
            },
            {
              text: "The exchange, from shares it keeps in stock",
              correct: false,
              explanation:
                "The exchange is the marketplace that matches orders; it does not sell you its own shares.",
            },
            {
              text: "Nobody: the exchange records that you own part of the market",
              correct: false,
              explanation:
                "Every trade has a buyer and a seller; you buy real shares from someone selling them.",
            },
          ],
        },
        {
          prompt:
            "On a real exchange, two buy limit orders for Orchard Robotics (ORCH) wait at 49.95: Ana's from 10:00 and Ben's from 10:05. At 10:10 Cleo bids 49.96. A seller now sells 100 shares to the best bid. Whose order fills?",
          options: [
            {
              text: "Cleo's, because 49.96 is the best price",
              correct: true,
              explanation:
                "Correct. Matching goes by price first; time only decides between orders at the same price.",
            },
            {
              text: "Ana's, because she was first",
              correct: false,
              explanation:
                "Time decides only among equal prices. Cleo's higher bid goes ahead of both older orders.",
            },
            {
              text: "Ben's",
              correct: false,
              explanation: "Ben's order is neither the best price nor the earliest at its price.",
            },
            {
              text: "All three share the 100 shares equally",
              correct: false,
              explanation: "Orders are filled in priority order, price first and then time, not shared out.",
            },
          ],
        },
        {
          prompt:
            "On a real exchange, you send a market buy for 500 ORCH. The best ask offers 200 shares at 50.05 and the next ask 300 shares at 50.10. What happens?",
          options: [
            {
              text: "200 shares fill at 50.05 and 300 at 50.10",
              correct: true,
              explanation:
                "Right. A market order bigger than the best ask keeps filling at the next, higher asks.",
            },
            {
              text: "All 500 shares fill at 50.05",
              correct: false,
              explanation: "Only 200 shares are offered at 50.05; the rest must come from the next ask up.",
            },
            {
              text: "200 shares fill and the other 300 are cancelled",
              correct: false,
              explanation: "A market order keeps filling at the next prices instead of stopping.",
            },
            {
              text: "Nothing fills until 500 shares are offered at 50.05",
              correct: false,
              explanation:
                "That would be a limit order. A market order trades now at the best prices available.",
            },
          ],
        },
        {
          prompt: "Which statements about market makers are true? Select all that apply.",
          options: [
            {
              text: "They post both a bid and an ask all day",
              correct: true,
              explanation: "Yes. Being ready to buy and to sell is what keeps a market liquid.",
            },
            {
              text: "They earn a small amount from the spread for the risk of holding shares",
              correct: true,
              explanation: "Correct. The spread is their pay for standing on the other side of trades.",
            },
            {
              text: "They promise that prices will not fall",
              correct: false,
              explanation: "Nobody can promise that. Market makers provide liquidity, not price guarantees.",
            },
            {
              text: "They are the companies whose shares are traded",
              correct: false,
              explanation:
                "Market makers are separate firms; the listed companies are usually not involved in trading.",
            },
          ],
        },
      ],
    },

    // ---------------------------------------------------------------------------------
    {
      slug: "indexes-and-etfs",
      title: "Indexes and ETFs",
      body: `## What an index measures

Following one stock is easy. Following a whole market of hundreds of stocks is not, so people use an **index**: a single number that tracks the combined value of a defined group of investments. When you hear that "the market rose 1% today", someone is quoting an index.

An index has rules: which companies are in it (for example the largest companies in a country, or all companies in one sector), how much weight each one gets, and when the list is updated. The level of the index on its own means little. What matters is how it **changes** over time, in percent.

## Price-weighted and cap-weighted

The weighting rule makes a big difference. Take three made-up companies (none of them is in Tickerlab's market):

| Company | Price | Shares | Market cap | Price weight | Cap weight |
|---|---|---|---|---|---|
| Orchard Robotics (ORCH) | 200 | 10 million | 2,000 million | 74% | 20% |
| Pebble Bay Foods (PBFD) | 20 | 300 million | 6,000 million | 7% | 60% |
| Hollow Oak Energy (HOKE) | 50 | 40 million | 2,000 million | 19% | 20% |

- A **price-weighted** index adds up the share prices (200 + 20 + 50 = 270) and divides by a fixed number. Companies with a high share price dominate, no matter how big they are. Here ORCH carries about 74% of the weight.
- A **cap-weighted** index weights each company by its market capitalisation. Bigger companies by value matter more. Here PBFD, the largest by market cap, carries 60%.

Now suppose ORCH rises 10%, from 200 to 220, and nothing else moves. The price-weighted index rises about 7.4% (from 270 to 290 in price terms), while the cap-weighted index rises only 2% (ORCH's 20% weight × 10%). Same market, very different headline. Most widely followed broad market indexes today are cap-weighted, because that reflects where the money actually sits. Some indexes give every company the same weight (**equal-weighted**), which gives smaller companies more say.

## Benchmarks

A **benchmark** is a yardstick you compare your results with. If your portfolio rose 6% in a year while a broad index rose 10%, you earned money but did worse than simply owning the market. If you lost 3% while the index lost 12%, you did comparatively well in a bad year. Without a benchmark, a return is hard to judge.

Tickerlab has a **benchmark index made from its own universe** of fictional companies and ETFs. On your portfolio page, your equity curve is drawn against it, so you can see at a glance whether your choices beat the market you were trading in. Portfolio analytics such as **beta** (how strongly you move with the benchmark) and **alpha** (return beyond what that movement would explain) are also measured against it.

## ETFs: a basket in one trade

An index itself is just a number; you cannot buy it directly. An **exchange-traded fund (ETF)** is the practical answer. An ETF is a fund that holds a **basket** of investments, often everything in a particular index, and its own shares trade on an exchange like any company's stock. Buy one share and you own a small piece of the whole basket.

Why people like them:

- **Instant diversification.** One purchase spreads your money across many companies, so one company's bad news hurts less.
- **Easy to trade.** ETF shares are bought and sold during the trading day at market prices, just like shares. (Traditional mutual funds, by contrast, usually trade once a day at a price set after the close.)
- **Transparency.** Most ETFs publish what they hold.

Tickerlab's universe includes fictional ETFs alongside the companies, and you trade them exactly as you trade stocks: same order types, whole shares only.

## What ETFs cost

Diversification is not free. Real-world costs include:

- **The expense ratio**, an annual fee taken from the fund's assets, for example 0.10% a year. You never see a bill; it quietly reduces the fund's value.
- **The spread** between bid and ask when you buy or sell.
- **Commission**, if your broker charges one.

In Tickerlab, the trading costs you meet are slippage on market orders and, in contests that set one, a commission of a flat amount plus basis points per fill. Small costs add up when you trade often.

## Key points

- An index tracks the combined performance of a defined group of investments; watch its percentage change.
- Price-weighted indexes favour high share prices; cap-weighted indexes favour large market caps.
- A benchmark tells you whether your return was good compared with simply owning the market.
- Tickerlab's benchmark index is built from its universe, and your equity curve, beta and alpha are measured against it.
- An ETF is a basket of investments that trades like a single share; it brings diversification but also costs.`,
      questions: [
        {
          prompt: "What does a stock market index measure?",
          options: [
            {
              text: "The combined performance of a defined group of investments",
              correct: true,
              explanation: "Right. An index condenses many stocks into one number that follows their combined value.",
            },
            {
              text: "The price of the single largest company in the market",
              correct: false,
              explanation: "An index covers a group of companies, not one.",
            },
            {
              text: "A return that investors are guaranteed to earn",
              correct: false,
              explanation: "An index only measures what happened; it guarantees nothing.",
            },
            {
              text: "How much cash is left in your portfolio",
              correct: false,
              explanation: "That is your cash balance. An index measures a market or a part of one.",
            },
          ],
        },
        {
          prompt:
            "In a cap-weighted index, which company has the most influence on the index's moves?",
          options: [
            {
              text: "The company with the largest market capitalisation",
              correct: true,
              explanation:
                "Correct. Cap weighting gives each company weight in proportion to its market value, like PBFD's 60% in the lesson's example.",
            },
            {
              text: "The company with the highest share price",
              correct: false,
              explanation:
                "That is how a price-weighted index works. In the example ORCH had the highest price but only 20% cap weight.",
            },
            {
              text: "Every company has exactly the same influence",
              correct: false,
              explanation: "That describes an equal-weighted index, not a cap-weighted one.",
            },
          ],
        },
        {
          prompt: "Which statements about ETFs are true? Select all that apply.",
          options: [
            {
              text: "An ETF holds a basket of investments, often an index's members",
              correct: true,
              explanation: "Yes. One ETF share gives you a small piece of the whole basket.",
            },
            {
              text: "ETF shares trade on an exchange during the day, like a company's shares",
              correct: true,
              explanation:
                "Correct. That is the \"exchange-traded\" part, and it sets ETFs apart from traditional mutual funds.",
            },
            {
              text: "Real-world ETFs charge an annual expense ratio",
              correct: true,
              explanation: "Right. The fee is taken from the fund's assets and quietly reduces its value.",
            },
            {
              text: "Because an ETF is diversified, it cannot lose money",
              correct: false,
              explanation:
                "Diversification softens the blow of one company's bad news, but a whole basket can still fall.",
            },
          ],
        },
        {
          prompt:
            "What is Tickerlab's benchmark index used for? Select all that apply.",
          options: [
            {
              text: "Drawing your equity curve against it on the portfolio page",
              correct: true,
              explanation: "Yes. It shows at a glance whether your choices beat the market you traded in.",
            },
            {
              text: "Measuring your portfolio's beta and alpha",
              correct: true,
              explanation: "Correct. Beta and alpha are measured against the benchmark.",
            },
            {
              text: "Tracking real-world stock prices",
              correct: false,
              explanation:
                "The benchmark is built from Tickerlab's own universe of fictional, simulated instruments.",
            },
            {
              text: "Guaranteeing a minimum return on your practice cash",
              correct: false,
              explanation: "A benchmark is a yardstick for comparison; it guarantees nothing.",
            },
          ],
        },
        {
          prompt:
            "A price-weighted index holds three stocks priced 100.00, 40.00 and 10.00. Which one moves the index most for the same percentage move?",
          options: [
            {
              text: "The stock priced 100.00",
              correct: true,
              explanation:
                "Right. A price-weighted index adds up share prices, so the highest price carries the most weight.",
            },
            {
              text: "The stock priced 10.00",
              correct: false,
              explanation: "In a price-weighted index the lowest-priced stock carries the least weight.",
            },
            {
              text: "The one with the largest market cap",
              correct: false,
              explanation:
                "That is the rule of a cap-weighted index. A price-weighted index looks only at share prices.",
            },
            {
              text: "They all move it equally",
              correct: false,
              explanation: "Equal weights belong to an equal-weighted index, not a price-weighted one.",
            },
          ],
        },
        {
          prompt: "Over a year your portfolio lost 3% while the benchmark index lost 12%. How did you do?",
          options: [
            {
              text: "You lost money but did better than the market",
              correct: true,
              explanation:
                "Correct. A benchmark shows what simply owning the market earned; you lost 9 percentage points less.",
            },
            {
              text: "You did worse than the market, because your return was negative",
              correct: false,
              explanation:
                "Judge against the benchmark: losing 3% when the market lost 12% is comparatively good.",
            },
            {
              text: "You matched the market",
              correct: false,
              explanation: "Your result and the benchmark's differ by 9 percentage points.",
            },
            {
              text: "A return cannot be compared with an index",
              correct: false,
              explanation: "Comparing with a benchmark is exactly how a return is judged.",
            },
          ],
        },
        {
          prompt:
            "An ETF has an expense ratio of 0.10% a year. You hold 20,000.00 of it for a whole year. About how much does the fee cost you?",
          options: [
            {
              text: "About 20.00",
              correct: true,
              explanation: "Right: 0.10% of 20,000.00 is 20.00, taken quietly from the fund's assets.",
            },
            {
              text: "About 2.00",
              correct: false,
              explanation: "That would be 0.01%. 0.10% of 20,000.00 is 20.00.",
            },
            {
              text: "About 200.00",
              correct: false,
              explanation: "That would be 1%. 0.10% of 20,000.00 is 20.00.",
            },
            {
              text: "Nothing, since you never receive a bill",
              correct: false,
              explanation: "You never see a bill, but the fee still reduces the fund's value.",
            },
          ],
        },
        {
          prompt:
            "In a cap-weighted index, a company with a 30% weight rises 5% and nothing else moves. How much does the index rise?",
          options: [
            {
              text: "1.5%",
              correct: true,
              explanation: "Correct: 30% weight × 5% = 1.5%.",
            },
            {
              text: "5%",
              correct: false,
              explanation: "The company is only 30% of the index, so the index moves less than the company.",
            },
            {
              text: "35%",
              correct: false,
              explanation: "Weights and returns multiply; they do not add.",
            },
            {
              text: "0.5%",
              correct: false,
              explanation: "Check the multiplication: 0.30 × 5% = 1.5%.",
            },
          ],
        },
      ],
    },

    // ---------------------------------------------------------------------------------
    {
      slug: "reading-a-price-chart",
      title: "Reading a price chart",
      body: `## Why charts matter

A price chart is a picture of where a price has been. It will not tell you where the price is going, but it answers useful questions quickly: Is this stock near its high or its low for the year? How much does it usually swing in a day? Did that big drop happen slowly or all at once? Every instrument page in Tickerlab has a chart, so it is worth learning to read one.

## Line charts

The simplest chart is a **line chart**. It plots one price per period, usually the **closing price**, and joins the dots. It is clean and great for seeing the overall shape of a price over months. What it hides is everything that happened inside each period: a stock could have swung wildly during a day and still finished where it started, and the line would show nothing.

## Candlestick charts

A **candlestick chart** shows four prices for every period, known as **OHLC**:

- **Open**: the first price of the period.
- **High**: the highest price reached.
- **Low**: the lowest price reached.
- **Close**: the last price of the period.

Each candle has a thick **body** between the open and the close, and thin **wicks** (or shadows) reaching up to the high and down to the low. If the close is above the open, the period was up and the candle is usually drawn green or hollow. If the close is below the open, the period was down and the candle is usually red or filled.

In Tickerlab's practice market, which trades around the clock, a daily candle's open is the first price after 00:00 UTC and its close is the last price before 24:00 UTC.

## A worked example

Here are three daily candles for **Pebble Bay Foods (PBFD)**, a made-up company that is not in Tickerlab's market:

| Day | Open | High | Low | Close | Volume | Candle |
|---|---|---|---|---|---|---|
| 1 | 40.00 | 41.50 | 39.60 | 41.20 | 120,000 | Up |
| 2 | 41.20 | 42.00 | 40.10 | 40.40 | 180,000 | Down |
| 3 | 40.40 | 40.90 | 38.70 | 40.70 | 260,000 | Up |

Reading it:

- **Day 1** closed 1.20 above its open, a solid up day. The short wicks show the price stayed fairly close to its open and close.
- **Day 2** opened at 41.20, touched 42.00, then slid to close at 40.40, a down day with a body of 0.80. Buyers pushed up early, but sellers won by the close.
- **Day 3** dropped as low as 38.70, then recovered to close at 40.70, above its open. The long lower wick (from 40.40 down to 38.70) records a sharp dip that a line chart of closes would never show.

## Volume

Many charts add **volume** bars underneath: how many shares traded in each period. Volume shows how much activity stood behind a move. In the example, volume rose each day, and day 3's recovery came on the busiest trading. A big move on heavy volume involved many participants; a move on thin volume involved few. Volume describes the past, though, just like price.

## Time frames

The same stock looks very different depending on the **time frame**, the length of time each candle covers. Tickerlab keeps five years of **daily** candles and a day of **minute** candles, so you can zoom out and in. Daily candles over years show the big picture. Minute candles show every small wiggle within a day, which is fascinating but mostly noise for someone investing for longer than an afternoon.

## Trend versus noise

A **trend** is a persistent drift in one direction over many periods, such as a stock that has climbed steadily for months. **Noise** is the random up-and-down around that drift. Short time frames are dominated by noise; longer ones make any trend easier to see. Tickerlab's simulator is built exactly this way: each instrument has a small built-in drift plus random volatility on top, so most of what you see from minute to minute is noise.

## Why past patterns don't predict

It is tempting to spot a shape in a chart and assume it will repeat. Be careful:

- Prices react to **new information** that nobody knows yet, so the past cannot contain it.
- Random data produces convincing-looking **patterns by pure chance**. Our brains are very good at seeing shapes that mean nothing.
- A pattern that "worked" a few times may simply have been luck.

In Tickerlab this is literally true. The simulator draws its moves from a secret random seed, precisely so that nobody, including you, can work out tomorrow's prices from today's chart. Use charts to understand where a price has been and how bumpy the ride is, not as a crystal ball.

## Key points

- Line charts show one price (usually the close) per period; candlesticks show open, high, low and close.
- A candle's body runs from open to close; wicks reach the high and the low; the colour shows up or down.
- Volume shows how many shares traded, and how much activity was behind a move.
- Longer time frames reveal trends; shorter ones are mostly noise.
- Past patterns do not predict future prices, and Tickerlab's simulator is random by design.`,
      questions: [
        {
          prompt:
            "In the lesson's table, what happened to Pebble Bay Foods (PBFD) on day 2?",
          options: [
            {
              text: "It opened at 41.20 and closed lower, at 40.40: a down day",
              correct: true,
              explanation: "Correct. The close was below the open, so day 2's candle is a down candle.",
            },
            {
              text: "It opened at 40.40 and closed higher, at 41.20: an up day",
              correct: false,
              explanation: "This swaps the open and the close. The price started at 41.20 and finished at 40.40.",
            },
            {
              text: "It closed at its high of the day, 42.00",
              correct: false,
              explanation: "42.00 was the high, reached during the day, but the price slid back to close at 40.40.",
            },
            {
              text: "The price never went above 41.20",
              correct: false,
              explanation: "The high was 42.00, shown by the upper wick above the body.",
            },
          ],
        },
        {
          prompt: "What can you read from a single daily candle? Select all that apply.",
          options: [
            {
              text: "The opening and closing prices of that day",
              correct: true,
              explanation: "Yes. The body runs from the open to the close.",
            },
            {
              text: "The highest and lowest prices of that day",
              correct: true,
              explanation: "Correct. The wicks reach up to the high and down to the low.",
            },
            {
              text: "Whether the day closed up or down",
              correct: true,
              explanation: "Right. The colour or fill shows whether the close was above or below the open.",
            },
            {
              text: "What the price will do the next day",
              correct: false,
              explanation: "A candle records the past only; it cannot tell you tomorrow's price.",
            },
          ],
        },
        {
          prompt:
            "You want to see whether a stock has been trending over the past year. Which view helps most?",
          options: [
            {
              text: "Daily candles covering the whole year",
              correct: true,
              explanation: "Right. Longer time frames smooth out noise and make a trend easier to see.",
            },
            {
              text: "Minute candles covering the last hour",
              correct: false,
              explanation: "An hour of minute candles is mostly noise and says little about a year-long trend.",
            },
            {
              text: "Today's single candle",
              correct: false,
              explanation: "One candle shows one period. A trend only shows up across many periods.",
            },
          ],
        },
        {
          prompt:
            "Why shouldn't you expect a chart pattern to predict the next move? Select all that apply.",
          options: [
            {
              text: "Prices react to new information that the past cannot contain",
              correct: true,
              explanation: "Correct. Tomorrow's news is, by definition, not in today's chart.",
            },
            {
              text: "Random price data produces convincing patterns by pure chance",
              correct: true,
              explanation: "Yes. People readily see shapes in noise that mean nothing.",
            },
            {
              text: "Tickerlab's simulator draws its moves from a secret random seed",
              correct: true,
              explanation:
                "Right. It is designed so that nobody can work out tomorrow's prices from today's chart.",
            },
            {
              text: "A pattern that worked three times in a row is sure to work again",
              correct: false,
              explanation: "A few successes can simply be luck; they guarantee nothing about the next time.",
            },
          ],
        },
        {
          prompt:
            "A daily candle for Pebble Bay Foods (PBFD) has open 20.00, high 21.00, low 18.50 and close 19.20. Which statements are true? Select all that apply.",
          options: [
            {
              text: "It is a down candle with a body of 0.80",
              correct: true,
              explanation: "Yes. The close is below the open, and the body runs from 20.00 down to 19.20.",
            },
            {
              text: "Its lower wick runs from 19.20 down to 18.50",
              correct: true,
              explanation: "Right. The wick below the body reaches the day's low.",
            },
            {
              text: "The day's range from low to high was 0.80",
              correct: false,
              explanation: "The range is high minus low: 21.00 − 18.50 = 2.50. 0.80 is the body.",
            },
            {
              text: "It is an up candle, because the high is above the open",
              correct: false,
              explanation: "Up or down depends on the close against the open, not on the high.",
            },
          ],
        },
        {
          prompt: "What does a line chart of closing prices hide?",
          options: [
            {
              text: "How far the price swung within each period",
              correct: true,
              explanation:
                "Correct. A day could swing wildly and still close where it opened, and the line would show nothing.",
            },
            {
              text: "The overall shape of the price over months",
              correct: false,
              explanation: "That is exactly what a line chart shows well.",
            },
            {
              text: "The closing prices",
              correct: false,
              explanation: "The line is drawn through the closing prices.",
            },
            {
              text: "Whether prices rose or fell over the year",
              correct: false,
              explanation: "The line shows the general direction clearly.",
            },
          ],
        },
        {
          prompt:
            "A stock rises 6% in one day on five times its usual volume. What does the volume tell you?",
          options: [
            {
              text: "That many participants were behind the move",
              correct: true,
              explanation: "Right. Heavy volume means a lot of trading; it describes the past, like price.",
            },
            {
              text: "That the price will keep rising tomorrow",
              correct: false,
              explanation: "Volume describes what happened; it does not predict the next move.",
            },
            {
              text: "That buyers outnumbered sellers five to one",
              correct: false,
              explanation: "Every trade has a buyer and a seller; volume counts shares traded, not one side.",
            },
            {
              text: "That the stock is now too expensive",
              correct: false,
              explanation: "Volume says how active trading was, not what the stock is worth.",
            },
          ],
        },
        {
          prompt: "In Tickerlab's practice market, what are a daily candle's open and close?",
          options: [
            {
              text: "The first price after 00:00 UTC and the last price before 24:00 UTC",
              correct: true,
              explanation:
                "Correct. The practice market trades around the clock and its day runs from 00:00 to 24:00 UTC.",
            },
            {
              text: "The prices at an exchange's opening and closing bells",
              correct: false,
              explanation: "Tickerlab's practice market has no opening hours; it trades around the clock.",
            },
            {
              text: "The prices at 09:00 and 17:00 in your own time zone",
              correct: false,
              explanation: "The practice day is fixed in UTC, whatever your time zone.",
            },
            {
              text: "The day's highest and lowest prices",
              correct: false,
              explanation: "Those are the high and the low, shown by the wicks.",
            },
          ],
        },
      ],
    },
  ],
};
