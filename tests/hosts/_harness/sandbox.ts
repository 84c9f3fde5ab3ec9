/**
 * One host's sandbox: a temp directory holding a fresh HOME (and every
 * config directory a host reads: XDG_*, CODEX_HOME, CLAUDE_CONFIG_DIR…) and
 * a git repository with a capsule that carries a unique marker. Nothing of
 * the real user's environment is passed on except PATH, DENO_DIR and the
 * locale; removing the sandbox removes everything the test made.
 * @module
 */
import { killSandboxProcesses, runBounded } from "./process.ts";

/** Absolute path of the baton checkout. */
export const CHECKOUT = new URL("../../../", import.meta.url).pathname.replace(
  /\/$/,
  "",
);
/** The pinned host programs' bin folder. */
export const HOST_BIN = `${CHECKOUT}/tests/hosts/node_modules/.bin`;

/** A prepared sandbox. */
export interface Sandbox {
  root: string;
  home: string;
  repo: string;
  /** The unique marker written into the capsule. */
  marker: string;
  /** Where hooks append their timing lines (BATON_TEST_HOOK_LOG). */
  hookLog: string;
  /** The environment for every process run in the sandbox. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

function denoDir(): string {
  const set = Deno.env.get("DENO_DIR");
  if (set !== undefined && set !== "") return set;
  const home = Deno.env.get("HOME") ?? "/root";
  return Deno.build.os === "darwin" ? `${home}/Library/Caches/deno` : `${home}/.cache/deno`;
}

async function git(
  repo: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<void> {
  const r = await runBounded("git", args, {
    cwd: repo,
    env,
    timeoutMs: 20_000,
  });
  if (r.code !== 0) throw new Error(`git ${args[0]} failed: ${r.stderr}`);
}

/** Makes the sandbox; `extraEnv` is added to its environment. */
export async function makeSandbox(
  host: string,
  extraEnv: Record<string, string> = {},
): Promise<Sandbox> {
  const root = await Deno.makeTempDir({ prefix: `baton-host-${host}-` });
  const home = `${root}/home`;
  const repo = `${root}/repo`;
  for (
    const d of [
      home,
      repo,
      `${home}/.config`,
      `${home}/.local/share`,
      `${home}/.cache`,
    ]
  ) {
    await Deno.mkdir(d, { recursive: true });
  }
  const marker = `BATONMARK${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  // The hooks append only to a log made beforehand and named by its real path
  // (commands/_adapters/hook_io.ts): a user's run never creates one.
  const hookLog = `${await Deno.realPath(root)}/hook_times.jsonl`;
  await Deno.writeTextFile(hookLog, "");
  const env: Record<string, string> = {
    PATH: `${HOST_BIN}:${CHECKOUT}/toolchain/node_modules/.bin:${
      Deno.env.get("PATH") ?? "/usr/bin:/bin"
    }`,
    HOME: home,
    USER: "tester",
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    CI: "1",
    TMPDIR: `${root}/tmp`,
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_CACHE_HOME: `${home}/.cache`,
    XDG_STATE_HOME: `${home}/.local/state`,
    CODEX_HOME: `${home}/.codex`,
    CLAUDE_CONFIG_DIR: `${home}/.claude`,
    DENO_DIR: denoDir(),
    DENO_NO_UPDATE_CHECK: "1",
    GIT_CONFIG_NOSYSTEM: "1",
    BATON_TEST_HOOK_LOG: hookLog,
    // The hooks' budgets scaled up (the hosts allow a hook 60 s or more), so a
    // loaded CI machine cannot turn a slow hook into a missing capsule here.
    BATON_HOOK_TIME_SCALE: "10",
    ...extraEnv,
  };
  await Deno.mkdir(env.TMPDIR!, { recursive: true });
  await Deno.mkdir(env.CODEX_HOME!, { recursive: true });
  await Deno.writeTextFile(
    `${home}/.gitconfig`,
    "[user]\n\tname = Host Test\n\temail = host@test.invalid\n[init]\n\tdefaultBranch = main\n",
  );
  await git(repo, env, "init", "-q");
  await Deno.writeTextFile(`${repo}/README.md`, "# sample project\n");
  await git(repo, env, "add", "-A");
  await git(repo, env, "commit", "-q", "-m", "init");
  return {
    root,
    home,
    repo,
    marker,
    hookLog,
    env,
    async remove(): Promise<void> {
      // A host may leave a daemon in its own session (Cline's CLI did): it
      // outlives the run's process group and wrote into the removed sandbox.
      await killSandboxProcesses(home);
      await Deno.remove(root, { recursive: true }).catch(() => {});
    },
  };
}
