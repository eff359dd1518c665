import { percentText } from './money.js';

/** The seller is established in the Netherlands. */
export const SELLER_COUNTRY = 'NL';

/**
 * Standard VAT rates of the EU member states in hundredths of a percent (2550 = 25.5 %), as in force in 2026
 * (EE 24 % since July 2025, RO 21 % since August 2025, SK 23 % since 2025, FI 25.5 % since September 2024).
 * Data, not logic: a change of rate is one line here. Greece's VAT numbers start with EL, its ISO code is GR.
 */
export const EU_STANDARD_VAT: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export type VatTreatment = {
  /** Hundredths of a percent. */
  rate: number;
  rateText: string;
  reverseCharge: boolean;
  /** Why this rate, as the PDF says it. */
  note: string;
};

/**
 * VAT of a digital service sold from the Netherlands, by the buyer's billing details:
 * - an EU country other than NL with a VAT number: business, EU reverse charge (0 %, the buyer accounts for it);
 * - an EU country otherwise (and NL always, and no country given): that country's standard rate (OSS);
 * - outside the EU: no VAT (outside the scope of EU VAT).
 */
export function vatFor(billing: { country: string; vat: string }): VatTreatment {
  const country = (billing.country || SELLER_COUNTRY).toUpperCase();
  const rate = EU_STANDARD_VAT[country];
  if (rate === undefined) {
    return { rate: 0, rateText: '0', reverseCharge: false, note: OUTSIDE_EU_NOTE };
  }
  if (country !== SELLER_COUNTRY && billing.vat.trim() !== '') {
    return {
      rate: 0,
      rateText: '0',
      reverseCharge: true,
      note: REVERSE_CHARGE_NOTE,
    };
  }
  return { rate, rateText: percentText(rate), reverseCharge: false, note: rateNote(percentText(rate), country) };
}

export const REVERSE_CHARGE_NOTE =
  'VAT reverse charged: the customer accounts for the VAT (Article 196, Council Directive 2006/112/EC).';
export const OUTSIDE_EU_NOTE = 'VAT not applicable: supply of services outside the EU.';
const rateNote = (rate: string, country: string) => `VAT ${rate}% (${country}).`;

/** The note of an issued invoice, from what it recorded (a later change of the rates does not alter it). */
export function vatNote(invoice: { reverseCharge: boolean; taxRatePercent: string; country: string }): string {
  if (invoice.reverseCharge) return REVERSE_CHARGE_NOTE;
  const country = (invoice.country || SELLER_COUNTRY).toUpperCase();
  if (EU_STANDARD_VAT[country] === undefined) return OUTSIDE_EU_NOTE;
  return rateNote(invoice.taxRatePercent, country);
}
