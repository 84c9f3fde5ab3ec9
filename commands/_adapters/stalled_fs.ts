/**
 * For the hooks' budget tests only: with `BATON_TEST_STALL_READ` set to a
 * path suffix, every read of a file whose path ends so never returns, as a
 * read stuck on a dead network mount would; the test then shows a hook
 * ending on its budget without depending on the machine's speed. (A FIFO
 * used to be that input; every file a repository names is now refused
 * unless it is a regular file, so no real file blocks a read any more.)
 * A host hands its hooks what a repository's host files set, so the first
 * read that would stall first asks whether one names the variable
 * (core/trust/stall_setting.ts): then, or when that search fails, it is
 * read as unset, with one line on stderr. Unset, as in every real run, the
 * plain {@linkcode DenoFs} is used and nothing is searched.
 * @module
 */
import { DenoFs } from "./deno_fs.ts";

/** A read that never ends; the interval keeps the event loop waiting on it, as a stuck read would. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {
    setInterval(() => {}, 60_000);
  });
}

/** Whether the stall asked for is honoured here (searched once, on the first read it names). */
type StallHonoured = () => Promise<boolean>;

/** DenoFs whose reads of paths ending in `suffix` never return, once `honoured` says so. */
class StalledReadFs extends DenoFs {
  readonly #suffix: string;
  readonly #honoured: StallHonoured;
  #answer: Promise<boolean> | null = null;

  constructor(suffix: string, honoured: StallHonoured) {
    super();
    this.#suffix = suffix;
    this.#honoured = honoured;
  }

  async #stalls(path: string): Promise<boolean> {
    if (!path.endsWith(this.#suffix)) return false;
    this.#answer ??= this.#honoured().catch(() => false);
    return await this.#answer;
  }

  override async readFile(path: string, sizeHint?: number): Promise<Uint8Array> {
    return await this.#stalls(path) ? never() : await super.readFile(path, sizeHint);
  }

  override async readInto(path: string, offset: number, into: Uint8Array): Promise<number> {
    return await this.#stalls(path) ? never() : await super.readInto(path, offset, into);
  }
}

/** True when no host file around the process's folder names the variable (and says so when one does). */
async function stallHonouredHere(env: (name: string) => string | undefined): Promise<boolean> {
  const [{ stallSettingAt }, { outermostWorkTree }] = await Promise.all([
    import("../../core/trust/stall_setting.ts"),
    import("../../core/facts/git/outer_work_tree.ts"),
  ]);
  const fs = new DenoFs();
  const cwd = Deno.cwd().replaceAll("\\", "/");
  const outermost = (home: string | null) => outermostWorkTree(fs, cwd, home).catch(() => null);
  const { suffix, ignored } = await stallSettingAt(fs, cwd, env, outermost);
  if (ignored !== null) Deno.stderr.writeSync(new TextEncoder().encode(`baton: ${ignored}\n`));
  return suffix !== null;
}

/**
 * The file system of a running process: {@linkcode DenoFs}, or for a budget
 * test one whose reads of `stallSuffix` never return.
 * @param stallSuffix `BATON_TEST_STALL_READ`'s value, if any.
 * @param env The process's environment (the search for a host file naming the variable reads it).
 */
export function processFs(
  stallSuffix: string | undefined,
  env: (name: string) => string | undefined,
): DenoFs {
  return stallSuffix === undefined || stallSuffix === ""
    ? new DenoFs()
    : new StalledReadFs(stallSuffix, () => stallHonouredHere(env));
}
