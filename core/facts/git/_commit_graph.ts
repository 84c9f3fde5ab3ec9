/**
 * Private: topological levels (generation numbers v1) from git's
 * commit-graph files, for sound pruning of reachability walks: a commit's
 * ancestors always have strictly lower levels. Reads
 * objects/info/commit-graph or a commit-graphs/ chain; small files whole,
 * large ones in pieces. Only OIDF, OIDL and CDAT are used.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { ByteLru } from "./_lru.ts";
import { readOptionalText } from "./_read_optional.ts";

const SIGNATURE = 0x43475048; // "CGPH"
const CHUNK_OIDF = 0x4f494446;
const CHUNK_OIDL = 0x4f49444c;
const CHUNK_CDAT = 0x43444154;
const HASH_BYTES = 20;
const CDAT_ROW = HASH_BYTES + 16;
const WHOLE_LIMIT = 16 * 1024 * 1024;
/** Most layers of a split commit-graph chain we read. */
const MAX_LAYERS = 64;

/** One commit-graph file. */
class GraphLayer {
  #fs: ReadFs;
  #path: string;
  #whole: Uint8Array | null;
  #fanout: Uint32Array;
  #oidl: number;
  #cdat: number;
  #buckets = new ByteLru<number, Uint8Array>(2 * 1024 * 1024);

  constructor(
    fs: ReadFs,
    path: string,
    whole: Uint8Array | null,
    fanout: Uint32Array,
    oidl: number,
    cdat: number,
  ) {
    this.#fs = fs;
    this.#path = path;
    this.#whole = whole;
    this.#fanout = fanout;
    this.#oidl = oidl;
    this.#cdat = cdat;
  }

  /** Parses header and chunk table; null when the file is absent, malformed or not SHA-1 v1. */
  static async open(fs: ReadFs, path: string): Promise<GraphLayer | null> {
    const st = await fs.stat(path);
    if (st === null || !st.isFile || st.size < 8 + 12) return null;
    const whole = st.size <= WHOLE_LIMIT ? await fs.readFile(path) : null;
    const head = whole ?? await fs.readRange(path, 0, 8);
    const v = new DataView(head.buffer, head.byteOffset, head.length);
    if (v.getUint32(0) !== SIGNATURE || head[4] !== 1 || head[5] !== 1) return null;
    const chunks = head[6]!;
    const tableBytes = (chunks + 1) * 12;
    const table = whole?.subarray(8, 8 + tableBytes) ?? await fs.readRange(path, 8, tableBytes);
    if (table.length !== tableBytes) return null;
    const tv = new DataView(table.buffer, table.byteOffset, table.length);
    const offsets = new Map<number, number>();
    for (let i = 0; i < chunks; i++) {
      const id = tv.getUint32(i * 12);
      const off = tv.getUint32(i * 12 + 4) * 2 ** 32 + tv.getUint32(i * 12 + 8);
      if (off > st.size) return null;
      offsets.set(id, off);
    }
    const oidf = offsets.get(CHUNK_OIDF);
    const oidl = offsets.get(CHUNK_OIDL);
    const cdat = offsets.get(CHUNK_CDAT);
    if (oidf === undefined || oidl === undefined || cdat === undefined) return null;
    const fanBytes = whole?.subarray(oidf, oidf + 1024) ?? await fs.readRange(path, oidf, 1024);
    if (fanBytes.length !== 1024) return null;
    const fv = new DataView(fanBytes.buffer, fanBytes.byteOffset, 1024);
    const fanout = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      fanout[i] = fv.getUint32(i * 4);
      if (i > 0 && fanout[i]! < fanout[i - 1]!) return null;
    }
    const count = fanout[255]!;
    if (oidl + count * HASH_BYTES > st.size || cdat + count * CDAT_ROW > st.size) return null;
    return new GraphLayer(fs, path, whole, fanout, oidl, cdat);
  }

  /** The commit's topological level, null when it is not in this layer or the level is unknown (0). */
  async level(oid: Uint8Array): Promise<number | null> {
    const first = oid[0]!;
    const lo = first === 0 ? 0 : this.#fanout[first - 1]!;
    const hi = this.#fanout[first]!;
    if (lo >= hi) return null;
    const bucket = await this.#bucket(first, lo, hi);
    let a = 0;
    let b = hi - lo;
    while (a < b) {
      const mid = (a + b) >>> 1;
      let cmp = 0;
      for (let i = 0; i < HASH_BYTES && cmp === 0; i++) {
        cmp = bucket[mid * HASH_BYTES + i]! - oid[i]!;
      }
      if (cmp === 0) {
        const at = this.#cdat + (lo + mid) * CDAT_ROW + HASH_BYTES + 8;
        const bytes = this.#whole?.subarray(at, at + 4) ??
          await this.#fs.readRange(this.#path, at, 4);
        if (bytes.length !== 4) return null;
        const word = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
        const level = word >>> 2;
        return level === 0 ? null : level;
      }
      if (cmp < 0) a = mid + 1;
      else b = mid;
    }
    return null;
  }

  async #bucket(first: number, lo: number, hi: number): Promise<Uint8Array> {
    const start = this.#oidl + lo * HASH_BYTES;
    const length = (hi - lo) * HASH_BYTES;
    if (this.#whole !== null) return this.#whole.subarray(start, start + length);
    const hit = this.#buckets.get(first);
    if (hit !== undefined) return hit;
    const bytes = await this.#fs.readRange(this.#path, start, length);
    this.#buckets.set(first, bytes, length);
    return bytes;
  }
}

/** All layers of a repository's commit-graph. */
export class CommitGraph {
  #layers: GraphLayer[];

  private constructor(layers: GraphLayer[]) {
    this.#layers = layers;
  }

  /**
   * Opens the commit-graph of an objects directory; null when there is none
   * or the repository is shallow or grafted (git ignores the graph then).
   * `objectsDir` is the store git reads first (GIT_OBJECT_DIRECTORY's).
   */
  static async open(
    fs: ReadFs,
    gitCommonDir: string,
    objectsDir = `${gitCommonDir}/objects`,
  ): Promise<CommitGraph | null> {
    const [shallow, grafts] = await fs.lstatMany([
      `${gitCommonDir}/shallow`,
      `${gitCommonDir}/info/grafts`,
    ]);
    if (shallow !== null || grafts !== null) return null;
    const info = `${objectsDir}/info`;
    const layers: GraphLayer[] = [];
    const single = await GraphLayer.open(fs, `${info}/commit-graph`);
    if (single !== null) layers.push(single);
    const chain = await readOptionalText(fs, `${info}/commit-graphs/commit-graph-chain`);
    for (const line of (chain ?? "").split("\n").slice(0, MAX_LAYERS)) {
      if (!/^[0-9a-f]{40}$/.test(line.trim())) continue;
      const layer = await GraphLayer.open(fs, `${info}/commit-graphs/graph-${line.trim()}.graph`);
      if (layer !== null) layers.push(layer);
    }
    return layers.length === 0 ? null : new CommitGraph(layers);
  }

  /** Topological level of a commit, or null when no layer knows it. */
  async level(oid: Uint8Array): Promise<number | null> {
    for (const layer of this.#layers) {
      const level = await layer.level(oid);
      if (level !== null) return level;
    }
    return null;
  }
}
