/**
 * Test helper: temp directories that are always removed.
 *
 * Every directory made here is removed when the test file's tests are done
 * (a `Deno.test.afterAll` hook this module registers, which runs whether the
 * tests passed or failed), or earlier when the caller disposes of it:
 * `await using tmp = await tempDir()` removes it at the end of the scope,
 * `const dir = (await tempDir()).path` after the file's tests.
 *
 * Names start with {@linkcode TEMP_PREFIX} unless the caller passes another
 * `baton-` prefix. Outside `deno test` (a bench run) nothing is registered
 * and the caller removes what it made. `deno task test` fails when a run
 * leaves anything in its temp directory (tests/_tools/run_tests.ts).
 * @module
 */

/** The default name prefix. */
export const TEMP_PREFIX = "baton-test-";

/** A temp directory; `path` is its real path with "/" separators. */
export interface TempDir extends AsyncDisposable, Disposable {
  readonly path: string;
}

const pending = new Set<string>();

function removeQuietly(path: string): void {
  try {
    Deno.removeSync(path, { recursive: true });
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

/** Removes every directory still registered (the afterAll hook; also callable directly). */
export function removeTempDirs(): void {
  for (const path of [...pending]) {
    pending.delete(path);
    removeQuietly(path);
  }
}

Deno.test.afterAll(removeTempDirs);

function registered(made: string): TempDir {
  const path = Deno.realPathSync(made).replaceAll("\\", "/");
  pending.add(path);
  const dispose = (): void => {
    pending.delete(path);
    removeQuietly(path);
  };
  return {
    path,
    [Symbol.dispose]: dispose,
    [Symbol.asyncDispose]: () => Promise.resolve(dispose()),
  };
}

/**
 * Registers a path a test makes beside a temp directory (a linked worktree
 * at `${dir}-wt`, a file in the temp root) for removal after the file's
 * tests; returns the path.
 */
export function removeAfterTests(path: string): string {
  // Kept with any ".." resolved: `${dir}/../x` no longer resolves once `dir` is gone.
  const parts: string[] = [];
  for (const part of path.replaceAll("\\", "/").split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  pending.add(parts.join("/"));
  return path;
}

/** Makes a temp directory that is removed (see the module doc). */
export async function tempDir(prefix: string = TEMP_PREFIX): Promise<TempDir> {
  return registered(await Deno.makeTempDir({ prefix }));
}

/** {@linkcode tempDir}, synchronously. */
export function tempDirSync(prefix: string = TEMP_PREFIX): TempDir {
  return registered(Deno.makeTempDirSync({ prefix }));
}
