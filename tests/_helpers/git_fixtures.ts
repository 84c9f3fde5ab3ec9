/**
 * Test helper: larger git fixtures built with `git fast-import`, a raw
 * (binary-safe) git runner, the `git cat-file --batch` oracle, and a ReadFs
 * wrapper that counts bytes read per file.
 * @module
 */
import { TestFs } from "./fs.ts";
import type { DirEntry, FileStat, ReadFs } from "../../core/fs.ts";
import { findRepo } from "../../core/facts/git/find_repo.ts";
import type { RepoLocation } from "../../core/facts/types.ts";
import { commitAll, git, GIT_ENV, makeRepo, writeFiles } from "./git.ts";

/** Runs git with binary stdin/stdout; throws on failure. */
export async function gitRaw(
  cwd: string,
  args: string[],
  stdin?: Uint8Array | ReadableStream<Uint8Array>,
): Promise<Uint8Array> {
  const child = new Deno.Command("git", {
    args,
    cwd,
    env: GIT_ENV,
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin instanceof Uint8Array) {
    const w = child.stdin.getWriter();
    await w.write(stdin);
    await w.close();
  } else if (stdin !== undefined) {
    await stdin.pipeTo(child.stdin);
  }
  const out = await child.output();
  if (out.code !== 0) {
    throw new Error(
      `git ${args.join(" ")} failed (${out.code}): ${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return out.stdout;
}

/** One object as `git cat-file --batch` prints it. */
export interface OracleObject {
  type: string;
  data: Uint8Array;
}

/** Every object in the repository, read by git itself. */
export async function catAllObjects(dir: string): Promise<Map<string, OracleObject>> {
  const out = await gitRaw(dir, ["cat-file", "--batch-all-objects", "--batch"]);
  const objects = new Map<string, OracleObject>();
  const dec = new TextDecoder();
  let pos = 0;
  while (pos < out.length) {
    const nl = out.indexOf(10, pos);
    const [oid, type, size] = dec.decode(out.subarray(pos, nl)).split(" ");
    const start = nl + 1;
    const end = start + Number(size);
    objects.set(oid!, { type: type!, data: out.slice(start, end) });
    pos = end + 1;
  }
  return objects;
}

/** Options for {@linkcode fastImportHistory}. */
export interface HistoryOptions {
  /** Branch to write. @default "refs/heads/main" */
  ref?: string;
  /** Commit time of commit i (seconds). @default 1700000000 + i * 60 */
  time?: (i: number) => number;
  /** Content of `file.txt` in commit i. @default a short line per commit */
  content?: (i: number) => string;
}

/** Writes `count` linear commits with fast-import; returns their ids oldest first. */
export async function fastImportHistory(
  dir: string,
  count: number,
  options: HistoryOptions = {},
): Promise<string[]> {
  const ref = options.ref ?? "refs/heads/main";
  const time = options.time ?? ((i: number) => 1700000000 + i * 60);
  const content = options.content ?? ((i: number) => `version ${i}\n`);
  const enc = new TextEncoder();
  const parts: string[] = [];
  for (let i = 1; i <= count; i++) {
    const msg = `commit ${i}\n`;
    const body = content(i);
    parts.push(
      `commit ${ref}\nmark :${i}\ncommitter Test <test@example.invalid> ${time(i)} +0000\n` +
        `data ${enc.encode(msg).length}\n${msg}` + (i > 1 ? `from :${i - 1}\n` : "") +
        `M 100644 inline file.txt\ndata ${enc.encode(body).length}\n${body}\n`,
    );
  }
  await gitRaw(
    dir,
    ["-c", "fastimport.unpackLimit=0", "fast-import", "--quiet"],
    enc.encode(parts.join("")),
  );
  const list = await gitRaw(dir, ["rev-list", "--reverse", ref]);
  return new TextDecoder().decode(list).trim().split("\n");
}

/** Writes one commit holding `count` random blobs of `bytes` each, as one fast-import pack. */
export async function fastImportRandomBlobs(
  dir: string,
  count: number,
  bytes: number,
): Promise<void> {
  const enc = new TextEncoder();
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < count) {
        i++;
        const blob = new Uint8Array(bytes);
        for (let off = 0; off < bytes; off += 65536) {
          crypto.getRandomValues(blob.subarray(off, Math.min(bytes, off + 65536)));
        }
        controller.enqueue(enc.encode(`blob\nmark :${i}\ndata ${bytes}\n`));
        controller.enqueue(blob);
        controller.enqueue(enc.encode("\n"));
        return;
      }
      const files = Array.from({ length: count }, (_, k) => `M 100644 :${k + 1} blobs/b${k}.bin\n`);
      controller.enqueue(enc.encode(
        `commit refs/heads/main\ncommitter Test <test@example.invalid> 1700000000 +0000\n` +
          `data 6\nblobs\n${files.join("")}\n`,
      ));
      controller.close();
    },
  });
  // Level 0 and a low big-file threshold keep git from compressing or deltifying random data (5x faster).
  await gitRaw(dir, [
    "-c",
    "fastimport.unpackLimit=0",
    "-c",
    "core.compression=0",
    "-c",
    "core.bigFileThreshold=512k",
    "fast-import",
    "--quiet",
  ], stream);
}

/** A ReadFs over TestFs that counts bytes returned per path. */
export class CountingFs implements ReadFs {
  #inner = new TestFs();
  /** Bytes returned by readFile and readRange, per path. */
  readonly bytes = new Map<string, number>();

  #count(path: string, n: number): void {
    this.bytes.set(path, (this.bytes.get(path) ?? 0) + n);
  }

  /** Sum over paths matching `test`. */
  total(test: (path: string) => boolean): number {
    let sum = 0;
    for (const [p, n] of this.bytes) if (test(p)) sum += n;
    return sum;
  }

  async readFile(path: string): Promise<Uint8Array> {
    const b = await this.#inner.readFile(path);
    this.#count(path, b.length);
    return b;
  }
  async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    const b = await this.#inner.readRange(path, offset, length);
    this.#count(path, b.length);
    return b;
  }
  lstat(path: string): Promise<FileStat | null> {
    return this.#inner.lstat(path);
  }
  lstatMany(paths: readonly string[], base?: string): Promise<(FileStat | null)[]> {
    return this.#inner.lstatMany(paths, base);
  }
  stat(path: string): Promise<FileStat | null> {
    return this.#inner.stat(path);
  }
  readDir(path: string): Promise<DirEntry[]> {
    return this.#inner.readDir(path);
  }
  readLink(path: string): Promise<string> {
    return this.#inner.readLink(path);
  }
  realPath(path: string): Promise<string> {
    return this.#inner.realPath(path);
  }
}

/** The repository at `dir`, found the way baton finds it. */
export async function repoAt(dir: string): Promise<RepoLocation> {
  const repo = await findRepo(new TestFs(), dir);
  if (repo === null) throw new Error(`no repository at ${dir}`);
  return repo;
}

/** `git rev-parse <rev>`. */
export async function revParse(dir: string, rev: string): Promise<string> {
  return (await git(dir, ["rev-parse", rev])).stdout.trim();
}

/** A repository with two commits on main changing a.txt. */
export async function makeTwoCommitRepo(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "1\n" });
  await commitAll(dir, "one");
  await writeFiles(dir, { "a.txt": "2\n" });
  await commitAll(dir, "two");
  return dir;
}

/** A depth-1 clone of `origin` in a fresh temp dir (removed after the test file). */
export async function shallowCloneOf(origin: string): Promise<string> {
  const shallow = await makeRepo();
  await Deno.remove(shallow, { recursive: true });
  await git(Deno.cwd(), ["clone", "-q", "--depth", "1", `file://${origin}`, shallow]);
  await git(shallow, ["config", "gc.auto", "0"]);
  return shallow;
}

/**
 * A repository with an executable file, a symlink, nested and non-ASCII
 * names, a merge commit (main merges side), a multi-line message and an
 * annotated tag v1.
 */
export async function makeVarietyRepo(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, {
    "a.txt": "a\n",
    "sub/b.txt": "b\n",
    "sub/deeper/c.txt": "c\n",
    "\u00e9.txt": "u\n",
  });
  await Deno.symlink("a.txt", `${dir}/link`);
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  await commitAll(dir, "first");
  await writeFiles(dir, { "a.txt": "a2\n" });
  await commitAll(dir, "second\n\nbody line");
  await git(dir, ["checkout", "-q", "-b", "side", "HEAD~1"]);
  await writeFiles(dir, { "side.txt": "s\n" });
  await commitAll(dir, "side");
  await git(dir, ["checkout", "-q", "main"]);
  await git(dir, ["merge", "-q", "--no-edit", "side"]);
  await git(dir, ["tag", "-a", "-m", "annotated", "v1"]);
  return dir;
}

/** Rewrites one path of the index in place (same length, same order) and redoes its checksum. */
export async function renameInIndex(dir: string, from: string, to: string): Promise<void> {
  if (from.length !== to.length) throw new Error("renameInIndex: the names differ in length");
  const path = `${dir}/.git/index`;
  const bytes = await Deno.readFile(path);
  const body = bytes.subarray(0, bytes.length - 20);
  const text = new TextDecoder("latin1").decode(body);
  const at = text.indexOf(from);
  if (at <= 0) throw new Error("renameInIndex: the name is not in the index");
  body.set(new TextEncoder().encode(to), at);
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-1", body));
  bytes.set(sum, body.length);
  await Deno.writeFile(path, bytes);
}
