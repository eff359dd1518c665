// Intl formatters are costly to build and cheap to reuse: a table of 10,000 rows formats with a handful of them.
const MAX_ENTRIES = 256;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, value);
  }
  return value;
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    numberFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    dateFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function pluralRule(locale: string | undefined, options: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached(pluralRules, `${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.PluralRules(locale, options));
}
