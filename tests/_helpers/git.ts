/**
 * Test helper: builds real git repositories in temp directories with the git
 * binary (allowed in tests as an oracle; baton itself never runs git).
 * @module
 */
import { tempDir } from "./temp.ts";

/** Result of running git. */
export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Environment that makes git deterministic and blind to the user's config. */
export const GIT_ENV = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.invalid",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.invalid",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

/**
 * git's output as it printed it: a leading U+FEFF is the first name's
 * (`git ls-files` of "\uFEFFa.txt"), which the default decoder would drop.
 */
const GIT_OUTPUT = new TextDecoder("utf-8", { ignoreBOM: true });

/** Runs git in `cwd`; throws when it fails unless `allowFail`. */
export async function git(
  cwd: string,
  args: string[],
  options: { allowFail?: boolean; stdin?: string; env?: Record<string, string> } = {},
): Promise<GitRun> {
  const cmd = new Deno.Command("git", {
    args,
    cwd,
    env: options.env === undefined ? GIT_ENV : { ...GIT_ENV, ...options.env },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const child = cmd.spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  const res = {
    code: out.code,
    stdout: GIT_OUTPUT.decode(out.stdout),
    stderr: GIT_OUTPUT.decode(out.stderr),
  };
  if (res.code !== 0 && options.allowFail !== true) {
    throw new Error(`git ${args.join(" ")} failed (${res.code}): ${res.stderr}`);
  }
  return res;
}

/** Creates an empty repository with branch main in a fresh temp dir (removed after the test file, tests/_helpers/temp.ts). */
export async function makeRepo(prefix = "baton-test-"): Promise<string> {
  const dir = (await tempDir(prefix)).path;
  await git(dir, ["init", "-q", "-b", "main"]);
  await git(dir, ["config", "gc.auto", "0"]);
  await git(dir, ["config", "core.autocrlf", "false"]);
  return dir;
}

/** Writes files (path -> content) under `dir`, creating parent directories. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, content);
  }
}

/** Stages everything and commits. */
export async function commitAll(dir: string, message = "commit"): Promise<string> {
  await git(dir, ["add", "-A"]);
  await git(dir, ["commit", "-q", "--allow-empty", "-m", message]);
  return (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
}
