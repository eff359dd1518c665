import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGuide, resolveGuideDir } from './docs.guide.js';

/** The repository's own guide (docs/guide): what the help center serves. */
describe('the user guide in the repository', () => {
  const dir = resolveGuideDir();
  const guide = loadGuide(dir);

  it('is found and has an article in every category, each with a summary', () => {
    expect(guide.categories.length).toBeGreaterThanOrEqual(5);
    for (const c of guide.categories)
      expect(
        guide.articles.some((a) => a.category === c.id),
        c.id,
      ).toBe(true);
    for (const a of guide.articles) expect(a.summary.length, a.slug).toBeGreaterThan(20);
    expect(guide.articles.map((a) => a.slug)).toContain('getting-started');
  });

  it('has at least 15 FAQ entries, each with an answer', () => {
    expect(guide.faqs.length).toBeGreaterThanOrEqual(15);
    for (const f of guide.faqs) expect(f.text.length, f.question).toBeGreaterThan(30);
  });

  it('links only to articles that exist', () => {
    const slugs = new Set([...guide.articles.map((a) => a.slug), 'faq']);
    for (const a of guide.articles) {
      for (const m of a.html.matchAll(/href="\/help\/docs\/([a-z0-9-]+)/g))
        expect(slugs.has(m[1] ?? ''), `${a.slug} -> ${m[1]}`).toBe(true);
    }
  });

  it('says that the market is simulated offline', () => {
    expect(guide.articles.find((a) => a.slug === 'getting-started')?.text).toContain('simulated market');
  });

  it('has every screenshot its articles show (e2e/specs/guide-screenshots.spec.ts takes them)', () => {
    const files = readdirSync(dir ?? '').filter((f) => f.endsWith('.md'));
    const referenced = files.flatMap((f) =>
      [...readFileSync(join(dir ?? '', f), 'utf8').matchAll(/\]\(images\/([^)]+)\)/g)].map((m) => m[1] ?? ''),
    );
    expect(referenced.length).toBeGreaterThanOrEqual(8);
    for (const name of referenced) expect(guide.images.has(name), name).toBe(true);
  });
});
