/**
 * Edge: the Io a command runs with, where every setting of
 * core/trust/guarded_settings.ts that a host file in this repository names
 * reads as unset (a repository's committed host settings reach baton's
 * environment: an environment variable is no proof the person set it), with
 * one line on stderr for each. Only the variables set are looked for, from
 * the current folder up to the top of the outermost work tree around it (a
 * nested repository's host loads the outer one's `.env` too; the folder
 * itself outside git).
 * @module
 */
import type { Io } from "./io.ts";
import { homeDir } from "./home.ts";
import { outermostWorkTree } from "../../core/facts/git/outer_work_tree.ts";
import { repositorySetVariables, shownEnvFile } from "../../core/trust/repository_env.ts";
import { REPOSITORY_GUARDED, REPOSITORY_GUARDED_NAMES } from "../../core/trust/guarded_settings.ts";

/** Options of {@linkcode guardRepositoryEnv}. */
export interface GuardOptions {
  /** The folder whose repository is searched. @default {io.cwd()} */
  cwd?: string;
  /** Write nothing to stderr (a hook's job: the hook itself said it). @default {false} */
  quiet?: boolean;
}

/**
 * `io`, with the guarded settings a repository could have set read as unset.
 * @param io The process's Io.
 * @returns `io` itself when no guarded setting is set or none is named.
 */
export async function guardRepositoryEnv(io: Io, options: GuardOptions = {}): Promise<Io> {
  const set = REPOSITORY_GUARDED_NAMES.filter((n) => (io.env(n) ?? "") !== "");
  if (set.length === 0) return io;
  const cwd = options.cwd ?? io.cwd();
  const top = await outermostWorkTree(io.fs, cwd, homeDir(io)).catch(() => null);
  const named = await repositorySetVariables(io.fs, top ?? cwd, cwd, set);
  if (named.size === 0) return io;
  for (const [name, file] of options.quiet === true ? [] : named) {
    io.stderr.write(
      `baton: ${name} ignored: ${
        shownEnvFile(file)
      } in this repository names it, and a repository must not ${REPOSITORY_GUARDED[name]}\n`,
    );
  }
  const env = io.env.bind(io);
  return { ...io, env: (name) => named.has(name) ? undefined : env(name) };
}
