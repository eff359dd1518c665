import type { Gif, GifList } from '@tradedesk/contracts';
import sharp from 'sharp';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { postError } from './posts.errors.js';
import type { GifProvider } from './posts.ports.js';

export const OWN_GIF_PROVIDER = 'tradedesk';

type Rgb = [number, number, number];
type Frame = (x: number, y: number, frame: number) => Rgb;
const SIZE = 120;
const FRAMES = 8;

const bars =
  (color: Rgb, rising: boolean): Frame =>
  (x, y, f) => {
    const bar = Math.floor(x / 24);
    const level = rising ? (bar + 1) * 18 + f * 2 : (5 - bar) * 18 + (FRAMES - f) * 2;
    return x % 24 > 4 && SIZE - y < level ? color : [250, 250, 250];
  };
const moon: Frame = (x, y, f) => {
  const cx = 20 + f * 11;
  const cy = 100 - f * 11;
  return (x - cx) ** 2 + (y - cy) ** 2 < 144 ? [255, 200, 40] : [20, 24, 60];
};
const pulse: Frame = (x, y, f) => {
  const r = 20 + Math.abs(4 - f) * 8;
  return (x - 60) ** 2 + (y - 60) ** 2 < r * r ? [30, 136, 229] : [245, 248, 255];
};

/** The offline set "Our favorites": small animated GIFs the project draws itself (no third-party media). */
const OWN_GIFS: { id: string; title: string; draw: Frame }[] = [
  { id: 'bullish-bars', title: 'Bullish', draw: bars([46, 160, 67], true) },
  { id: 'bearish-bars', title: 'Bearish', draw: bars([211, 47, 47], false) },
  { id: 'to-the-moon', title: 'To the moon', draw: moon },
  { id: 'steady-pulse', title: 'Stay calm', draw: pulse },
];

/** Draws one of the own GIFs: frames stacked as raw RGB pages, encoded by sharp as a looping GIF. */
export async function drawOwnGif(draw: Frame): Promise<Buffer> {
  const raw = Buffer.alloc(SIZE * SIZE * FRAMES * 3);
  for (let f = 0; f < FRAMES; f++) {
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const [r, g, b] = draw(x, y, f);
        const i = ((f * SIZE + y) * SIZE + x) * 3;
        raw[i] = r;
        raw[i + 1] = g;
        raw[i + 2] = b;
      }
    }
  }
  return sharp(raw, { raw: { width: SIZE, height: SIZE * FRAMES, channels: 3, pageHeight: SIZE } })
    .gif({ loop: 0, delay: Array(FRAMES).fill(120) })
    .toBuffer();
}

/** "Our favorites", drawn and stored on first use (the storage keeps them across restarts). */
export function createOwnGifs(storage: FileStorage): GifProvider {
  let ready: Promise<Gif[]> | undefined;
  const make = () =>
    Promise.all(
      OWN_GIFS.map(async (g): Promise<Gif> => {
        const key = `social/gifs/${g.id}.gif`;
        if (!(await storage.get(key))) await storage.put(key, await drawOwnGif(g.draw), 'image/gif');
        const url = storage.url(key);
        return {
          id: g.id,
          provider: OWN_GIF_PROVIDER,
          title: g.title,
          url,
          previewUrl: url,
          width: SIZE,
          height: SIZE,
        };
      }),
    );
  const all = () => {
    ready ??= make().catch((error) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    name: OWN_GIF_PROVIDER,
    favorites: all,
    async search(q) {
      const words = q.toLowerCase();
      return (await all()).filter((g) => g.title.toLowerCase().includes(words) || g.id.includes(words));
    },
    async find(id) {
      return (await all()).find((g) => g.id === id) ?? null;
    },
  };
}

type GiphyImage = { url?: string; width?: string | number; height?: string | number };
type GiphyItem = { id?: string; title?: string; images?: Record<string, GiphyImage | undefined> };

/**
 * A Giphy-style HTTP API (GIF_PROVIDER_URL, GIF_PROVIDER_KEY): `{url}/search?q`, `{url}/trending`, `{url}/{id}`,
 * each with `api_key`, answering `{ data }` of items with `images.original` and `images.fixed_width_small`.
 */
export function createHttpGifProvider(options: {
  url: string;
  key: string;
  name?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): GifProvider {
  const name = options.name ?? 'giphy';
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, params: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${base}/${path}`);
    url.searchParams.set('api_key', options.key);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    } catch {
      throw postError(
        'POST_GIF_UNAVAILABLE',
        'The GIF provider did not answer: try again, or pick one of Our favorites.',
      );
    }
    if (res.status === 404) return null;
    if (!res.ok) {
      throw postError('POST_GIF_UNAVAILABLE', 'The GIF provider refused the request: pick one of Our favorites.');
    }
    return ((await res.json()) as { data?: unknown }).data ?? null;
  }

  const toGif = (item: GiphyItem): Gif | null => {
    const original = item.images?.original;
    if (!item.id || !original?.url || !/^https:\/\//.test(original.url)) return null;
    const preview = item.images?.fixed_width_small?.url ?? original.url;
    return {
      id: item.id,
      provider: name,
      title: item.title ?? '',
      url: original.url,
      previewUrl: /^https:\/\//.test(preview) ? preview : original.url,
      width: Math.round(Number(original.width) || 0),
      height: Math.round(Number(original.height) || 0),
    };
  };
  const list = (data: unknown) => (Array.isArray(data) ? data.flatMap((d) => toGif(d as GiphyItem) ?? []) : []);

  return {
    name,
    async search(q) {
      return list(await call('search', { q, limit: '24', rating: 'g' }));
    },
    async favorites() {
      return list(await call('trending', { limit: '24', rating: 'g' }));
    },
    async find(id) {
      const data = await call(encodeURIComponent(id));
      return data && !Array.isArray(data) ? toGif(data as GiphyItem) : null;
    },
  };
}

/** GET /posts/gifs: "Our favorites" (the default tab) or a search of the configured provider. */
export function createGifsService(deps: { own: GifProvider; provider?: GifProvider | undefined }) {
  const { own, provider } = deps;
  return {
    async list(tab: 'favorites' | 'search', q: string | undefined): Promise<GifList> {
      if (tab === 'favorites') return { provider: own.name, items: await own.favorites() };
      if (!q) throw postError.onField('q', 'POST_INVALID_FIELD', 'q is required to search GIFs.');
      if (!provider) return { provider: own.name, items: await own.search(q) };
      return { provider: provider.name, items: await provider.search(q) };
    },
    /** The GIF a post names, from our set or the configured provider; null when unknown. */
    async find(providerName: string, id: string): Promise<Gif | null> {
      if (providerName === own.name) return own.find(id);
      if (provider && providerName === provider.name) return provider.find(id);
      return null;
    },
  };
}
export type GifsService = ReturnType<typeof createGifsService>;
