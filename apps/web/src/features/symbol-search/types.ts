import type { MarketSource } from '@tradedesk/contracts';

/** What the search hands to `onPick`: enough to open a chart or add to a watchlist without asking again. */
export type PickedSymbol = {
  /** The catalogue's ticker, e.g. EURUSD (the chart route's `symbol`). */
  ticker: string;
  source: MarketSource;
  name: string;
  digits: number;
};

export type SymbolSearchDialogProps = {
  open: boolean;
  onClose: () => void;
  onPick: (symbol: PickedSymbol) => void;
  /** The dialog's title; "Search symbols" when left out. */
  title?: string;
};
