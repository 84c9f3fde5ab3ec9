/**
 * The repository's format as git checks it before reading anything: its
 * own config file (`<common dir>/config`) judged by repository_format.ts.
 * For readers that need no other configuration (the index reader, the
 * handoff check) and must not read SHA-256 ids or a format git refuses as
 * if they were plain SHA-1.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { readOptionalText } from "./_read_optional.ts";
import { parseGitConfig } from "./parse_config.ts";
import { type FormatProblem, repositoryFormatProblem } from "./repository_format.ts";
import { GitUnsupportedError } from "./errors.ts";

/**
 * Why baton cannot read the repository as git would, or null (no config
 * file: git's defaults, SHA-1).
 * @throws {GitConfigSyntaxError} When the config file is malformed (git refuses it too).
 */
export async function readFormatProblem(
  fs: ReadFs,
  repo: RepoLocation,
): Promise<FormatProblem | null> {
  const text = await readOptionalText(fs, `${repo.commonDir}/config`);
  return text === null ? null : repositoryFormatProblem(parseGitConfig(text));
}

/**
 * Stops unless the repository is one baton reads (SHA-1 objects, files
 * refs, a format git accepts).
 * @throws {GitUnsupportedError} With the content-free reason otherwise.
 * @throws {GitConfigSyntaxError} When the config file is malformed.
 */
export async function requireReadableFormat(fs: ReadFs, repo: RepoLocation): Promise<void> {
  const problem = await readFormatProblem(fs, repo);
  if (problem !== null) {
    throw new GitUnsupportedError(
      `Cannot read the repository: ${problem.reason}`,
      "git_format_unsupported",
    );
  }
}
