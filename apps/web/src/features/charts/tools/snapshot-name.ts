/** A snapshot's file name such as `EURUSD-15m-2025-11-20-1405.png`, in the user's local time. */
export function snapshotFileName(symbol: string, timeframe: string, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
  return `${symbol}-${timeframe}-${day}-${p(now.getHours())}${p(now.getMinutes())}.png`;
}
