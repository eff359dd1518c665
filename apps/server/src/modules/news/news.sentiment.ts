import { createRequire } from 'node:module';
import { NEWS_SENTIMENTS, type NewsSentiment } from '@tradedesk/contracts';
import Sentiment from 'sentiment';

/**
 * Headline sentiment: AFINN-165 (through the `sentiment` package, MIT) with a finance lexicon of our own on top.
 * AFINN scores everyday English; in market headlines some of its words mean nothing ("shares", "interest",
 * "crude", "gross") and market verbs it lacks carry the tone ("beats", "plunges", "downgrade"). A sum above
 * zero is Positive, below zero Negative, zero Neutral. Accuracy on the labelled set is in the README.
 */

/** Finance words and their weights (-5..5), written for this project. 0 cancels an AFINN word. */
export const FINANCE_LEXICON: Readonly<Record<string, number>> = {
  // results and estimates
  beat: 2,
  beats: 2,
  topped: 2,
  exceeds: 2,
  exceeded: 2,
  outperform: 2,
  outperforms: 2,
  upbeat: 2,
  miss: -2,
  misses: -2,
  missed: -2,
  shortfall: -2,
  underperform: -2,
  underperforms: -2,
  // moves
  surge: 3,
  surges: 3,
  surged: 3,
  soar: 3,
  soars: 3,
  soared: 3,
  jump: 2,
  jumps: 2,
  jumped: 2,
  rally: 2,
  rallies: 2,
  rallied: 2,
  climb: 1,
  climbs: 1,
  climbed: 1,
  rises: 1,
  rose: 1,
  rebound: 2,
  rebounds: 2,
  rebounded: 2,
  recovers: 2,
  advance: 1,
  advances: 1,
  higher: 1,
  plunge: -3,
  plunges: -3,
  plunged: -3,
  tumble: -3,
  tumbles: -3,
  tumbled: -3,
  slump: -3,
  slumps: -3,
  slumped: -3,
  sink: -2,
  sinks: -2,
  sank: -2,
  slide: -2,
  slides: -2,
  slid: -2,
  fall: -2,
  falls: -2,
  fell: -2,
  drops: -2,
  dropped: -2,
  decline: -2,
  declines: -2,
  declined: -2,
  slips: -1,
  slipped: -1,
  lower: -1,
  selloff: -3,
  'sell-off': -3,
  rout: -3,
  // analysts and outlook
  upgrade: 2,
  upgrades: 2,
  upgraded: 2,
  downgrade: -2,
  downgrades: -2,
  downgraded: -2,
  bullish: 2,
  bearish: -2,
  raises: 1,
  lifts: 1,
  expands: 1,
  expansion: 1,
  accelerates: 1,
  record: 1,
  dividend: 1,
  buyback: 1,
  'all-time': 1,
  contraction: -2,
  contracts: -1,
  slowdown: -2,
  slows: -1,
  recession: -3,
  stagnation: -2,
  layoffs: -2,
  'job-cuts': -2,
  default: -2,
  defaults: -2,
  warns: -2,
  fined: -2,
  probe: -1,
  halts: -2,
  recall: -2,
  writedown: -2,
  'write-down': -2,
  hawkish: -1,
  dovish: 1,
  headwinds: -2,
  tailwinds: 2,
  // everyday words that say nothing about tone in market news
  share: 0,
  shares: 0,
  interest: 0,
  demand: 0,
  crude: 0,
  gross: 0,
  fine: 0,
  care: 0,
  united: 0,
  big: 0,
  like: 0,
  no: 0,
  limited: 0,
  clear: 0,
  stable: 0,
  unemployment: 0,
  free: 0,
  please: 0,
  want: 0,
  huge: 0,
};

const require = createRequire(import.meta.url);
const english = require('sentiment/languages/en/index.js') as Sentiment.LanguageModule;
const analyzer = new Sentiment();
// A language of its own, so the shared English labels are never changed (the package's `extras` option mutates them).
analyzer.registerLanguage('en-finance', {
  labels: { ...english.labels, ...FINANCE_LEXICON },
  ...(english.scoringStrategy ? { scoringStrategy: english.scoringStrategy } : {}),
});

/** The lexicon score of a text: the sum of its word weights (negators flip the word after them). */
export function sentimentScore(text: string): number {
  return analyzer.analyze(text, { language: 'en-finance' }).score;
}

/** Positive, Negative or Neutral for a headline (and, when given, its summary, weighted half). */
export function classifySentiment(title: string, description = ''): NewsSentiment {
  const score = sentimentScore(title) + (description ? sentimentScore(description) / 2 : 0);
  if (score > 0) return 'Positive';
  if (score < 0) return 'Negative';
  return 'Neutral';
}

/**
 * Sentiment of a simulated release for the currency it concerns: the sign of (actual - forecast), flipped where
 * a lower figure is the better one (unemployment, jobless claims). Undefined when there is no surprise to read.
 */
export function surpriseSentiment(input: {
  actual: number | null | undefined;
  forecast: number | null | undefined;
  lowerIsBetter?: boolean;
}): NewsSentiment | undefined {
  const { actual, forecast } = input;
  if (actual === null || actual === undefined || forecast === null || forecast === undefined) return undefined;
  const diff = (actual - forecast) * (input.lowerIsBetter ? -1 : 1);
  if (Math.abs(diff) < 1e-12) return 'Neutral';
  return diff > 0 ? 'Positive' : 'Negative';
}

export const isNewsSentiment = (v: string): v is NewsSentiment => (NEWS_SENTIMENTS as readonly string[]).includes(v);
