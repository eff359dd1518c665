import { supportedTimeZones, type TimeZoneInfo } from '@tradedesk/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  return f;
}

/** Minutes east of UTC of `zone` at the instant `at` (so daylight saving time is whatever holds then). */
export function offsetMinutesOf(zone: string, at: Date): number {
  const name = formatterOf(zone)
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = name ? /^GMT([+-])(\d{2}):(\d{2})$/.exec(name) : null;
  if (!match) return 0; // 'GMT' alone is how ICU spells a zero offset
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `GMT${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** 'America/Argentina/Buenos_Aires' -> 'Buenos Aires, Argentina'; 'Europe/London' -> 'London'. */
function placeOf(zone: string): string {
  const parts = zone.split('/');
  const place = parts.length > 1 ? parts.slice(1).reverse() : parts;
  return place.join(', ').replaceAll('_', ' ');
}

/** Every supported zone with its offset at `now`, sorted west to east and then by place name. */
export function listTimeZones(now: Date): TimeZoneInfo[] {
  const zones = [...supportedTimeZones()].map((id) => {
    const offsetMinutes = offsetMinutesOf(id, now);
    const place = placeOf(id);
    return { id, place, offsetMinutes, label: `(${formatOffset(offsetMinutes)}) ${place}` };
  });
  zones.sort(
    (a, b) => a.offsetMinutes - b.offsetMinutes || a.place.localeCompare(b.place, 'en') || (a.id < b.id ? -1 : 1),
  );
  return zones.map(({ id, label, offsetMinutes }) => ({ id, label, offsetMinutes }));
}
