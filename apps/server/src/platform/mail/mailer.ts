/** The mails the product sends; each template renders an HTML and a text part. */
export type MailMessage =
  | { template: 'activation'; to: string; data: { firstName: string; link: string } }
  | { template: 'reset'; to: string; data: { firstName: string; link: string } };

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps mail in the database for the dev mailbox. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Drops what is kept of mail to this address (the outbox holds names and links); SMTP keeps nothing. */
  forgetRecipient(email: string): Promise<void>;
  close(): Promise<void>;
}
