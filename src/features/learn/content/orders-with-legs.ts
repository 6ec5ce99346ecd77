/**
 * The lesson on orders with legs (decision 065): bracket, OCO and OTO, and the trailing stop
 * they are often used with. It can gate those order types ("advanced-orders") the way the
 * short-selling lesson gates shorts: an admin sets "Unlocks" on it; shipped without a gate so
 * an upgrade never takes away an order type someone already uses.
 */
import type { SeedLesson } from "./types";

export const ordersWithLegs: SeedLesson = {
  slug: "brackets-oco-and-oto",
  title: "Orders with legs: bracket, OCO and OTO",
  body: `## Why an order would need legs

A plan for a trade has three prices: where you get in, where you take your profit, and where you admit you were wrong. A simple order only carries the first. **Orders with legs** carry the whole plan, so it runs while you are away from the screen. Each leg is an order of its own, tied to the order it belongs to (its parent).

The examples use Cobalt Ferry Lines (CFL), a made-up company that is not in Tickerlab's market, and ignore slippage and commission to keep the numbers round.

## Bracket: an entry with two exits

A **bracket** is an entry (a market or limit buy, or a short) with two exits on the closing side:

- a **take-profit**: a limit order above the entry for a buy (below it for a short), and
- a **stop-loss**: a stop order below the entry for a buy (above it for a short), or a stop-limit if you give it a limit.

Example: buy 100 CFL at market near 50.00 with a take-profit at 56.00 and a stop-loss at 47.00. You risk about 300.00 to make about 600.00. Tickerlab refuses a buy bracket whose take-profit is not above its stop-loss, or whose exits would fill at once at the price now, and says which price is wrong.

The exits **wait until the entry fills**. While the entry has not filled, they are shown as waiting for the entry and they hold nothing back. When the entry fills, they start to work for the shares it bought.

## One cancels the other

The two exits are there for the same shares, so only one may close them. **The first exit to fill cancels the other**, and the cancelled one says why. In Tickerlab this happens at the first part that fills: a large stop-loss that sells in parts keeps selling, and the take-profit is cancelled straight away, so the same shares can never be sold twice.

## Partial fills and cancelling

A large entry can fill in parts. The exits are **sized to what the entry has filled so far** and grow with it. If you cancel the entry, its exits that have not filled are cancelled with it. If the entry's day ends with only part filled, the exits stay and protect the part you own.

## OCO and OTO

- **OCO (one cancels other)** is the two exits without an entry, for shares you already hold: a sell limit above the price (take-profit) and a sell stop below it (stop-loss). Both work at once; whichever fills first cancels the other.
- **OTO (one triggers other)** is an entry with just one exit: either a take-profit or a stop-loss that waits for the entry and then works for what it filled.

## Trailing stops

A **trailing stop** is a stop that follows the best price since you placed it, a percentage or an amount behind it. It suits a position that keeps rising: the stop climbs with it and never moves back down. Like any stop, when it is touched it becomes a market order, so a gap can fill it at a worse price.

## What legs do not do

Legs do not make a bad plan good. A stop-loss set too close is hit by ordinary noise; one set too far does not protect much. A stop-loss is a market order once touched, so in a jump the loss can be larger than the distance you chose. A limit on the stop-loss avoids a bad price but may leave you holding the shares.

## Key points

- A bracket is an entry with a take-profit and a stop-loss; the exits wait for the entry to fill.
- The first exit to fill, even in part, cancels the other.
- A partial fill of the entry sizes the exits to what filled; cancelling the entry cancels its unfilled exits.
- OCO is two exits for shares you hold; OTO is an entry with one exit.
- A trailing stop follows the best price; a touched stop sells at market.
`,
  questions: [
    {
      prompt: "You place a buy bracket on 100 CFL: market entry near 50.00, take-profit 56.00, stop-loss 47.00. The entry has not filled yet. What are the exits doing?",
      options: [
        { text: "Waiting for the entry to fill, holding nothing back", correct: true, explanation: "Right. They start to work only for shares the entry has bought." },
        { text: "Working already, so the stop-loss could sell shares you do not own", correct: false, explanation: "The exits wait until the entry fills, so they never sell shares that are not there." },
        { text: "Cancelled, until you place them again", correct: false, explanation: "They are part of the bracket and start working by themselves once the entry fills." },
      ],
    },
    {
      prompt: "In a buy bracket, which exit prices does Tickerlab accept?",
      options: [
        { text: "Take-profit above the stop-loss, neither filling at once at the price now", correct: true, explanation: "A sale takes its profit higher and stops its loss lower." },
        { text: "Take-profit below the stop-loss", correct: false, explanation: "That is the shape of a short's bracket, which closes by buying back." },
        { text: "Any two prices: the order sorts them out", correct: false, explanation: "Crossed prices are refused, naming the price that is wrong." },
      ],
    },
    {
      prompt: "The stop-loss of your bracket starts to fill in parts. What happens to the take-profit?",
      options: [
        { text: "It is cancelled at once, with the reason on the order", correct: true, explanation: "The first exit to fill, even in part, owns the exit, so the same shares cannot be sold twice." },
        { text: "It keeps working until the stop-loss has filled completely", correct: false, explanation: "Then both could sell the same shares. Tickerlab cancels it at the first part." },
        { text: "It is moved to the stop-loss price", correct: false, explanation: "Nothing is moved: it is cancelled." },
      ],
    },
    {
      prompt: "Your bracket's entry of 5,000 shares fills 1,200 so far. How large are the exits now?",
      options: [
        { text: "1,200 shares each, growing as the entry fills more", correct: true, explanation: "The exits are sized to what the entry has filled." },
        { text: "5,000 shares each", correct: false, explanation: "That would sell shares you do not own yet." },
        { text: "Zero until the entry has filled completely", correct: false, explanation: "The part that filled is protected straight away." },
      ],
    },
    {
      prompt: "You hold 200 CFL bought at 40.00 and want to sell at 46.00 or, if it goes wrong, at 37.00. Which order class fits?",
      options: [
        { text: "OCO", correct: true, explanation: "Two exits for shares you already hold; whichever fills first cancels the other." },
        { text: "Bracket", correct: false, explanation: "A bracket opens a position with its entry; you already hold the shares." },
        { text: "OTO", correct: false, explanation: "An OTO also starts with an entry, and has only one exit." },
      ],
    },
    {
      prompt: "What is an OTO order?",
      options: [
        { text: "An entry with one exit that waits for the entry to fill", correct: true, explanation: "One triggers other: the entry's fill starts the exit." },
        { text: "Two exits where one cancels the other", correct: false, explanation: "That is OCO." },
        { text: "An entry with a take-profit and a stop-loss", correct: false, explanation: "That is a bracket." },
      ],
    },
    {
      prompt: "Which statements about cancelling a bracket are true? Select all that apply.",
      options: [
        { text: "Cancelling the entry cancels its exits that have not filled", correct: true, explanation: "The legs go with the order they belong to." },
        { text: "If the entry's day ends with part filled, the exits stay for that part", correct: true, explanation: "They protect the shares you own." },
        { text: "Cancelling the take-profit also sells your shares", correct: false, explanation: "Cancelling an order never trades: the stop-loss keeps working alone." },
      ],
    },
    {
      prompt: "Your 5 % trailing stop sells CFL. The price rises from 50.00 to 60.00, then falls. Where is the stop?",
      options: [
        { text: "57.00, 5 % below the high of 60.00", correct: true, explanation: "The stop follows the best price since you placed the order and never moves back down." },
        { text: "47.50, 5 % below where you placed it", correct: false, explanation: "That was the first stop; it climbed as the price rose." },
        { text: "It falls with the price, always 5 % below the last price", correct: false, explanation: "A trailing stop only moves in your favour." },
      ],
    },
  ],
};
