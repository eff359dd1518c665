import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFillAlerts } from './fill-alerts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission, requestPermission }));
  return requestPermission;
}

describe('fill alerts', () => {
  it('are off by default, and the sound switch asks no permission', () => {
    const requestPermission = stubNotification('default', 'granted');
    const { result } = renderHook(() => useFillAlerts());
    expect(result.current.settings).toEqual({ sound: false, notify: false });
    act(() => result.current.setSound(true));
    expect(result.current.settings).toEqual({ sound: true, notify: false });
    expect(requestPermission).not.toHaveBeenCalled();
    act(() => result.current.setSound(false));
  });

  it('ask for the notification permission only when notifications are switched on, and stay off if refused', async () => {
    const refused = stubNotification('default', 'denied');
    const { result } = renderHook(() => useFillAlerts());
    let problem: string | null = null;
    await act(async () => {
      problem = await result.current.setNotify(true);
    });
    expect(refused).toHaveBeenCalledTimes(1);
    expect(problem).toBe('Notifications are blocked for this site; allow them in the browser to switch them on.');
    expect(result.current.settings.notify).toBe(false);

    const granted = stubNotification('default', 'granted');
    await act(async () => {
      problem = await result.current.setNotify(true);
    });
    expect(granted).toHaveBeenCalledTimes(1);
    expect(problem).toBeNull();
    expect(result.current.settings.notify).toBe(true);
    expect(JSON.parse(localStorage.getItem('tradedesk.fillAlerts')!)).toEqual({ sound: false, notify: true });
    await act(async () => {
      await result.current.setNotify(false);
    });
    expect(result.current.settings.notify).toBe(false);
  });
});
