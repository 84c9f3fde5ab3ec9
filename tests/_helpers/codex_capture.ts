/**
 * A Codex session captured the way a person meets it: a rollout file written
 * where Codex keeps its sessions (under a temp HOME's `.codex/sessions`), the
 * real `baton` pre-compact hook for Codex run on it in a real repository,
 * then `baton load`. The temp HOME is removed afterwards.
 * @module
 */
import { preCompactThenLoad } from "./pre_compact.ts";
import { commitAll, makeRepo, writeFiles } from "./git.ts";
import { tempDir } from "./temp.ts";

/**
 * Commits `files` into a new repository, captures the rollout `rollout(repo)`
 * gives for session `sid`, and returns what `baton load` prints there.
 * @param sid The session id (the rollout's file name holds it).
 * @param files The repository's files.
 * @param rollout The rollout's JSON Lines, given the repository's path.
 * @returns `baton load`'s stdout.
 */
export async function loadAfterCodexCapture(
  sid: string,
  files: Record<string, string>,
  rollout: (repo: string) => string,
): Promise<string> {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, files);
  await commitAll(repo, "init");
  const dir = `${home.path}/.codex/sessions/2026/08/20`;
  await Deno.mkdir(dir, { recursive: true });
  const path = `${dir}/rollout-2026-08-20T09-00-00-${sid}.jsonl`;
  await Deno.writeTextFile(path, rollout(repo));
  const env = { HOME: home.path, CODEX_HOME: `${home.path}/.codex` };
  return await preCompactThenLoad({
    repo,
    host: "codex",
    env,
    sessionId: sid,
    transcriptPath: path,
  });
}
