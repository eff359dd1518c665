/** The mails the product sends; each template renders an HTML and a text part. */
export type MailMessage =
  | { template: 'activation'; to: string; data: { firstName: string; link: string } }
  | { template: 'reset'; to: string; data: { firstName: string; link: string } }
  | {
      /** Someone signed up with the address of an existing account (the sign-up answer does not say so). */
      template: 'sign-up-existing';
      to: string;
      data: { firstName: string; signInLink: string; resetLink: string };
    }
  | {
      /** Repeated failed sign-ins: wrong passwords, or wrong two-factor codes after the right password. */
      template: 'sign-in-failures';
      to: string;
      data: {
        firstName: string;
        stage: 'password' | 'two_factor';
        attempts: number;
        /** ISO 8601 time of the first failure counted. */
        since: string;
        resetLink: string;
      };
    }
  | {
      /** A notification of the bell (modules/notifications), sent when the user's settings allow its kind. */
      template: 'notification';
      to: string;
      data: { firstName: string; title: string; body: string; link: string; settingsLink: string };
    }
  | {
      /** Staff answered the user's support ticket; `replyTo` is the ticket's reply address when inbound mail runs. */
      template: 'ticket-reply';
      to: string;
      replyTo?: string;
      data: { firstName: string; subject: string; body: string; link: string };
    }
  | {
      /** To the support address (SUPPORT_EMAIL): a new ticket, or the user's reply to one. */
      template: 'ticket-support';
      to: string;
      data: { firstName: string; requester: string; subject: string; body: string; isNew: boolean; link: string };
    };

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps mail in the database for the dev mailbox. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Drops what is kept of mail to this address (the outbox holds names and links); SMTP keeps nothing. */
  forgetRecipient(email: string): Promise<void>;
  close(): Promise<void>;
}
