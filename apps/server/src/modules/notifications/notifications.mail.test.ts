import { describe, expect, it } from 'vitest';
import { renderMail } from '../../platform/mail/templates.js';

describe('the notification mail', () => {
  it('has the title as subject, the body and both links, with the HTML escaped', () => {
    const mail = renderMail({
      template: 'notification',
      to: 'fay@example.com',
      data: {
        firstName: 'Fay',
        title: 'EURUSD crossed 1.1000',
        body: 'Close <b>1.1004</b> on 15m.',
        link: 'https://desk.example/chart?symbol=EURUSD',
        settingsLink: 'https://desk.example/settings/notifications',
      },
    });
    expect(mail.subject).toBe('EURUSD crossed 1.1000');
    expect(mail.text).toContain('Hi Fay,\n\nClose <b>1.1004</b> on 15m.');
    expect(mail.text).toContain('Open TradeDesk: https://desk.example/chart?symbol=EURUSD');
    expect(mail.html).toContain('Close &lt;b&gt;1.1004&lt;/b&gt; on 15m.');
    expect(mail.html).not.toContain('<b>1.1004');
    expect(mail.links).toEqual([
      'https://desk.example/chart?symbol=EURUSD',
      'https://desk.example/settings/notifications',
    ]);
  });
});
