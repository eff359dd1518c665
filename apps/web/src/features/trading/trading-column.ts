/** The chart screen's trading column width on wide screens (under 900 px the panel opens in a drawer instead). */
export const TRADING_COLUMN_WIDTH = 340;
