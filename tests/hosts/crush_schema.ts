/**
 * Crush cannot run here (its npm package ships no binary: its install script
 * downloads the release archive from GitHub, which this machine cannot
 * reach), so its install is checked against Crush's documented formats only:
 * in a clone that opted in to the gate, the project's `crush.json` (a
 * user's own keys kept) gains `hooks.PreToolUse` entries with only the
 * documented fields (`name`, `matcher`, `command`, `timeout` in seconds); the
 * command, run with the documented PreToolUse payload on stdin, exits 0 and
 * prints nothing or only documented output fields; CRUSH.local.md (a
 * context file Crush reads) asks for `baton load` and a capsule; and
 * uninstall restores every file byte for byte.
 * @module
 */
import { baton, batonOk, install, writeMarkerCapsule } from "./_harness/baton.ts";
import { runBounded } from "./_harness/process.ts";
import { makeSandbox } from "./_harness/sandbox.ts";
import { changedSince, snapshot } from "./_harness/snapshot.ts";

const ENTRY_FIELDS = new Set(["name", "matcher", "command", "timeout"]);
const OUTPUT_FIELDS = new Set([
  "version",
  "decision",
  "halt",
  "reason",
  "context",
  "updated_input",
]);
/** A user's own crush.json, which install must keep byte for byte. */
const USER_CONFIG = '{\n  "options": { "debug": false },\n  "hooks": {}\n}\n';

/** Checks the Crush files; returns the problems found (empty: all conform). */
export async function checkCrushSchema(): Promise<string[]> {
  const problems: string[] = [];
  const sb = await makeSandbox("crush");
  try {
    await writeMarkerCapsule(sb);
    await Deno.writeTextFile(`${sb.repo}/crush.json`, USER_CONFIG);
    await batonOk(sb, ["enforce", "on", "--yes"]);
    const pre = await snapshot([`${sb.repo}/.crush`], [
      `${sb.repo}/crush.json`,
      `${sb.repo}/CRUSH.local.md`,
    ]);
    const written = await install(sb, "crush");
    const doc = JSON.parse(await Deno.readTextFile(`${sb.repo}/crush.json`));
    if (JSON.stringify(doc.options) !== JSON.stringify({ debug: false })) {
      problems.push("crush.json: the user's options were not kept");
    }
    const entries = doc.hooks?.PreToolUse;
    if (!Array.isArray(entries) || entries.length === 0) {
      problems.push("crush.json: no PreToolUse hook in an opted-in clone");
    }
    for (const event of Object.keys(doc.hooks ?? {})) {
      if (event !== "PreToolUse") {
        problems.push(`crush.json: unexpected event ${event}`);
      }
    }
    for (
      const e of (Array.isArray(entries) ? entries : []) as Record<
        string,
        unknown
      >[]
    ) {
      for (const f of Object.keys(e)) {
        if (!ENTRY_FIELDS.has(f)) {
          problems.push(`PreToolUse: undocumented field ${f}`);
        }
      }
      if (
        !(typeof e.timeout === "number" && e.timeout > 0 && e.timeout <= 60)
      ) {
        problems.push("PreToolUse: timeout is not a number of seconds");
      }
      if (typeof e.command !== "string" || e.command === "") {
        problems.push("PreToolUse: entry without a command");
        continue;
      }
      const r = await runBounded("sh", ["-c", e.command], {
        cwd: sb.repo,
        env: {
          ...sb.env,
          CRUSH: "1",
          CRUSH_EVENT: "PreToolUse",
          CRUSH_TOOL_NAME: "bash",
        },
        timeoutMs: 20_000,
        stdin: JSON.stringify({
          event: "PreToolUse",
          session_id: "313909e",
          cwd: sb.repo,
          tool_name: "bash",
          tool_input: { command: "ls" },
        }),
      });
      if (r.code !== 0) problems.push(`PreToolUse: the hook exited ${r.code}`);
      if (r.stdout.trim() !== "") {
        try {
          for (const f of Object.keys(JSON.parse(r.stdout))) {
            if (!OUTPUT_FIELDS.has(f)) {
              problems.push(`PreToolUse: undocumented output field ${f}`);
            }
          }
        } catch {
          problems.push("PreToolUse: stdout is not JSON");
        }
      }
    }
    const context = await Deno.readTextFile(`${sb.repo}/CRUSH.local.md`).catch(
      () => "",
    );
    for (const want of ["baton load", "baton preflight", "baton finalize"]) {
      if (!context.includes(want)) {
        problems.push(`CRUSH.local.md does not ask for ${want}`);
      }
    }
    const un = await baton(sb, ["uninstall", "crush"]);
    if (un.code !== 0) problems.push(`uninstall exited ${un.code}`);
    const changed = await changedSince(pre, [...pre.keys(), ...written]);
    if (changed.length > 0) {
      problems.push(`uninstall left ${changed.join(", ")}`);
    }
  } finally {
    await sb.remove();
  }
  return problems;
}
