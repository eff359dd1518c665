import type { AiMedia } from '@tradedesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createAiKnowledge } from './knowledge.module.js';
import { type Embed, type Embedding, processTerm } from './knowledge.search.js';
import { fixture } from './knowledge.test-helpers.js';

const clock = createManualClock(new Date('2026-03-20T12:00:00Z'));
type Ctx = Parameters<typeof createAiKnowledge>[0];
let ctx: Ctx;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let ada: string;
let bob: string;
let carol: string;
const none = { folderId: null, agentId: null, mediaIds: [] as string[] };

/**
 * A stand-in for a provider's embeddings: one dimension per group of words that mean alike, so "drawdown" lands
 * near "loss" although the two share no letters. Counts its calls.
 */
const GROUPS = [
  ['loss', 'drawdown', 'down', 'losing'],
  ['news', 'release', 'event', 'blackout'],
  ['journal', 'note', 'lesson'],
  ['size', 'volume', 'lot', 'sizing'],
];
const embedCalls: string[][] = [];
const embed: Embed = async (texts) => {
  embedCalls.push(texts);
  return texts.map((t) => {
    const words = t.toLowerCase().match(/[a-z]+/g) ?? [];
    return [...GROUPS.map((g) => words.filter((w) => g.includes(w)).length), 0.01];
  });
};

/** The same stand-in as the provider's model "test/groups-v1". */
const groups: Embedding = { id: 'test/groups-v1', embed };

const upload = (k: ReturnType<typeof createAiKnowledge>, userId: string, name: string, data: Buffer | string) =>
  k.media.upload(userId, { name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) });

let plain: ReturnType<typeof createAiKnowledge>;
const docs: Record<string, AiMedia> = {};

beforeAll(async () => {
  const t = await createTestApp({ build: { clock } });
  app = t.app;
  ctx = { db: t.database.db, clock, storage: t.app.ctx.storage };
  const users = await Promise.all([signUpAndLogin(t.app), signUpAndLogin(t.app), signUpAndLogin(t.app)]);
  [ada, bob, carol] = [users[0].userId, users[1].userId, users[2].userId];
  plain = createAiKnowledge(ctx);
  docs.handbook = await upload(plain, ada, 'handbook.pdf', fixture('sample.pdf'));
  docs.sizing = await upload(plain, ada, 'sizing.md', fixture('sample.md'));
  docs.journal = await upload(plain, ada, 'journaling.docx', fixture('sample.docx'));
  docs.setups = await upload(plain, ada, 'setups.csv', fixture('sample.csv'));
  docs.bobs = await upload(plain, bob, 'bob-secret.txt', 'Bob: the daily loss limit of my desk is nine percent.');
});

describe('full-text retrieval', () => {
  it('finds the passage that answers, first, with its file, page and address', async () => {
    const hits = await plain.search.search(ada, none, 'What is the daily loss limit?', 3);
    expect(hits[0]).toMatchObject({
      mediaId: docs.handbook!.id,
      name: 'handbook.pdf',
      chunk: 1,
      page: 2,
      url: `/api/ai/media/${docs.handbook!.id}/file#page=2`,
    });
    expect(hits[0]!.text).toContain('down four percent from the day start equity');
    expect(hits[0]!.score).toBeGreaterThan(hits[1]?.score ?? 0);
  });

  it.each([
    ['how do I size a position from the stop', 'sizing.md', 'volume = risk money'],
    ['journaling lessons after a session', 'journaling.docx', 'one lesson for tomorrow'],
    ['XAUUSD setup', 'setups.csv', 'symbol: XAUUSD, setup: News fade'],
    ['news blackout around releases', 'handbook.pdf', 'News blackout'],
  ])('"%s" -> %s', async (query, name, passage) => {
    const [top] = await plain.search.search(ada, none, query, 3);
    expect(top?.name).toBe(name);
    expect(top?.text).toContain(passage);
  });

  it('ignores stop words and matches word forms', () => {
    expect(['the', 'What', 'is'].map(processTerm)).toEqual([null, null, null]);
    expect(['losses', 'limits', 'trading', 'strategies', 'stopped'].map(processTerm)).toEqual([
      'loss',
      'limit',
      'trad',
      'strategy',
      'stopp',
    ]);
  });

  it('answers nothing for an empty query or a question no passage touches', async () => {
    expect(await plain.search.search(ada, none, '   ', 5)).toEqual([]);
    expect(await plain.search.search(ada, none, 'quantum chromodynamics', 5)).toEqual([]);
  });
});

