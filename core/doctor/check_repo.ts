/**
 * Doctor's repository check: not only whether a repository is there, but
 * whether baton can read it. Every part the facts need (the `.git` link,
 * config, HEAD and refs, the HEAD commit, the index and the work-tree scan)
 * is read the way a capture would read it, and each part that cannot be read
 * is named with its reason (content-free). A repository that cannot be read
 * is a warning, not a failure: capsules are still written, with those facts
 * marked unavailable.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { collectFacts } from "../facts/collect.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";
import type { FoundLayout } from "../store/find_layout.ts";
import type { DoctorCheck } from "./check.ts";

/** Options of {@linkcode checkRepo}. */
export interface CheckRepoOptions {
  now: () => Date;
  homeDir?: string | null;
  xdgConfigHome?: string | null;
  /** git's variables set in the environment, read as a capture reads them. @default {{}} */
  gitEnvironment?: GitEnvironment;
  /**
   * Time for the scan; without one every part is read in full (the index
   * checksum included). @default {no limit}
   */
  budgetMs?: number;
}

/**
 * Checks that the repository (if any) can be read.
 *
 * @param fs Read-only file access.
 * @param found The layout lookup (with its repository problem, if any).
 * @param options Clock and config locations.
 * @returns The `repository` check.
 */
export async function checkRepo(
  fs: ReadFs,
  found: FoundLayout,
  options: CheckRepoOptions,
): Promise<DoctorCheck> {
  if (found.repoProblem !== undefined) {
    return {
      name: "repository",
      outcome: "warn",
      reason:
        `The repository cannot be located: repository: ${found.repoProblem}; capsules are written with repository facts unavailable`,
    };
  }
  if (found.repo === null) {
    return {
      name: "repository",
      outcome: "warn",
      reason: "Not inside a git repository: capsules written here carry no repository facts",
    };
  }
  const facts = await collectFacts(fs, found.repo.workTree, {
    repo: found.repo,
    now: options.now,
    homeDir: options.homeDir ?? null,
    xdgConfigHome: options.xdgConfigHome ?? null,
    gitEnvironment: options.gitEnvironment ?? {},
    maxFiles: 0,
    publishBudgetMs: 0,
    ...(options.budgetMs === undefined
      ? {}
      : { deadlineMs: options.now().getTime() + options.budgetMs }),
  });
  const broken = facts.unavailable ?? [];
  if (broken.length > 0) {
    return {
      name: "repository",
      outcome: "warn",
      reason: `The git repository at ${found.repo.workTree} is damaged: ${
        broken.map((u) => `${u.part}: ${u.reason}`).join("; ")
      }; capsules are written with those facts marked unavailable`,
    };
  }
  if (facts.notes.length > 0) {
    return {
      name: "repository",
      outcome: "warn",
      reason: `Inside the git repository at ${found.repo.workTree}, partly unreadable: ${
        facts.notes.join("; ")
      }`,
    };
  }
  return {
    name: "repository",
    outcome: "ok",
    reason: `Inside the git repository at ${found.repo.workTree}, readable`,
  };
}
