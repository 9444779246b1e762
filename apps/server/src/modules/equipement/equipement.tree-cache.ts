import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { TreeIndex } from './equipement.access.ts';

// The compact trees the server answered, kept per (company, tree version, type filter): the version is bumped by a
// trigger in the same transaction as every write to the company's equipment (migration 0023), and it is read in the
// same statement as the tree it labels, so an entry holds exactly the tree of its version. Concurrent readers of a
// version not cached yet share one build; later readers get the serialized bytes, compressed once per encoding (off
// the event loop, in libuv's pool). Nothing here knows who reads: what a caller may see is decided by the use case
// (get-tree.ts), which serves an entry as is only to a caller reading every node and otherwise filters its model.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Encodings the cached bytes are offered in (the API's own: @fastify/compress with br and gzip, app.ts). */
export type TreeEncoding = 'br' | 'gzip';

/** The compact tree as arrays (read back from its JSON the first time a caller needs it filtered), indexed. */
export interface TreeModel extends TreeIndex {
  ids: number[];
  parentIds: (number | null)[];
  names: string[];
  /** Rows whose parent is missing from the list (cannot happen: live rows hang under live rows). */
  orphans: Set<number>;
}

/** How many filtered answers one entry keeps (one per distinct set of rights asking for a compact form). */
const MAX_FILTERED = 8;

export class CachedTree {
  private readonly encoded = new Map<TreeEncoding, Promise<Buffer>>();
  private model: TreeModel | null = null;
  private readonly filtered = new Map<string, string>();

  constructor(
    /** Company and type filter. */
    readonly scope: string,
    readonly version: number,
    readonly total: number,
    /** The endpoint's compact answer, serialized. */
    readonly json: string,
  ) {}

  /** The JSON compressed in an encoding, once (gzip level 6, brotli quality 5: 3 MB in well under a second). */
  encode(encoding: TreeEncoding): Promise<Buffer> {
    let out = this.encoded.get(encoding);
    if (!out) {
      out =
        encoding === 'br'
          ? brotli(this.json, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
            })
          : gzip(this.json, { level: 6 });
      // A failed compression is not kept: the next reader tries again.
      out.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, out);
    }
    return out;
  }

  /** The arrays of the tree, in tree order (parents first). */
  modelOf(): TreeModel {
    if (!this.model) {
      const t = JSON.parse(this.json) as { ids: number[]; parentIds: (number | null)[]; names: string[] };
      const indexOf = new Map<number, number>();
      const parentIndex = new Int32Array(t.ids.length);
      const orphans = new Set<number>();
      t.ids.forEach((id, i) => {
        indexOf.set(id, i);
        const p = t.parentIds[i];
        const at = p === null || p === undefined ? -1 : (indexOf.get(p) ?? -2);
        if (at === -2) orphans.add(i);
        parentIndex[i] = at < 0 ? -1 : at;
      });
      this.model = { ids: t.ids, parentIds: t.parentIds, names: t.names, indexOf, parentIndex, orphans };
    }
    return this.model;
  }

  /** A filtered answer built before for the same rights (`fingerprint`), or built now by `build` and kept. */
  filteredJson(fingerprint: string, build: () => string): string {
    let json = this.filtered.get(fingerprint);
    if (json === undefined) {
      json = build();
      if (this.filtered.size >= MAX_FILTERED) this.filtered.delete(this.filtered.keys().next().value as string);
      this.filtered.set(fingerprint, json);
    } else {
      this.filtered.delete(fingerprint);
      this.filtered.set(fingerprint, json);
    }
    return json;
  }
}

/** Entries kept (least recently used dropped first); a newer version of a tree drops the older ones at once. */
const MAX_ENTRIES = 6;

/** The trees of one database (one per server: a test process may run several servers on several databases). */
export class TreeCache {
  private readonly entries = new Map<string, CachedTree>();
  private readonly building = new Map<string, Promise<CachedTree>>();

  private remember(tree: CachedTree): void {
    for (const [k, other] of this.entries) {
      if (other.scope !== tree.scope) continue;
      // A build that read an older version and ended last is not kept over the newer one.
      if (other.version > tree.version) return;
      this.entries.delete(k);
    }
    this.entries.set(`${tree.scope}|${tree.version}`, tree);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * The compact tree of a company (and type filter) at `version` (read by the caller's transaction): from the cache,
   * or from the build already running for it, or built now by `build`, which reads the tree and its version in one
   * statement (one snapshot). The entry is kept under the version `build` read: when a write committed in between,
   * it is the newer tree, never a mix.
   */
  async tree(
    entrepriseId: number,
    type: string | undefined,
    version: number,
    build: () => Promise<{ version: number; total: number; json: string }>,
  ): Promise<CachedTree> {
    const scope = `${entrepriseId}|${type ?? ''}`;
    const key = `${scope}|${version}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const running = this.building.get(key);
    if (running) {
      // Another request is building it in its own transaction; if that fails, this one builds in its own.
      const shared = await running.catch(() => null);
      if (shared) return shared;
    }
    const own = (async () => {
      const r = await build();
      const tree = new CachedTree(scope, r.version, r.total, r.json);
      this.remember(tree);
      return tree;
    })();
    if (!running) {
      this.building.set(key, own);
      const done = () => this.building.delete(key);
      own.then(done, done);
    }
    return own;
  }

  /** The newest tree kept for a company (and type filter), whatever its version. */
  latest(entrepriseId: number, type: string | undefined): CachedTree | undefined {
    const scope = `${entrepriseId}|${type ?? ''}`;
    let out: CachedTree | undefined;
    for (const tree of this.entries.values()) if (tree.scope === scope && (!out || tree.version > out.version)) out = tree;
    return out;
  }

  /** How many trees are kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, TreeCache>();

/** The tree cache of a database (its Database object, from the request's deps). */
export function treeCacheOf(database: object): TreeCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new TreeCache();
    caches.set(database, cache);
  }
  return cache;
}