describe('scope', () => {
  it('searches only the caller’s own files', async () => {
    const adaHits = await plain.search.search(ada, none, 'daily loss limit percent', 10);
    expect(adaHits.map((h) => h.mediaId)).not.toContain(docs.bobs!.id);
    const bobHits = await plain.search.search(bob, none, 'daily loss limit', 10);
    expect(new Set(bobHits.map((h) => h.mediaId))).toEqual(new Set([docs.bobs!.id]));
    // carol has no files at all
    expect(await plain.search.search(carol, none, 'daily loss limit', 10)).toEqual([]);
  });

  it('keeps to the attached files when a message names some', async () => {
    const hits = await plain.search.search(ada, { ...none, mediaIds: [docs.sizing!.id] }, 'daily loss limit stop', 10);
    expect(new Set(hits.map((h) => h.mediaId))).toEqual(new Set([docs.sizing!.id]));
    // another user's id attached finds nothing of theirs
    const foreign = await plain.search.search(ada, { ...none, mediaIds: [docs.bobs!.id] }, 'daily loss limit', 10);
    expect(foreign.map((h) => h.mediaId)).not.toContain(docs.bobs!.id);
  });

  it('reads a folder’s files and a public agent’s files (its owner’s, only those it lists)', async () => {
    const k = createAiKnowledge(ctx);
    k.useScopes({
      folderMediaIds: async (userId, folderId) => (userId === ada && folderId === 'f1' ? [docs.journal!.id] : []),
      // the agent is ada's and public: carol may use it
      agentKnowledge: async (_userId, agentId) =>
        agentId === 'coach' ? { ownerId: ada, mediaIds: [docs.handbook!.id] } : null,
    });
    const folder = await k.search.search(ada, { ...none, folderId: 'f1' }, 'session note lesson loss', 10);
    expect(new Set(folder.map((h) => h.mediaId))).toEqual(new Set([docs.journal!.id]));

    const viaAgent = await k.search.search(carol, { ...none, agentId: 'coach' }, 'risk per trade loss', 10);
    expect(viaAgent.length).toBeGreaterThan(0);
    expect(new Set(viaAgent.map((h) => h.mediaId))).toEqual(new Set([docs.handbook!.id]));
    // an agent's owner-file id passed as an attachment by someone else reads nothing more
    const sneaky = await k.search.search(carol, { ...none, agentId: 'coach', mediaIds: [docs.sizing!.id] }, 'stop', 10);
    expect(sneaky.map((h) => h.mediaId)).not.toContain(docs.sizing!.id);
    // an agent the caller may not use: only the caller's own library (empty for carol)
    expect(await k.search.search(carol, { ...none, agentId: 'private' }, 'risk per trade', 10)).toEqual([]);
  });
});

describe('vector retrieval (when the model offers embeddings)', () => {
  it('embeds passages at upload and finds by meaning what full text cannot', async () => {
    const k = createAiKnowledge(ctx, { embedder: async (userId) => (userId === carol ? groups : null) });
    const media = await upload(k, carol, 'carol-rules.pdf', fixture('sample.pdf'));
    expect(media.embedded).toBe(true);
    expect(embedCalls.some((texts) => texts.length === media.chunks)).toBe(true);

    // "drawdown" appears in no passage: full text finds nothing, the embeddings find the passages about losses
    expect(await plain.search.search(carol, none, 'drawdown', 5)).toEqual([]);
    const hits = await k.search.search(carol, none, 'drawdown', 5);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.mediaId).toBe(media.id);
      expect(hit.text).toMatch(/loss/);
    }
  });

  it('fuses both rankings by reciprocal rank: first in both lists scores twice first in one', async () => {
    const k = createAiKnowledge(ctx, { embedder: async () => groups });
    const [fused] = await k.search.search(carol, none, 'news blackout releases', 5);
    const [textOnly] = await plain.search.search(carol, none, 'news blackout releases', 5);
    expect(fused?.page).toBe(2);
    expect(textOnly?.page).toBe(2);
    expect(textOnly?.score).toBeCloseTo(1 / 60);
    expect(fused?.score).toBeCloseTo(2 / 60);
  });

  it('keeps a file when embedding fails, and keeps answering by full text when the query cannot be embedded', async () => {
    const failing: Embed = async () => {
      throw new Error('provider down');
    };
    const warnings: string[] = [];
    const k = createAiKnowledge(ctx, {
      embedder: async () => ({ id: 'test/failing', embed: failing }),
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    const media = await upload(k, bob, 'bob-more.txt', 'Bob closes everything before the weekend.');
    expect(media).toMatchObject({ embedded: false, chunks: 1 });
    const [top] = await k.search.search(bob, none, 'weekend', 5);
    expect(top?.mediaId).toBe(media.id);
    expect(warnings).toEqual([
      'Passages could not be embedded; full-text retrieval only.',
      'The query could not be embedded; full-text only.',
    ]);
  });
});

