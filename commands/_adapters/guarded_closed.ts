/**
 * Edge: what a failed search of a repository's host settings leaves — every
 * guarded variable that is set read as unset, and one line on stderr saying
 * so. Its own small module so that a caller whose search could not even be
 * loaded (the hook job) still fails closed.
 * @module
 */
import type { Io } from "./io.ts";
import { guardedSet } from "../../core/trust/guarded_settings.ts";

/** `io` with `names` read as unset. */
export function without(io: Io, names: ReadonlySet<string>): Io {
  const env = io.env.bind(io);
  return { ...io, env: (name) => names.has(name) ? undefined : env(name) };
}

/**
 * `io` with every guarded variable that is set read as unset, and one line
 * on stderr (even in a hook's job, where the hook could not say it) naming
 * them and why: what a search that failed leaves.
 */
export function guardedClosed(io: Io): Io {
  const set = guardedSet((n) => io.env(n));
  if (set.length === 0) return io;
  io.stderr.write(
    `baton: ${
      set.join(", ")
    } ignored: this repository's host settings could not be searched, so a repository could have set them\n`,
  );
  return without(io, new Set(set));
}
