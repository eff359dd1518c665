import { useCallback, useSyncExternalStore } from 'react';

/**
 * Sounds and desktop notifications on fills: both off until the trader switches them on (kept in this
 * browser's local storage). The Notification API permission is asked only when notifications are switched on.
 */
export type FillAlertSettings = { sound: boolean; notify: boolean };

const KEY = 'tradedesk.fillAlerts';
const listeners = new Set<() => void>();
let cached: FillAlertSettings | null = null;

export function readFillAlerts(): FillAlertSettings {
  if (cached) return cached;
  let value: FillAlertSettings = { sound: false, notify: false };
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<FillAlertSettings> | null;
    if (raw && typeof raw === 'object') value = { sound: raw.sound === true, notify: raw.notify === true };
  } catch {
    // unreadable or no storage: both off
  }
  cached = value;
  return value;
}

function write(value: FillAlertSettings): void {
  cached = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // private mode: kept for this page only
  }
  for (const l of listeners) l();
}

/** The settings and their setters; switching notifications on asks for the permission, and stays off if refused. */
export function useFillAlerts() {
  const settings = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readFillAlerts,
    readFillAlerts,
  );
  const setSound = useCallback((on: boolean) => write({ ...readFillAlerts(), sound: on }), []);
  const setNotify = useCallback(async (on: boolean): Promise<string | null> => {
    if (!on) {
      write({ ...readFillAlerts(), notify: false });
      return null;
    }
    if (typeof Notification === 'undefined') return 'This browser has no desktop notifications.';
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') {
      write({ ...readFillAlerts(), notify: false });
      return 'Notifications are blocked for this site; allow them in the browser to switch them on.';
    }
    write({ ...readFillAlerts(), notify: true });
    return null;
  }, []);
  return { settings, setSound, setNotify };
}

let audio: AudioContext | null = null;

/** A short two-tone chime made with Web Audio (no sound file to load). */
function chime(): void {
  const Ctx = globalThis.AudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const t = audio.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, t + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start(t + i * 0.12);
    osc.stop(t + i * 0.12 + 0.22);
  }
}

/** Plays and shows what the trader switched on for a fill; nothing when both are off. */
export function announceFill(title: string, body: string): void {
  const s = readFillAlerts();
  if (s.sound) chime();
  if (s.notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(title, { body, tag: `fill-${title}-${body}` });
  }
}
