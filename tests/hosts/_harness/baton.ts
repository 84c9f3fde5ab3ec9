/**
 * baton as the suite runs it inside a sandbox: from source, with the
 * sandbox's environment, bounded like every other process.
 * @module
 */
import { type BoundedRun, runBounded } from "./process.ts";
import { CHECKOUT, type Sandbox } from "./sandbox.ts";

const DENO = `${CHECKOUT}/toolchain/node_modules/.bin/deno`;

/** Runs `baton ARGS` in the sandbox's repository. */
export async function baton(
  sb: Sandbox,
  args: string[],
  stdin?: string,
): Promise<BoundedRun> {
  return await runBounded(DENO, [
    "run",
    "--quiet",
    "--no-prompt",
    "--unstable-lazy-dynamic-imports",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-run",
    "--allow-sys=hostname,uid",
    "--allow-ffi",
    `--config=${CHECKOUT}/deno.json`,
    `${CHECKOUT}/main.ts`,
    ...args,
  ], {
    cwd: sb.repo,
    env: sb.env,
    timeoutMs: 60_000,
    ...(stdin === undefined ? {} : { stdin }),
  });
}

/** Runs baton and throws with its stderr unless it exits 0. */
export async function batonOk(
  sb: Sandbox,
  args: string[],
  stdin?: string,
): Promise<string> {
  const r = await baton(sb, args, stdin);
  if (r.code !== 0) {
    throw new Error(`baton ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  }
  return r.stdout;
}

/** Writes the capsule that carries the sandbox's marker. */
export async function writeMarkerCapsule(sb: Sandbox): Promise<void> {
  await batonOk(
    sb,
    ["finalize", "--draft", "-"],
    JSON.stringify({
      now: `Working on the parser; handoff marker ${sb.marker}`,
      next_action: "finish the lexer",
    }),
  );
}

/** One capsule as `baton list --json` shows it. */
export interface ListedCapsule {
  id: string;
  trigger: string;
  created_at: string;
}

/** The repository's capsules, oldest first. */
export async function listCapsules(sb: Sandbox): Promise<ListedCapsule[]> {
  const out = JSON.parse(await batonOk(sb, ["list", "--json"])) as {
    capsules: ListedCapsule[];
  };
  return [...out.capsules].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The paths `baton install HOST --json` wrote (with their backups). */
export async function install(sb: Sandbox, host: string): Promise<string[]> {
  const out = JSON.parse(await batonOk(sb, ["install", host, "--json"])) as {
    hosts: { files: { path: string; backup: string | null }[] }[];
  };
  return out.hosts.flatMap((h) =>
    h.files.flatMap((f) => f.backup === null ? [f.path] : [f.path, f.backup])
  );
}

/** Hook timing lines the hooks appended (BATON_TEST_HOOK_LOG). */
export interface HookTiming {
  event: string;
  host: string | null;
  action: string;
  ms: number;
}

/** Every hook run recorded in the sandbox. */
export async function hookTimings(sb: Sandbox): Promise<HookTiming[]> {
  let text = "";
  try {
    text = await Deno.readTextFile(sb.hookLog);
  } catch {
    return [];
  }
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as HookTiming);
}
