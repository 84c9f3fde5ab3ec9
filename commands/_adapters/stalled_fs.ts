/**
 * For the hooks' budget tests only: with `BATON_TEST_STALL_READ` set to a
 * path suffix, every read of a file whose path ends so never returns, as a
 * read stuck on a dead network mount would; the test then shows a hook
 * ending on its budget without depending on the machine's speed. (A FIFO
 * used to be that input; every file a repository names is now refused
 * unless it is a regular file, so no real file blocks a read any more.)
 * Unset, as in every real run, the plain {@linkcode DenoFs} is used.
 * @module
 */
import { DenoFs } from "./deno_fs.ts";

/** A read that never ends; the interval keeps the event loop waiting on it, as a stuck read would. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {
    setInterval(() => {}, 60_000);
  });
}

/** DenoFs whose reads of paths ending in `suffix` never return. */
class StalledReadFs extends DenoFs {
  readonly #suffix: string;

  constructor(suffix: string) {
    super();
    this.#suffix = suffix;
  }

  override readFile(path: string): Promise<Uint8Array> {
    return path.endsWith(this.#suffix) ? never() : super.readFile(path);
  }

  override readInto(path: string, offset: number, into: Uint8Array): Promise<number> {
    return path.endsWith(this.#suffix) ? never() : super.readInto(path, offset, into);
  }
}

/**
 * The file system of a running process: {@linkcode DenoFs}, or for a budget
 * test one whose reads of `stallSuffix` never return.
 * @param stallSuffix `BATON_TEST_STALL_READ`'s value, if any.
 */
export function processFs(stallSuffix: string | undefined): DenoFs {
  return stallSuffix === undefined || stallSuffix === ""
    ? new DenoFs()
    : new StalledReadFs(stallSuffix);
}
