import type { MailMessage } from './mailer.js';

export type RenderedMail = { subject: string; text: string; html: string; links: string[] };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[], action: { label: string; link: string }, footer: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#0f1115;font-family:Inter,Arial,sans-serif;color:#e6e8eb">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="520" cellpadding="0" cellspacing="0" style="max-width:520px;background:#171a21;border-radius:12px;padding:32px">
<tr><td><h1 style="margin:0 0 24px;font-size:20px;color:#ffffff">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#00DF80;color:#0b0d10;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:12px;color:#9aa1ab">If the button does not work, open this link:<br><a href="${escapeHtml(action.link)}" style="color:#00DF80;word-break:break-all">${escapeHtml(action.link)}</a></p>
<p style="margin:16px 0 0;font-size:12px;color:#9aa1ab">${escapeHtml(footer)}</p></td></tr></table></td></tr></table></body></html>`;
}

/** Renders the HTML and plain-text parts of a product mail. */
export function renderMail(message: MailMessage): RenderedMail {
  const name = message.data.firstName.trim() || 'there';
  switch (message.template) {
    case 'activation': {
      const intro = [`Hi ${name},`, 'Welcome to TradeDesk. Confirm your e-mail address to activate your account.'];
      const footer = 'The link is valid for 48 hours. If you did not sign up, ignore this mail.';
      return {
        subject: 'Activate your TradeDesk account',
        text: `${intro.join('\n\n')}\n\nActivate your account: ${message.data.link}\n\n${footer}\n`,
        html: layout('Activate your account', intro, { label: 'Activate account', link: message.data.link }, footer),
        links: [message.data.link],
      };
    }
    case 'reset': {
      const intro = [`Hi ${name},`, 'Someone asked to reset the password of your TradeDesk account.'];
      const footer = 'The link is valid for 1 hour and can be used once. If it was not you, ignore this mail.';
      return {
        subject: 'Reset your TradeDesk password',
        text: `${intro.join('\n\n')}\n\nChoose a new password: ${message.data.link}\n\n${footer}\n`,
        html: layout('Reset your password', intro, { label: 'Choose a new password', link: message.data.link }, footer),
        links: [message.data.link],
      };
    }
  }
}
