/**
 * Test helper: a GitObjectReader backed by one long-running
 * `git cat-file --batch` process (git is allowed in tests as an oracle).
 * Reads are serialised; call close() when done.
 * @module
 */
import type { GitObject, GitObjectReader } from "../../core/facts/types.ts";

/** A reader that also counts reads and must be closed. */
export interface CatFileReader extends GitObjectReader {
  /** Objects requested so far. */
  readonly reads: number;
  /** Ends the git process. */
  close(): Promise<void>;
}

/** Starts `git cat-file --batch` in `gitDir`'s repository. */
export function catFileReader(cwd: string): CatFileReader {
  const child = new Deno.Command("git", {
    args: ["cat-file", "--batch"],
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
    env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.getReader();
  let buf = new Uint8Array(0);
  let queue: Promise<unknown> = Promise.resolve();
  let reads = 0;

  async function fill(): Promise<void> {
    const { value, done } = await reader.read();
    if (done) throw new Error("git cat-file ended");
    const next = new Uint8Array(buf.length + value.length);
    next.set(buf);
    next.set(value, buf.length);
    buf = next;
  }

  async function readOne(oid: string): Promise<GitObject | null> {
    reads++;
    await writer.write(new TextEncoder().encode(`${oid}\n`));
    let nl = buf.indexOf(10);
    while (nl < 0) {
      await fill();
      nl = buf.indexOf(10);
    }
    const header = new TextDecoder().decode(buf.subarray(0, nl)).split(" ");
    buf = buf.slice(nl + 1);
    if (header[1] === "missing") return null;
    const size = Number(header[2]);
    while (buf.length < size + 1) await fill();
    const data = buf.slice(0, size);
    buf = buf.slice(size + 1);
    return { type: header[1] as GitObject["type"], data };
  }

  return {
    get reads() {
      return reads;
    },
    read(oid: string): Promise<GitObject | null> {
      const p = queue.then(() => readOne(oid));
      queue = p.catch(() => {});
      return p;
    },
    async close(): Promise<void> {
      await writer.close();
      reader.releaseLock();
      await child.stdout.cancel();
      await child.status;
    },
  };
}
