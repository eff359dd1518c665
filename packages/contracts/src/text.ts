import { z } from 'zod';
import { issueSentence } from './messages.js';

/**
 * Every string a client sends is built here, so every route refuses the same hostile text with a 400 that
 * names the field, present and future alike: a NUL byte (PostgreSQL cannot store it in text), other control
 * characters where a person never types them, and a lone UTF-16 surrogate (not valid Unicode: it cannot be
 * encoded as UTF-8 and would reach the database as a different string, or not at all).
 *
 * Use `line` for one line of text (names, addresses, query values, path parameters), `multiline` where line
 * breaks belong (a biography), `secret` for passwords (kept as typed, not trimmed) and `opaque` for tokens and
 * codes a program produced. Each takes the field's label, which every message of the field starts with:
 * `line('First name', 60)` says "First name must be at most 60 characters.".
 */

export type TextCheck = 'control' | 'surrogate';

/**
 * Why `value` is not acceptable text, or undefined when it is. Control characters are C0 (U+0000-U+001F),
 * DEL and C1 (U+007F-U+009F); `multiline` allows tab, line feed and carriage return.
 */
export function badTextReason(value: string, multiline = false): TextCheck | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return 'control';
    }
    if (c >= 0x7f && c <= 0x9f) return 'control';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'surrogate';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'surrogate';
  }
  return undefined;
}

export type TextOptions = {
  /** How messages name the field: 'First name', 'Company'. */
  label: string;
  max: number;
  /** At least this many characters (after trimming); 1 makes the field required ("First name is required."). */
  min?: number;
  /** Allows line breaks and tabs. */
  multiline?: boolean;
  /** Trims surrounding white space before the length checks (default true). */
  trim?: boolean;
};

/** A bounded string field that refuses hostile characters, with every message naming the field. */
export function text(options: TextOptions): z.ZodString {
  const { label, max, min = 0, multiline = false, trim = true } = options;
  const badText: Record<TextCheck, string> = {
    control: multiline
      ? `${label} must not contain control characters other than line breaks and tabs.`
      : `${label} must not contain control characters such as line breaks, tabs or NUL.`,
    surrogate: `${label} contains text that is not valid Unicode.`,
  };
  let schema = z.string({ error: (issue) => issueSentence(label, issue) }).superRefine((value, ctx) => {
    const reason = badTextReason(value, multiline);
    // `continue: false`: the field's other checks (length, pattern) and any pipe after it do not run.
    if (reason) ctx.addIssue({ code: 'custom', message: badText[reason], continue: false });
  });
  if (trim) schema = schema.trim();
  // An empty required field says only that it is required, not also that it is too short or does not match.
  if (min > 0) schema = schema.min(1, { abort: true });
  if (min > 1) schema = schema.min(min, { abort: true });
  return schema.max(max);
}

/** One line of text: `line('Company', 120)`, `line('First name', 60, { min: 1 })`. */
export function line(label: string, max: number, options: Omit<TextOptions, 'label' | 'max'> = {}): z.ZodString {
  return text({ ...options, label, max });
}

/** Text where line breaks belong: `multiline('Biography', 500)`. */
export function multiline(label: string, max: number, options: Omit<TextOptions, 'label' | 'max'> = {}): z.ZodString {
  return text({ ...options, label, max, multiline: true });
}

/** A password as typed: not trimmed, required, bounded. */
export function secret(label: string, options: { min?: number; max: number }): z.ZodString {
  return text({ label, max: options.max, min: options.min ?? 1, trim: false });
}

/** A token or code a program produced (emailed link tokens, challenge tokens, OAuth values): not trimmed. */
export function opaque(label: string, max: number, options: { min?: number } = {}): z.ZodString {
  return text({ label, max, min: options.min ?? 0, trim: false });
}
