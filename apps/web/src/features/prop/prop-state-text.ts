import type { PropRuleStatus } from '@tradedesk/contracts';

/** The rule broken by a pause, as a sentence. */
export function pauseReason(status: PropRuleStatus): string {
  const broken = status.rules.find((r) => r.state === 'breached');
  return broken ? `${broken.label}: the limit was crossed.` : 'A rule was broken.';
}
