// The text of trading-rules-guide.md, kept in code so the bundled server carries it (a test keeps the two equal).
// Edit the Markdown file, then copy it here.
export const TRADING_RULES_GUIDE_NAME = 'trading-rules-guide.md';
export const TRADING_RULES_GUIDE = `# TradeDesk trading rules guide

This guide sets out the rules TradeDesk is built around. The risk calculator, the order ticket, the prop challenge
monitor and the journal all apply them, and the "Trading rules coach" agent answers from this text. The rules are
written for an intraday trader on a prop firm challenge, and they work just as well on a personal account. Treat
every number here as a ceiling you may lower, never as a target.

## 1. Risk per trade

Risk no more than 1 % of the account balance on a single trade. Risk is the money you lose if the stop loss is hit:
the distance from entry to stop, times the pip value, times the volume. It is not the margin the position uses and
it is not the size of the position.

- Every trade has a stop loss before it is sent. A trade without a stop has undefined risk, and undefined risk is not
  allowed.
- Lower the risk to 0.5 % after two losing trades in a row, and keep it there until a winning trade closes.
- Never widen a stop once the trade is open. You may move it closer to the price, or to break-even, but never away.
- Do not add to a losing position. Adding to a winner is allowed only when the combined stop still risks no more
  than 1 % of the balance.

## 2. Daily loss

The daily loss limit protects the account from one bad day. On the demo challenge the firm's limit is 5 % of the
starting balance, measured on equity, so open losses count as well as closed ones. TradeDesk's own rule is stricter:

- Stop trading for the day once the day's loss reaches 3 % of the starting balance. That keeps 2 % between you and
  the firm's limit for slippage, gaps and the trades still open.
- The room left today is the firm's limit minus today's loss, counting floating losses. The prop status panel shows
  it in money, and orders the AI assistant drafts are sized to stay within it.
- Close every position before the day ends in the firm's time zone if holding it overnight could break tomorrow's
  daily limit on a gap.
- After a day that hits the stop, the next day starts at half risk (0.5 % per trade) until the first winning trade.

## 3. Maximum loss and the profit target

The maximum loss (10 % of the starting balance on the demo challenge) ends the challenge when equity falls through
it. Keep at least 4 % of room at all times: when the balance is 4 % below the start, stop opening new trades and
review the journal before you trade again.

The profit target (10 % in phase 1) is reached by consistency, not by size. Do not raise the risk to finish faster.
Once the target is in reach, reduce the risk so that a single loss cannot push you back far from it. The minimum
number of trading days still applies after the target is met: trade small on the remaining days rather than skip them.

## 4. News blackout

Scheduled high-impact economic events move prices fast and widen spreads.

- Do not open a new position in the two minutes before and after a high-impact event that concerns the instrument's
  currencies. Where the firm's rules include a news blackout the platform enforces it; everywhere else it is
  your rule.
- Check the economic calendar before the session and write the high-impact times of the day into your plan.
- An open position going into a high-impact event should have its stop in place and a size you would accept
  gapping past the stop. If not, reduce it or close it before the event.
- Medium-impact events do not trigger the blackout, but avoid entries in the minute of the release.

## 5. Position sizing

Size every position from the risk, never from a feeling. The formula:

volume = (balance × risk %) ÷ (stop distance in pips × pip value per lot)

For example, on a 100,000 USD account risking 1 % (1,000 USD) with a 20 pip stop on EURUSD, where one standard lot
is worth 10 USD a pip, the volume is 1,000 ÷ (20 × 10) = 5 lots.

- Round the volume down to the instrument's volume step, never up.
- If the room left today is smaller than the planned risk, size from the room left instead. If that makes the
  volume smaller than the instrument's minimum, do not take the trade.
- Correlated trades count together: two positions in EURUSD and GBPUSD in the same direction are close to one
  position of double the risk. Keep the combined risk of correlated positions under 2 %.
- The AI assistant can draft an order from these rules ("buy EURUSD with a stop at 1.0800 on my prop account"). The
  draft opens in the order ticket with the size filled in, and it is only sent when you click.

## 6. Entries, exits and the playbook

Trade only setups written in your playbook, with their criteria and checklist. Before each entry, tick the checklist
of the strategy's approach; a trade with an unticked item counts as a rule broken, whatever its result.

- Aim for a reward at least 1.5 times the risk. A take profit closer than that needs a written reason.
- Take at most three trades a day, and no more than one at a time per instrument.
- Do not trade the first five minutes after a session opens unless the playbook names that setup.

## 7. Journaling

Every trade gets a journal entry the same day:

- the setup and the strategy approach it belongs to;
- the screenshot or chart snapshot at entry;
- whether every rule of this guide and the playbook's checklist was followed, and if not, which one was broken;
- what you felt before and during the trade, in a sentence;
- one lesson, or "none".

Each week, review the journal: the profit when the rules were followed against the profit when they were broken,
the results by day of week and by hour, and the symbols that cost money. Change one thing at a time, and write down
what and why before the next week starts.

## 8. When to stop

Stop trading for the day when any of these happens: the day's loss reaches 3 %; two rules were broken; three trades
were taken; you notice you are trading to win back a loss. Stopping early costs nothing; breaking the daily limit
ends the challenge.
`;
