import type { z } from 'zod';

/**
 * Validation messages as a person would write them: one full sentence that names the field and says why,
 * e.g. "First name must be at most 60 characters." Schemas built with the helpers of text.ts name their
 * field by its label; everything else (booleans, enums, numbers, a missing or wrongly typed field) is worded
 * here from the field's wire name by `fieldIssueMessage`, which the server passes to every parse, so a message
 * zod would word ("Invalid input: expected string, received number") never reaches a client.
 */

type RawIssue = z.core.$ZodRawIssue;

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  tuple: 'a list',
  date: 'a date',
  null: 'null',
};

const formatWords: Record<string, string> = {
  email: 'a valid email address',
  uuid: 'a valid id (a UUID)',
  guid: 'a valid id (a UUID)',
  url: 'a valid URL',
  datetime: 'a date and time in ISO 8601 format',
  date: 'a date in YYYY-MM-DD format',
  time: 'a time in HH:MM format',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  jwt: 'a JSON Web Token',
};

const plural = (n: number | bigint, one: string, many: string) => `${n} ${n === 1 || n === 1n ? one : many}`;

/** "a, b or c" with each value quoted as JSON. */
function listOf(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function sizeWords(origin: string, n: number | bigint): string {
  switch (origin) {
    case 'string':
      return plural(n, 'character', 'characters');
    case 'array':
    case 'set':
      return plural(n, 'item', 'items');
    case 'file':
      return plural(n, 'byte', 'bytes');
    default:
      return String(n);
  }
}

/** The sentence for one issue about `subject` ("First name", "first_name", "The request body"). */
export function issueSentence(subject: string, issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${subject} is required.`;
      const expected = typeWords[issue.expected] ?? `of type ${issue.expected}`;
      return `${subject} must be ${expected}.`;
    }
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string' && Number(n) <= 1 && issue.inclusive !== false) return `${subject} is required.`;
      if (issue.origin === 'array' && Number(n) <= 1 && issue.inclusive !== false) {
        return `${subject} must have at least one item.`;
      }
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact
          ? `${subject} must be exactly ${sizeWords(issue.origin, n)}.`
          : `${subject} must be at least ${sizeWords(issue.origin, n)}.`;
      }
      return issue.inclusive === false
        ? `${subject} must be greater than ${n}.`
        : `${subject} must be at least ${sizeWords(issue.origin, n)}.`;
    }
    case 'too_big': {
      const n = issue.maximum;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'file') {
        return issue.exact
          ? `${subject} must be exactly ${sizeWords(issue.origin, n)}.`
          : `${subject} must be at most ${sizeWords(issue.origin, n)}.`;
      }
      return issue.inclusive === false ? `${subject} must be less than ${n}.` : `${subject} must be at most ${n}.`;
    }
    case 'invalid_format': {
      const words = formatWords[issue.format];
      return words ? `${subject} must be ${words}.` : `${subject} is not in a valid format.`;
    }
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${issue.divisor}.`;
    case 'invalid_value':
      return issue.values.length <= 2
        ? `${subject} must be ${listOf(issue.values)}.`
        : `${subject} must be one of ${listOf(issue.values)}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `${issue.keys[0]} is not a known field.`
        : `${listOf(issue.keys)} are not known fields.`;
    default:
      return `${subject} is not valid.`;
  }
}

/** `['items', 0, 'name']` as `items.0.name`; empty for the whole value. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'symbol' ? (p.description ?? '') : String(p))).join('.');
}

/**
 * An error map for a whole parse (`schema.safeParse(value, { error: fieldIssueMessage('The request body') })`):
 * a field is named by its wire path (`first_name is required.`), the value as a whole by `whole`.
 */
export function fieldIssueMessage(whole: string): z.core.$ZodErrorMap {
  return (issue) => {
    const path = fieldPath(issue.path ?? []);
    // A request without a body has a null body: for the whole value that is "missing", not "the wrong type".
    if (!path && issue.code === 'invalid_type' && issue.input === null) return `${whole} is required.`;
    return issueSentence(path || whole, issue);
  };
}
