/**
 * One host without hooks, end to end through baton's rules block: install
 * writes the block into a rules file the host reads (here over a user's own
 * file at that path), and the fake model plays a model that follows it: in a
 * new headless session its first request must carry the block's instruction,
 * and the model answers with the shell call the block names (`baton load`,
 * copied from the request itself); the host runs it, and the briefing (the
 * capsule's marker) must come back in the next request as the tool result.
 * A second session does the same, then writes a capsule the way the block
 * says (`baton finalize --draft -` fed a draft), which must land as a new
 * capsule carrying the model's words; then `baton uninstall` must give every
 * file back byte for byte. A session before install is the control: the
 * same model is told nothing there and must see no briefing. The host, its shell tool and baton are real.
 * @module
 */
import { type FakeModel, startFakeModel } from "../fake_model/server.ts";
import type { ScriptContext, ToolScript } from "../fake_model/tool_script.ts";
import { baton, install, listCapsules, writeMarkerCapsule } from "./baton.ts";
import { checkTranscript, type HostResult } from "./case.ts";
import { runBounded } from "./process.ts";
import { HOST_BIN, makeSandbox, type Sandbox } from "./sandbox.ts";
import { changedSince, snapshot } from "./snapshot.ts";

/** What the suite needs to know about a host that takes baton's rules block. */
export interface RulesDriver {
  host: string;
  bin: string;
  /** The host's config folders in the repository (snapshotted for the uninstall check). */
  watched: readonly string[];
  /** Writes the host's own config (model provider) and the user's own rules before install. */
  prepare(sb: Sandbox, model: FakeModel): Promise<void>;
  env(sb: Sandbox, model: FakeModel): Record<string, string>;
  /** Arguments of one new headless session whose shell tool runs without asking. */
  turnArgs(sb: Sandbox, prompt: string): string[];
  turnTimeoutMs: number;
}

/** Every string in a JSON request body (the instruction may sit in any message). */
function stringsOf(body: string): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) {
      Object.values(v).forEach(walk);
    }
  };
  try {
    walk(JSON.parse(body));
  } catch {
    return "";
  }
  return out.join("\n");
}