describe('a change of embedding model', () => {
  /** Another model: the same number of dimensions, but its axes mean something else (the groups reversed). */
  const otherEmbed: Embed = async (texts) =>
    (await embed(texts, new AbortController().signal)).map((v) => [...v].reverse());
  const other: Embedding = { id: 'test/groups-v2', embed: otherEmbed };

  it('never ranks vectors of another model, and re-embeds the files with the new one', async () => {
    const [dan] = [(await signUpAndLogin(app)).userId];
    const before = createAiKnowledge(ctx, { embedder: async () => groups });
    const a = await upload(before, dan, 'dan-rules.pdf', fixture('sample.pdf'));
    const b = await upload(before, dan, 'dan-sizing.md', fixture('sample.md'));
    expect((await before.search.search(dan, none, 'drawdown', 5)).length).toBeGreaterThan(0);

    // the operator switches the embedding model: same dimensions, other meaning
    const after = createAiKnowledge(ctx, { embedder: async () => other });
    expect(await after.reembedder.status(dan)).toEqual({ model: 'test/groups-v2', files: 2, current: 0, stale: 2 });
    // "drawdown" is in no passage: only vectors could find it, and the old model's are not compared
    expect(await after.search.search(dan, none, 'drawdown', 5)).toEqual([]);

    const progress: [number, number][] = [];
    const run = await after.reembedder.reembed(dan, { onProgress: (done, total) => progress.push([done, total]) });
    expect(run).toEqual({ model: 'test/groups-v2', done: 2, failed: 0, total: 2 });
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(await after.reembedder.status(dan)).toEqual({ model: 'test/groups-v2', files: 2, current: 2, stale: 0 });
    const hits = await after.search.search(dan, none, 'drawdown', 5);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((h) => h.mediaId)).toContain(a.id);
    for (const hit of hits) expect([a.id, b.id]).toContain(hit.mediaId);
    // the stored vectors are the new model's
    const [chunk] = (await after.media.chunks(dan, a.id)).chunks;
    expect(chunk).toBeTruthy();
    // nothing left to do; and the old model now finds nothing by meaning
    expect((await after.reembedder.reembed(dan)).total).toBe(0);
    expect(await before.search.search(dan, none, 'drawdown', 5)).toEqual([]);
    expect(b.embedded).toBe(true);
  });

  it('the leader’s job re-embeds every owner’s stale files, a file the provider fails on left as it was', async () => {
    const erin = (await signUpAndLogin(app)).userId;
    const frank = (await signUpAndLogin(app)).userId;
    const v1 = createAiKnowledge(ctx, { embedder: async () => groups });
    await upload(v1, erin, 'erin.md', fixture('sample.md'));
    await upload(v1, frank, 'frank.md', 'Frank: the daily loss limit is five percent.');
    await upload(createAiKnowledge(ctx), frank, 'frank-plain.md', 'Uploaded while no model offered embeddings.');
    const flaky: Embedding = {
      id: 'test/groups-v2',
      embed: async (texts, signal) => {
        if (texts.some((t) => t.includes('Frank: the daily'))) throw new Error('provider refused the text');
        return otherEmbed(texts, signal);
      },
    };
    const v2 = createAiKnowledge(ctx, { embedder: async () => flaky });
    await v2.reembedder.tick();
    expect(await v2.reembedder.status(erin)).toMatchObject({ current: 1, stale: 0 });
    // frank's plain file got its first vectors; the one the provider refused keeps waiting
    expect(await v2.reembedder.status(frank)).toMatchObject({ files: 2, current: 1, stale: 1 });
    expect(v2.reembedder.job).toMatchObject({ name: 'ai-knowledge-reembed' });
  });

  it('without a model that offers embeddings there is nothing to re-embed', async () => {
    const none_ = createAiKnowledge(ctx);
    expect(await none_.reembedder.status(ada)).toMatchObject({ model: null, current: 0, stale: 0 });
    expect(await none_.reembedder.reembed(ada)).toEqual({ model: null, done: 0, failed: 0, total: 0 });
  });
});

describe('the index', () => {
  it('sees files added and removed by another process (the other engine’s index is rebuilt)', async () => {
    const one = createAiKnowledge(ctx);
    const two = createAiKnowledge(ctx);
    expect(await one.search.search(bob, none, 'okapi', 5)).toEqual([]);
    const added = await upload(two, bob, 'okapi.txt', 'The okapi setup waits for a retest.');
    expect((await one.search.search(bob, none, 'okapi', 5)).map((h) => h.mediaId)).toEqual([added.id]);
    await two.media.delete(bob, added.id);
    expect(await one.search.search(bob, none, 'okapi', 5)).toEqual([]);
  });
});

describe('media for the other AI modules', () => {
  it('describes the owner’s files in the order asked, and names the ids that are not theirs', async () => {
    const ids = [docs.sizing!.id, docs.bobs!.id, docs.handbook!.id];
    expect((await plain.media.files(ada, ids)).map((f) => f.name)).toEqual(['sizing.md', 'handbook.pdf']);
    expect(await plain.media.missing(ada, ids)).toEqual([docs.bobs!.id]);
  });

  it('gives the text of attached files without the repeated overlaps, cut at a length', async () => {
    const [text] = await plain.media.text(ada, [docs.sizing!.id], 10_000);
    expect(text?.name).toBe('sizing.md');
    expect(text?.text).toBe(
      '# Position sizing\n\nSize every position from the stop distance: volume = risk money / (stop distance in pips x pip value).\n\n## Scaling out\n\nTake half off at one times the risk and move the stop to break even.',
    );
    const cut = await plain.media.text(ada, [docs.sizing!.id, docs.handbook!.id], 20);
    expect(cut.map((t) => t.text.length)).toEqual([20]);
    expect(await plain.media.text(bob, [docs.sizing!.id], 1000)).toEqual([]);
  });
});
