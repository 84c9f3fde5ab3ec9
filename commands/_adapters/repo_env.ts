/**
 * Edge: the Io a command runs with, where every setting of
 * core/trust/guarded_settings.ts that a host file in this repository names
 * reads as unset (a repository's committed host settings reach baton's
 * environment: an environment variable is no proof the person set it), with
 * one line on stderr for each. Only the variables set are looked for, from
 * the current folder up to the top of the outermost work tree around it (a
 * nested repository's host loads the outer one's `.env` too; the folder
 * itself outside git). The home directories are judged first, against every
 * work tree around (where that search stops is the home's to say). A search
 * that fails reads every guarded setting that is set as unset, and says so:
 * it fails closed, never open.
 * @module
 */
import type { Io } from "./io.ts";
import { guardedClosed, without } from "./guarded_closed.ts";
import { homeDir } from "./home.ts";
import { outermostWorkTree } from "../../core/facts/git/outer_work_tree.ts";
import { repositorySetVariables, shownEnvFile } from "../../core/trust/repository_env.ts";
import {
  guardedSet,
  HOME_NAMES,
  REPOSITORY_GUARDED,
  REPOSITORY_GUARDED_LOCATIONS,
  REPOSITORY_GUARDED_NAMES,
} from "../../core/trust/guarded_settings.ts";

/** Options of {@linkcode guardRepositoryEnv}. */
export interface GuardOptions {
  /** The folder whose repository is searched. @default {io.cwd()} */
  cwd?: string;
  /** Write nothing to stderr (a hook's job: the hook itself said it). @default {false} */
  quiet?: boolean;
}

/** Which set variable a host file in the repository names, by file. */
async function namedByRepository(io: Io, cwd: string, set: readonly string[]) {
  const named = new Map<string, string>();
  const found = (m: Map<string, string>) => m.forEach((file, n) => named.set(n, file));
  const homes = set.filter((n) => HOME_NAMES.includes(n));
  if (homes.length > 0) {
    const all = await outermostWorkTree(io.fs, cwd, null).catch(() => null);
    found(await repositorySetVariables(io.fs, all ?? cwd, cwd, homes, "as-key"));
  }
  const home = homeDir({ ...io, env: (n) => named.has(n) ? undefined : io.env(n) });
  const top = await outermostWorkTree(io.fs, cwd, home).catch(() => null);
  const own = set.filter((n) => REPOSITORY_GUARDED_NAMES.includes(n));
  found(await repositorySetVariables(io.fs, top ?? cwd, cwd, own));
  const places = set.filter((n) => !HOME_NAMES.includes(n) && !own.includes(n));
  found(await repositorySetVariables(io.fs, top ?? cwd, cwd, places, "as-key"));
  return named;
}

/**
 * `io`, with the guarded settings a repository could have set read as unset.
 * Never throws: a search that fails is {@linkcode guardedClosed}.
 * @param io The process's Io.
 * @returns `io` itself when no guarded setting is set or none is named.
 */
export async function guardRepositoryEnv(io: Io, options: GuardOptions = {}): Promise<Io> {
  const set = guardedSet((n) => io.env(n));
  if (set.length === 0) return io;
  let named: Map<string, string>;
  try {
    named = await namedByRepository(io, options.cwd ?? io.cwd(), set);
  } catch {
    return guardedClosed(io);
  }
  if (named.size === 0) return io;
  for (const [name, file] of options.quiet === true ? [] : named) {
    io.stderr.write(
      `baton: ${name} ignored: ${
        shownEnvFile(file)
      } in this repository names it, and a repository must not ${
        REPOSITORY_GUARDED[name] ?? REPOSITORY_GUARDED_LOCATIONS[name]
      }\n`,
    );
  }
  return without(io, new Set(named.keys()));
}

export { guardedClosed };
