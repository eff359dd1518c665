import type { MailMessage } from './mailer.js';

export type RenderedMail = { subject: string; text: string; html: string; links: string[] };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Action = { label: string; link: string };

function layout(title: string, paragraphs: string[], action: Action, footer: string, secondary?: Action) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const second = secondary
    ? `<p style="margin:0 0 16px">${escapeHtml(secondary.label)}: <a href="${escapeHtml(secondary.link)}" style="color:#00DF80;word-break:break-all">${escapeHtml(secondary.link)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#0f1115;font-family:Inter,Arial,sans-serif;color:#e6e8eb">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="520" cellpadding="0" cellspacing="0" style="max-width:520px;background:#171a21;border-radius:12px;padding:32px">
<tr><td><h1 style="margin:0 0 24px;font-size:20px;color:#ffffff">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#00DF80;color:#0b0d10;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(action.label)}</a></p>
${second}<p style="margin:0 0 8px;font-size:12px;color:#9aa1ab">If the button does not work, open this link:<br><a href="${escapeHtml(action.link)}" style="color:#00DF80;word-break:break-all">${escapeHtml(action.link)}</a></p>
<p style="margin:16px 0 0;font-size:12px;color:#9aa1ab">${escapeHtml(footer)}</p></td></tr></table></td></tr></table></body></html>`;
}

const utcTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** '1 April 2026 at 08:00 UTC' */
export function formatUtc(iso: string): string {
  return `${utcTime.format(new Date(iso))} UTC`;
}

/** Renders the HTML and plain-text parts of a product mail. */
export function renderMail(message: MailMessage): RenderedMail {
  const name = message.data.firstName.trim() || 'there';
  switch (message.template) {
    case 'activation': {
      const intro = [`Hi ${name},`, 'Welcome to TradeDesk. Confirm your email address to activate your account.'];
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
    case 'sign-up-existing': {
      const { signInLink, resetLink } = message.data;
      const intro = [
        `Hi ${name},`,
        'Someone tried to create a TradeDesk account with this email address. It already has an account, so nothing was changed.',
        'If it was you, sign in with your password, or reset it if you do not remember it.',
      ];
      const footer = 'If it was not you, you can ignore this mail: nobody can use your account without your password.';
      return {
        subject: 'Someone tried to sign up with your email address',
        text: `${intro.join('\n\n')}\n\nSign in: ${signInLink}\nReset your password: ${resetLink}\n\n${footer}\n`,
        html: layout('You already have an account', intro, { label: 'Sign in', link: signInLink }, footer, {
          label: 'Forgot your password? Reset it',
          link: resetLink,
        }),
        links: [signInLink, resetLink],
      };
    }
    case 'sign-in-failures': {
      const { attempts, since, resetLink, stage } = message.data;
      const when = formatUtc(since);
      const intro =
        stage === 'password'
          ? [
              `Hi ${name},`,
              `There were ${attempts} failed attempts to sign in to your TradeDesk account with a wrong password since ${when}.`,
              'Further attempts now have to wait a little longer after each failure, so guessing is slow. You can still sign in with your password; if it was not you, choose a new, unique password.',
            ]
          : [
              `Hi ${name},`,
              `Since ${when}, someone signed in to your TradeDesk account with your password and then entered ${attempts} wrong two-factor codes.`,
              'Your second factor kept them out, but your password is known to someone else: change it now.',
            ];
      const footer = 'We send this at most once an hour while the attempts go on.';
      return {
        subject:
          stage === 'password'
            ? 'Failed sign-in attempts on your TradeDesk account'
            : 'Wrong two-factor codes on your TradeDesk account',
        text: `${intro.join('\n\n')}\n\nReset your password: ${resetLink}\n\n${footer}\n`,
        html: layout('Failed sign-in attempts', intro, { label: 'Reset your password', link: resetLink }, footer),
        links: [resetLink],
      };
    }
    case 'notification': {
      const { title, body, link, settingsLink } = message.data;
      const intro = [`Hi ${name},`, ...(body.trim() ? body.split(/\n{2,}/) : [])];
      const footer = 'You receive this because your notification settings send this kind by e-mail.';
      return {
        subject: title,
        text: `${intro.join('\n\n')}\n\nOpen TradeDesk: ${link}\nNotification settings: ${settingsLink}\n\n${footer}\n`,
        html: layout(title, intro, { label: 'Open TradeDesk', link }, footer, {
          label: 'Notification settings',
          link: settingsLink,
        }),
        links: [link, settingsLink],
      };
    }
    case 'ticket-reply': {
      const { subject, body, link } = message.data;
      const intro = [`Hi ${name},`, 'TradeDesk support answered your ticket:', ...body.split(/\n{2,}/)];
      const footer = message.replyTo
        ? 'Reply to this mail, or open the ticket, to answer.'
        : 'Open the ticket to answer: replies to this mail are not read.';
      return {
        subject: `Re: ${subject}`,
        text: `${intro.join('\n\n')}\n\nOpen the ticket: ${link}\n\n${footer}\n`,
        html: layout(subject, intro, { label: 'Open the ticket', link }, footer),
        links: [link],
      };
    }
    case 'ticket-support': {
      const { requester, subject, body, isNew, link } = message.data;
      const intro = [
        isNew ? `${requester} opened a ticket:` : `${requester} replied to their ticket:`,
        ...body.split(/\n{2,}/),
      ];
      const footer = 'Answer in the staff console: the reply is mailed to the user.';
      return {
        subject: isNew ? `New ticket: ${subject}` : `Reply on ticket: ${subject}`,
        text: `${intro.join('\n\n')}\n\nOpen in the staff console: ${link}\n\n${footer}\n`,
        html: layout(subject, intro, { label: 'Open in the staff console', link }, footer),
        links: [link],
      };
    }
  }
}