/** The commands the rules block names, as the model reads them in its request. */
export function blockCommands(
  body: string,
): { load: string; finalize: string } | null {
  const text = stringsOf(body);
  const load = /run `([^`]+ load)` in the shell/.exec(text)?.[1];
  const finalize = /pass it to\s+`([^`]+ finalize --draft -)`/.exec(text)?.[1];
  return load === undefined || finalize === undefined ? null : { load, finalize };
}

/** The model that follows the block: load first, then (when asked to) a capsule. */
function followingModel(capture: string | null): ToolScript {
  return ({ results, body }: ScriptContext): string | null => {
    const cmds = blockCommands(body);
    if (cmds === null) return null;
    if (results.length === 0) return cmds.load;
    if (results.length === 1 && capture !== null) {
      const draft = JSON.stringify({
        now: `Wrapped up; ${capture}`,
        next_action: "carry on",
      });
      return `printf '%s' '${draft}' | ${cmds.finalize}`;
    }
    return null;
  };
}

/** Runs the rules-block case for one host. */
export async function runRulesCase(
  driver: RulesDriver,
  version: string,
): Promise<HostResult> {
  const started = performance.now();
  const result: HostResult = {
    host: driver.host,
    version,
    install: "no",
    hooksRan: "n/a: no hooks; the rules block asks the model",
    briefingReachedModel: "no",
    capture: "no",
    compaction: "n/a: no compaction event reaches baton without hooks",
    reinjectedAfterCompaction: "n/a: no session start after compaction",
    newSession: "no",
    uninstall: "no",
    hookMs: [],
    failures: [],
    notes: [],
    seconds: 0,
  };
  const fail = (m: string): void => {
    result.failures.push(m);
  };
  const model = startFakeModel({ lifetimeMs: 8 * 60_000 });
  const sb = await makeSandbox(driver.host);
  try {
    await writeMarkerCapsule(sb);
    await driver.prepare(sb, model);
    const pre = await snapshot(driver.watched.map((d) => `${sb.repo}/${d}`), [
      `${sb.repo}/.git/info/exclude`,
    ]);
    const env = { ...sb.env, ...driver.env(sb, model) };
    const turn = (prompt: string) =>
      runBounded(`${HOST_BIN}/${driver.bin}`, driver.turnArgs(sb, prompt), {
        cwd: sb.repo,
        env,
        timeoutMs: driver.turnTimeoutMs,
        graceMs: 2000,
      });
    const outputs: string[] = [];

    // Control, before install: the same model in the same host is told nothing and gets
    // no briefing, so the checks below can fail.
    model.setScript(followingModel(null));
    const control = await turn("Start the session the way your rules say.");
    outputs.push(control.stdout, control.stderr);
    if (model.requests.length === 0) {
      fail("control: the host sent no request before install");
    }
    if (model.calls.length > 0 || model.bodiesWith(sb.marker).length > 0) {
      fail(
        "control: before install the model already ran baton or saw the briefing",
      );
    }
    const written = await install(sb, driver.host);
    result.install = written.length > 0 ? "yes" : "no";

    // Session 1: the instruction in the request, the model's load call, the briefing back.
    model.setScript(followingModel(null));
    let from = model.requests.length;
    const first = await turn("Start the session the way your rules say.");
    outputs.push(first.stdout, first.stderr);
    if (first.code !== 0 || first.timedOut) {
      fail(`first session exited ${first.code}: ${first.stderr.slice(-400)}`);
    }
    const sent = model.requests.slice(from);
    const instructed = sent.findIndex((r) => blockCommands(r.body) !== null);
    const loadCall = model.calls.find((c) => / load$/.test(c.command));
    const back = sent.findIndex((r, i) => i > instructed && r.body.includes(sb.marker));
    if (instructed < 0) {
      fail("no request carried the rules block's instruction");
    }
    if (loadCall === undefined) fail("the model's load call was not made");
    result.briefingReachedModel = instructed >= 0 && loadCall !== undefined && back > instructed
      ? "yes"
      : "no";
    if (result.briefingReachedModel !== "yes") {
      fail(
        `the briefing did not come back to the model (${sent.length} requests)`,
      );
    } else {
      result.notes.push(
        `session 1: instruction in request #${
          instructed + 1
        }, load call made, briefing in request #${back + 1}`,
      );
    }

    // Session 2: a new session loads again, then writes a capsule as the block says.
    const captureMark = `CAPTURED${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const before = (await listCapsules(sb)).length;
    model.setScript(followingModel(captureMark));
    from = model.requests.length;
    const second = await turn(
      "A new session: load, then wrap up and hand off.",
    );
    outputs.push(second.stdout, second.stderr);
    result.newSession = model.requests.slice(from).some((r) => r.body.includes(sb.marker))
      ? "yes"
      : "no";
    if (result.newSession !== "yes") {
      fail("the briefing did not reach the model in session 2");
    }
    const capsules = (await listCapsules(sb)).slice(before);
    const latest = await baton(sb, ["show", "latest", "--json"]);
    const carries = latest.code === 0 && latest.stdout.includes(captureMark);
    result.capture = capsules.length > 0 && carries ? "yes" : "no";
    if (result.capture !== "yes") {
      fail(
        `no capsule with the model's words after session 2 (${capsules.length} new)`,
      );
    } else result.notes.push(`capture: ${capsules.map((c) => c.trigger).join(", ")} capsule`);
    // The host's own session files, read back by baton's reader for them.
    await checkTranscript(sb, driver.host, fail, result.notes);
    const errors = outputs.join("\n").split("\n").filter((l) => /^baton: /.test(l));
    if (errors.length > 0) {
      fail(`baton reported: ${errors.slice(0, 3).join(" | ")}`);
    }

    const un = await baton(sb, ["uninstall", driver.host]);
    if (un.code !== 0) {
      fail(`baton uninstall exited ${un.code}: ${un.stderr.slice(0, 300)}`);
    }
    const changed = await changedSince(pre, [...pre.keys(), ...written]);
    result.uninstall = un.code === 0 && changed.length === 0 ? "yes" : "no";
    if (changed.length > 0) {
      fail(
        `uninstall left these differing from before install: ${changed.join(", ")}`,
      );
    }
  } finally {
    await model.close();
    await sb.remove();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}
