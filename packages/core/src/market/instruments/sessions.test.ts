import { describe, expect, it } from 'vitest';
import { epochDayOf } from '../time-zones.js';
import {
  describeTradingHours,
  isSessionOpen,
  SESSION_TEMPLATES,
  sessionDay,
  sessionStatus,
  tradeDateAt,
} from './sessions.js';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);
const minute = (ms: number) => ms / 60_000;

describe('trading sessions', () => {
  const fx = SESSION_TEMPLATES.forex;

  it('opens FX on Sunday 17:05 New York time, which DST moves in UTC', () => {
    // winter (EST): Sunday 3 March 2024 17:05 = 22:05 UTC; summer (EDT, from 10 March): 21:05 UTC
    expect(sessionDay(fx, epochDayOf(2024, 3, 4)).open).toEqual([
      [minute(utc(2024, 3, 3, 22, 5)), minute(utc(2024, 3, 4, 22))],
    ]);
    expect(sessionDay(fx, epochDayOf(2024, 3, 11)).open).toEqual([
      [minute(utc(2024, 3, 10, 21, 5)), minute(utc(2024, 3, 11, 21))],
    ]);
    // back to EST on 3 November 2024
    expect(sessionDay(fx, epochDayOf(2024, 11, 4)).open[0]![0]).toBe(minute(utc(2024, 11, 3, 22, 5)));
    expect(isSessionOpen(fx, utc(2024, 3, 10, 21, 4))).toBe(false);
    expect(isSessionOpen(fx, utc(2024, 3, 10, 21, 5))).toBe(true);
  });

  it('closes FX from Friday 17:00 to Sunday 17:05 New York and for five minutes each day', () => {
    expect(sessionDay(fx, epochDayOf(2024, 3, 9)).open).toEqual([]); // Saturday
    expect(sessionDay(fx, epochDayOf(2024, 3, 10)).open).toEqual([]); // Sunday's trade date does not trade
    expect(isSessionOpen(fx, utc(2024, 3, 8, 20, 59))).toBe(true);
    expect(isSessionOpen(fx, utc(2024, 3, 8, 22, 0))).toBe(false);
    expect(isSessionOpen(fx, utc(2024, 3, 12, 21, 2))).toBe(false); // Tuesday 17:02 EDT, rollover break
    expect(isSessionOpen(fx, utc(2024, 3, 12, 21, 5))).toBe(true);
  });

  it('cuts FX trade dates at 17:00 New York: Monday begins on Sunday evening', () => {
    expect(tradeDateAt(fx, utc(2024, 3, 10, 21, 30))).toBe(epochDayOf(2024, 3, 11));
    expect(tradeDateAt(fx, utc(2024, 3, 11, 20, 59))).toBe(epochDayOf(2024, 3, 11));
    const day = sessionDay(fx, epochDayOf(2024, 3, 11));
    expect(day.startMs).toBe(utc(2024, 3, 10, 21));
    expect(day.endMs).toBe(utc(2024, 3, 11, 21));
  });

  it('trades US shares 09:30-16:00 New York and Xetra 09:00-17:30 Berlin, each with its own DST dates', () => {
    const us = SESSION_TEMPLATES['us-equities'];
    const xetra = SESSION_TEMPLATES.xetra;
    expect(sessionDay(us, epochDayOf(2024, 3, 8)).open).toEqual([
      [minute(utc(2024, 3, 8, 14, 30)), minute(utc(2024, 3, 8, 21))],
    ]);
    expect(sessionDay(us, epochDayOf(2024, 3, 11)).open).toEqual([
      [minute(utc(2024, 3, 11, 13, 30)), minute(utc(2024, 3, 11, 20))],
    ]);
    // between the US (10 March) and EU (31 March) changes Xetra still opens 08:00 UTC, then 07:00 UTC
    expect(sessionDay(xetra, epochDayOf(2024, 3, 11)).open).toEqual([
      [minute(utc(2024, 3, 11, 8)), minute(utc(2024, 3, 11, 16, 30))],
    ]);
    expect(sessionDay(xetra, epochDayOf(2024, 4, 2)).open).toEqual([
      [minute(utc(2024, 4, 2, 7)), minute(utc(2024, 4, 2, 15, 30))],
    ]);
    expect(sessionDay(us, epochDayOf(2024, 3, 9)).open).toEqual([]);
  });

  it('keeps the CME Globex daily break (16:00-17:00 Chicago) and Tokyo lunch', () => {
    const cme = SESSION_TEMPLATES['cme-globex'];
    expect(sessionDay(cme, epochDayOf(2024, 7, 2)).open).toEqual([
      [minute(utc(2024, 7, 1, 22)), minute(utc(2024, 7, 2, 21))],
    ]);
    expect(isSessionOpen(cme, utc(2024, 7, 2, 21, 30))).toBe(false);
    const tse = sessionDay(SESSION_TEMPLATES.tse, epochDayOf(2024, 7, 2)).open;
    expect(tse).toEqual([
      [minute(utc(2024, 7, 2, 0)), minute(utc(2024, 7, 2, 2, 30))],
      [minute(utc(2024, 7, 2, 3, 30)), minute(utc(2024, 7, 2, 6, 30))],
    ]);
  });

  it('reports open or closed with the next open and close', () => {
    // Saturday: closed, opens Sunday 17:05 New York, that session closes Monday 17:00
    expect(sessionStatus(fx, utc(2024, 3, 9, 12))).toEqual({
      open: false,
      nextOpenMs: utc(2024, 3, 10, 21, 5),
      nextCloseMs: utc(2024, 3, 11, 21),
    });
    // Monday 12:00 UTC: open until 17:00 New York, then reopens after the rollover break
    expect(sessionStatus(fx, utc(2024, 3, 11, 12))).toEqual({
      open: true,
      nextOpenMs: utc(2024, 3, 11, 21, 5),
      nextCloseMs: utc(2024, 3, 11, 21),
    });
    expect(sessionStatus(SESSION_TEMPLATES.crypto, utc(2024, 3, 9, 12))).toEqual({
      open: true,
      nextOpenMs: null,
      nextCloseMs: null,
    });
    const us = sessionStatus(SESSION_TEMPLATES['us-equities'], utc(2024, 3, 8, 21, 0));
    expect(us).toEqual({ open: false, nextOpenMs: utc(2024, 3, 11, 13, 30), nextCloseMs: utc(2024, 3, 11, 20) });
  });

  it('describes the weekly hours in local time', () => {
    const h = describeTradingHours(fx);
    expect(h.timeZone).toBe('America/New_York');
    expect(h.dailyClose).toBe('17:00');
    expect(h.sessions[0]).toEqual({ openDay: 'Sunday', open: '17:05', closeDay: 'Monday', close: '17:00' });
    expect(h.sessions).toHaveLength(5);
    expect(describeTradingHours(SESSION_TEMPLATES.crypto).sessions).toHaveLength(7);
  });
});
