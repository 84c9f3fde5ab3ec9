/**
 * The JavaScript that host plugins baton installs (OpenCode's plugin, pi's
 * extension) use to run one baton hook: `const BATON` (the invocation),
 * `const SCALE` (BATON_HOOK_TIME_SCALE, the setting that gives baton's own
 * hook budgets more time, read the way baton reads it) and
 * `runBaton(args, payload, cwd)`, which sends the payload as JSON on stdin
 * (nothing for null), resolves to what baton printed when it exited 0 and ""
 * otherwise, cuts the output at `maxChars`, and kills a run after
 * `timeoutMs` times SCALE: a failure or a slow baton never reaches the host.
 * Needs `spawn` from node:child_process in scope. Pure.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";

/** Milliseconds a plugin waits for one baton hook before killing it (times SCALE). */
export const PLUGIN_TIMEOUT_MS = 5000;

/** Most characters of baton's output a plugin passes on (the hosts' usual cap). */
export const PLUGIN_MAX_CHARS = 10_000;

/**
 * The runner's source text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsBatonRunner } from "./js_runner.ts";
 * const text = jsBatonRunner(["/opt/baton"]);
 * assert.match(text, /const BATON = \["\/opt\/baton"\];/);
 * assert.match(text, /function runBaton\(args, payload, cwd\)/);
 * ```
 */
export function jsBatonRunner(invocation: BatonInvocation): string {
  return `const BATON = ${JSON.stringify([...invocation])};
const SCALE = (() => {
  const n = Number(process.env.BATON_HOOK_TIME_SCALE);
  return Number.isInteger(n) && n >= 1 && n <= 30 ? n : 1;
})();

function runBaton(args, payload, cwd) {
  return new Promise((resolve) => {
    let child;
    let out = "";
    try {
      child = spawn(BATON[0], [...BATON.slice(1), ...args], {
        cwd,
        stdio: ["pipe", "pipe", "ignore"],
      });
    } catch {
      resolve("");
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), ${PLUGIN_TIMEOUT_MS} * SCALE);
    child.stdout.on("data", (chunk) => {
      if (out.length < ${PLUGIN_MAX_CHARS}) out += chunk;
    });
    child.on("error", () => {
      clearTimeout(timer);
      resolve("");
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? out.slice(0, ${PLUGIN_MAX_CHARS}) : "");
    });
    child.stdin.on("error", () => {});
    child.stdin.end(payload === null ? "" : JSON.stringify(payload));
  });
}`;
}
