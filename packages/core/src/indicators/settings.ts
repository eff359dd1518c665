import { findIndicator } from './catalogue.js';
import type { IndicatorEntry } from './define.js';
import type { IndicatorDefinition, IndicatorInput, IndicatorSettings } from './types.js';

/**
 * A validation failure. `field` is an input id ("period"), or "indicator_name" / "indicator_settings" for the
 * request itself; `message` is a full sentence that names the field, for a 400 response.
 */
export interface IndicatorFieldError {
  readonly field: string;
  readonly message: string;
}

export type SettingsValidation =
  | { readonly ok: true; readonly entry: IndicatorEntry; readonly settings: IndicatorSettings }
  | { readonly ok: false; readonly errors: readonly IndicatorFieldError[] };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function list(values: readonly string[]): string {
  return values.join(', ');
}

function checkInput(input: IndicatorInput, value: unknown): string | null {
  switch (input.type) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) && value >= input.min && value <= input.max
        ? null
        : `${input.id} must be an integer from ${input.min} to ${input.max}.`;
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) && value >= input.min && value <= input.max
        ? null
        : `${input.id} must be a number from ${input.min} to ${input.max}.`;
    case 'source':
    case 'select':
      return typeof value === 'string' && (input.options as readonly string[]).includes(value)
        ? null
        : `${input.id} must be one of ${list(input.options)}.`;
    case 'bool':
      return typeof value === 'boolean' ? null : `${input.id} must be true or false.`;
  }
}

/**
 * Checks `settings` (the request's indicator_settings: absent, or an object of input values) against the inputs of
 * the indicator named `name`, fills in defaults for missing inputs, and applies the cross-field rules.
 */
export function validateIndicatorSettings(name: string, settings: unknown): SettingsValidation {
  const entry = findIndicator(name);
  if (!entry) {
    return {
      ok: false,
      errors: [{ field: 'indicator_name', message: `indicator_name "${name}" is not a known indicator.` }],
    };
  }
  const checked = validateDefinitionSettings(entry.definition, settings);
  return checked.ok ? { ok: true, entry, settings: checked.settings } : checked;
}

/**
 * The checks of `validateIndicatorSettings` against a definition (as `GET /indicators/list` serves it), for callers
 * that hold the definitions rather than the catalogue (the strategy graph validator in the browser).
 */
export function validateDefinitionSettings(
  def: IndicatorDefinition,
  settings: unknown,
):
  | { readonly ok: true; readonly settings: IndicatorSettings }
  | { readonly ok: false; readonly errors: readonly IndicatorFieldError[] } {
  if (settings !== undefined && settings !== null && !isRecord(settings)) {
    return {
      ok: false,
      errors: [{ field: 'indicator_settings', message: 'indicator_settings must be an object of input values.' }],
    };
  }
  const given = settings ?? {};
  const errors: IndicatorFieldError[] = [];
  const ids = def.inputs.map((i) => i.id);
  for (const key of Object.keys(given)) {
    if (!ids.includes(key)) {
      const expected = ids.length > 0 ? `its inputs are ${list(ids)}` : 'it has no inputs';
      errors.push({ field: key, message: `${key} is not an input of ${def.name}; ${expected}.` });
    }
  }
  const resolved: Record<string, number | string | boolean> = {};
  for (const input of def.inputs) {
    const value = Object.hasOwn(given, input.id) ? given[input.id] : input.default;
    const problem = checkInput(input, value);
    if (problem) errors.push({ field: input.id, message: problem });
    else resolved[input.id] = value as number | string | boolean;
  }
  if (errors.length === 0) {
    for (const c of def.constraints) {
      const lower = resolved[c.lower];
      const upper = resolved[c.upper];
      if (typeof lower === 'number' && typeof upper === 'number' && !(lower < upper)) {
        errors.push({ field: c.lower, message: `${c.lower} must be less than ${c.upper}.` });
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, settings: resolved };
}

/** The default settings of an indicator. */
export function defaultIndicatorSettings(entry: IndicatorEntry): IndicatorSettings {
  return Object.fromEntries(entry.definition.inputs.map((i) => [i.id, i.default]));
}
