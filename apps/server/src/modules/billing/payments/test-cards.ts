import { TEST_MODE_CARDS, type TestCardOutcome } from '@tradedesk/contracts';
import type { CardBrand } from '../billing.types.js';

/** The brand a card number's leading digits name (IIN ranges of the four networks shown). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Whether the digits pass the Luhn check every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const byDigits = new Map(TEST_MODE_CARDS.map((c) => [c.number.replace(/ /g, ''), c.outcome]));

/** How a test card behaves when charged, or undefined for a number that is not one of the test cards. */
export function testCardOutcome(digits: string): TestCardOutcome | undefined {
  return byDigits.get(digits);
}
