/**
 * Hosts that need an account even against a local model endpoint (Auggie,
 * Qoder's CLI): the suite runs their pinned program once to show the exact
 * reason (a headless turn with the fake model's address in every variable
 * the program reads stops at its login check, and the fake model receives
 * no request), then checks baton's install against what the program's own
 * installed code reads: the settings file's path and every event name baton
 * registers appear in its bundle; each registered hook, run with a payload
 * in the host's shape, exits 0 and, at session start, prints the briefing in
 * `hookSpecificOutput.additionalContext`, the field the code reads; and
 * uninstall gives every file back byte for byte.
 * @module
 */
import { startFakeModel } from "./fake_model/server.ts";
import { baton, install, writeMarkerCapsule } from "./_harness/baton.ts";
import { runBounded } from "./_harness/process.ts";
import { CHECKOUT, HOST_BIN, makeSandbox } from "./_harness/sandbox.ts";
import { changedSince, snapshot } from "./_harness/snapshot.ts";

/** One host that needs an account. */
export interface AccountHost {
  host: string;
  bin: string;
  /** The program's bundle (from tests/hosts/node_modules), searched for what it reads. */
  bundle: string;
  /** The config folder and settings file in a project. */
  dir: string;
  settings: string;
  /** A headless turn. */
  turnArgs: string[];
  /** What it prints when it stops for want of an account. */
  loginLine: RegExp;
  /** A hook payload in the host's shape for `event`. */
  payload(event: string, repo: string): Record<string, unknown>;
}

/** What the check found. */
export interface AccountResult {
  host: string;
  version: string;
  /** The line the program stopped with (the reason it is install-and-schema only). */
  stoppedWith: string;
  problems: string[];
}

/** Auggie and Qoder's CLI. */
export const ACCOUNT_HOSTS: AccountHost[] = [
  {
    host: "auggie",
    bin: "auggie",
    bundle: "@augmentcode/auggie/augment.mjs",
    dir: ".augment",
    settings: ".augment/settings.json",
    turnArgs: ["--print", "Say OK."],
    loginLine: /No auth provided/,
    payload: (event, repo) => ({
      hook_event_name: event,
      conversation_id: "c1",
      workspace_roots: [repo],
    }),
  },
  {
    host: "qoder",
    bin: "qodercli",
    bundle: "@qoder-ai/qodercli/bundle/qodercli.js",
    dir: ".qoder",
    settings: ".qoder/settings.json",
    turnArgs: ["-p", "Say OK."],
    loginLine: /Not logged in/,
    payload: (event, repo) => ({
      hook_event_name: event,
      session_id: "s1",
      transcript_path: `${repo}/none.jsonl`,
      cwd: repo,
    }),
  },
];

/** Runs the check for one host. */
export async function checkAccountHost(
  h: AccountHost,
  version: string,
): Promise<AccountResult> {
  const problems: string[] = [];
  const result: AccountResult = {
    host: h.host,
    version,
    stoppedWith: "",
    problems,
  };
  const model = startFakeModel({ lifetimeMs: 3 * 60_000 });
  const sb = await makeSandbox(h.host);
  try {
    await writeMarkerCapsule(sb);
    // The reason, shown with the real program: every base-URL and key variable points at the
    // fake model, and the program still stops before asking it anything.
    const r = await runBounded(`${HOST_BIN}/${h.bin}`, h.turnArgs, {
      cwd: sb.repo,
      env: {
        ...sb.env,
        OPENAI_BASE_URL: `${model.url}/v1`,
        OPENAI_API_KEY: "dummy",
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: "dummy",
      },
      timeoutMs: 60_000,
    });
    const out = `${r.stdout}\n${r.stderr}`;
    result.stoppedWith = out.split("\n").find((l) => h.loginLine.test(l))?.trim().slice(0, 160) ??
      "";
    if (result.stoppedWith === "") {
      problems.push(
        `${h.bin} did not stop at its login check (exit ${r.code})`,
      );
    }
    if (model.requests.length > 0) {
      problems.push(
        `${h.bin} reached the local model (${model.requests.length} requests)`,
      );
    }
    const bundle = await Deno.readTextFile(
      `${CHECKOUT}/tests/hosts/node_modules/${h.bundle}`,
    );
    if (!bundle.includes(h.settings)) {
      problems.push(`the program never names ${h.settings}`);
    }
    const pre = await snapshot([`${sb.repo}/${h.dir}`]);
    const written = await install(sb, h.host);
    const doc = JSON.parse(await Deno.readTextFile(`${sb.repo}/${h.settings}`));
    const hooks = (doc.hooks ?? {}) as Record<
      string,
      { hooks?: { command?: string }[] }[]
    >;
    if (Object.keys(hooks).length === 0) {
      problems.push(`${h.settings}: no hooks`);
    }
    for (const [event, groups] of Object.entries(hooks)) {
      if (!bundle.includes(`"${event}"`)) {
        problems.push(`${event}: not an event the program names`);
      }
      for (const g of groups) {
        for (const handler of g.hooks ?? []) {
          if (typeof handler.command !== "string") {
            problems.push(`${event}: a handler without a command`);
            continue;
          }
          const run = await runBounded("sh", ["-c", handler.command], {
            cwd: sb.repo,
            env: sb.env,
            timeoutMs: 30_000,
            stdin: JSON.stringify(h.payload(event, sb.repo)),
          });
          if (run.code !== 0) {
            problems.push(`${event}: the hook exited ${run.code}`);
          }
          if (event !== "SessionStart") continue;
          let context = "";
          try {
            context = String(
              JSON.parse(run.stdout).hookSpecificOutput?.additionalContext ??
                "",
            );
          } catch {
            problems.push("SessionStart: stdout is not JSON");
          }
          if (!context.includes(sb.marker)) {
            problems.push(
              "SessionStart: hookSpecificOutput.additionalContext lacks the capsule",
            );
          }
        }
      }
    }
    if (!bundle.includes("additionalContext")) {
      problems.push("the program never reads additionalContext");
    }
    const un = await baton(sb, ["uninstall", h.host]);
    if (un.code !== 0) problems.push(`uninstall exited ${un.code}`);
    const changed = await changedSince(pre, [...pre.keys(), ...written]);
    if (changed.length > 0) {
      problems.push(`uninstall left ${changed.join(", ")}`);
    }
  } finally {
    await model.close();
    await sb.remove();
  }
  return result;
}
