/**
 * One host, end to end: a sandbox with a marked capsule, `baton install`,
 * one headless turn against the fake model (then a compaction where the host
 * can be made to compact), and the checks the issue asks for. Every check is
 * recorded in the host's result row (for the summary table) and the test
 * fails at the end if any failed.
 * @module
 */
import { startFakeModel } from "../fake_model/server.ts";
import { baton, hookTimings, install, listCapsules, writeMarkerCapsule } from "./baton.ts";
import type { HostDriver } from "./driver.ts";
import { runBounded } from "./process.ts";
import { HOST_BIN, makeSandbox, type Sandbox } from "./sandbox.ts";
import { changedSince, snapshot } from "./snapshot.ts";
import { fullRecord } from "../../../core/hosts/full_records.ts";
import type { HostId } from "../../../core/hosts/ids.ts";

/** The outcome of one check: yes, no, or not applicable (with why). */
export type Cell = "yes" | "no" | `n/a: ${string}`;

/** One host's row in the summary. */
export interface HostResult {
  host: string;
  version: string;
  install: Cell;
  hooksRan: Cell;
  briefingReachedModel: Cell;
  capture: Cell;
  compaction: Cell;
  reinjectedAfterCompaction: Cell;
  /** The briefing reached the model again in a later new session. */
  newSession: Cell;
  uninstall: Cell;
  /** Each hook run's wall time (ms from runtime start) by event. */
  hookMs: { event: string; action: string; ms: number }[];
  failures: string[];
  notes: string[];
  seconds: number;
}

/** True when the host's pinned program runs; else the reason it does not. */
export async function hostVersion(
  driver: Pick<HostDriver, "bin">,
): Promise<string | { missing: string } | { broken: string }> {
  const path = `${HOST_BIN}/${driver.bin}`;
  try {
    await Deno.stat(path);
  } catch {
    return { missing: `${path} not found (run npm ci --prefix tests/hosts)` };
  }
  const r = await runBounded(path, ["--version"], {
    cwd: "/",
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: "/nonexistent",
    },
    timeoutMs: 30_000,
  });
  if (r.code !== 0) {
    // Installed but not runnable (e.g. its install script did not run): a failure, not a skip.
    return { broken: `${driver.bin} --version exited ${r.code}` };
  }
  // pi prints its version on stderr.
  const out = r.stdout.trim() === "" ? r.stderr : r.stdout;
  return (out.trim().split("\n")[0] ?? "").trim();
}

/** Runs the whole case for one host. */
export async function runHostCase(
  driver: HostDriver,
  version: string,
): Promise<HostResult> {
  const started = performance.now();
  const result: HostResult = {
    host: driver.host,
    version,
    install: "no",
    hooksRan: "no",
    briefingReachedModel: "no",
    capture: "no",
    compaction: driver.compact === null
      ? `n/a: ${driver.noCompactionWhy ?? "cannot be made to compact headless"}`
      : "no",
    reinjectedAfterCompaction: driver.compact === null || !driver.reinjectsAfterCompaction
      ? "n/a: no session start after compaction"
      : "no",
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
    const before = await listCapsules(sb);
    await driver.prepare(sb, model);
    const watched = [
      `${sb.repo}/.claude`,
      `${sb.repo}/.codex`,
      `${sb.repo}/.gemini`,
      `${sb.repo}/.opencode`,
      `${sb.repo}/.github`,
      `${sb.repo}/.agents`,
      `${sb.repo}/.cursor`,
      `${sb.repo}/.qwen`,
      `${sb.repo}/.pi`,
      `${sb.repo}/.factory`,
      `${sb.repo}/.continue`,
      `${sb.repo}/.kilo`,
      `${sb.repo}/.cline`,
    ];
    const pre = await snapshot(watched, [`${sb.repo}/.git/info/exclude`]);
    const written = await install(sb, driver.host);
    result.install = written.length > 0 ? "yes" : "no";
    // A change on disk, so the capture hooks have new facts to record.
    await Deno.writeTextFile(`${sb.repo}/work.txt`, "work in progress\n");
    const env = { ...sb.env, ...driver.env(sb, model) };
    const turn = (prompt: string, resume: boolean) =>
      runBounded(
        `${HOST_BIN}/${driver.bin}`,
        driver.turnArgs(sb, prompt, resume),
        {
          cwd: sb.repo,
          env,
          timeoutMs: driver.turnTimeoutMs,
          // A hook the host left running (OpenCode does not wait for its plugin's handlers)
          // may finish, as it would after a real session.
          graceMs: 5000,
        },
      );
    const first = await turn("Say OK.", false);
    const outputs = [first.stdout, first.stderr];
    if (first.code !== 0 || first.timedOut) {
      fail(
        `first turn exited ${first.code}${first.timedOut ? " (timed out)" : ""}: ${
          first.stderr.slice(-400)
        }`,
      );
    }
    const afterFirst = await hookTimings(sb);
    const startHooks = afterFirst.filter((h) => h.event === "session-start");
    result.hooksRan = afterFirst.length > 0 ? "yes" : "no";
    if (afterFirst.length === 0) {
      fail("no baton hook ran during the first turn");
    }
    if (startHooks.some((h) => h.action === "injected")) {
      result.briefingReachedModel = model.bodiesWith(sb.marker).length > 0 ? "yes" : "no";
    }
    if (result.briefingReachedModel !== "yes") {
      fail(
        `the marker reached none of the ${model.requests.length} model requests`,
      );
    }
    const captured = (await listCapsules(sb)).slice(before.length);
    result.capture = captured.length > 0 ? "yes" : "no";
    if (captured.length === 0) {
      fail("no capture hook wrote a capsule during the first turn");
    } else result.notes.push(`capsules after turn 1: ${captured.map((c) => c.trigger).join(", ")}`);
    if (driver.compact !== null) {
      const n = (await listCapsules(sb)).length;
      const timingsBefore = (await hookTimings(sb)).length;
      let touches = 0;
      // Facts must change for the pre-compaction capsule to be new.
      const touch = () => Deno.writeTextFile(`${sb.repo}/work.txt`, `more work ${++touches}\n`);
      await touch();
      const c = await driver.compact({ sb, model, turn, touch });
      for (const r of c.runs) outputs.push(r.stdout, r.stderr);
      const triggers = (await listCapsules(sb)).slice(n).map((x) => x.trigger);
      const phase = (await hookTimings(sb)).slice(timingsBefore);
      // A host may end the session (its session-end hook capturing the touched tree) before the
      // compaction it started after the turn runs; the pre-compact hook then finds those facts on
      // record and rightly writes nothing. That still shows the capture at compaction, but only
      // when a capsule of this phase was written (the touch made every older capsule's facts
      // differ, so "unchanged" compared with this phase's capsule). The order of the hooks'
      // timing records is not used: two hooks running at once record in either order.
      const capturedFirst = triggers.length > 0 &&
        phase.some((h) => h.event === "pre-compact" && h.action === "unchanged");
      result.compaction = triggers.includes("pre_compact") || capturedFirst ? "yes" : "no";
      if (capturedFirst && !triggers.includes("pre_compact")) {
        result.notes.push(
          "compaction ran after the session's end had captured the same facts: pre-compact unchanged",
        );
      }
      if (result.compaction !== "yes") {
        const ran = phase.map((h) => `${h.event} ${h.action}`);
        fail(
          `no pre_compact capsule after compaction (new capsules: ${
            triggers.join(", ") || "none"
          }; hooks that ran: ${ran.join(", ") || "none"})`,
        );
      }
      if (driver.reinjectsAfterCompaction) {
        const later = (await hookTimings(sb)).slice(timingsBefore);
        const reinjected = later.some((h) =>
          h.event === "session-start" && h.action === "injected"
        );
        const reached = model.requests.slice(c.requestsBefore).some((r) =>
          r.body.includes(sb.marker)
        );
        result.reinjectedAfterCompaction = reinjected && reached ? "yes" : "no";
        if (!reinjected) {
          fail("session start did not inject again after compaction");
        }
        if (!reached) {
          fail("no model request after compaction carried the marker");
        }
      }
    }
    // Every new session gets the briefing, not only the first after a capsule is written.
    const before2 = model.requests.length;
    const second = await turn("A new session: say OK.", false);
    outputs.push(second.stdout, second.stderr);
    const reached2 = model.requests.slice(before2).some((r) => r.body.includes(sb.marker));
    result.newSession = reached2 ? "yes" : "no";
    if (!reached2) {
      fail("the briefing did not reach the model in a later new session");
    }
    // The host's own transcript of this run, read back by baton's reader (See: #12).
    await checkTranscript(sb, driver.host, fail, result.notes);
    const extra = driver.extraLogs === undefined ? "" : await driver.extraLogs(sb);
    const errors = driver.hookErrors([...outputs, extra].join("\n"));
    if (errors.length > 0) {
      fail(
        `host reported hook/config errors: ${errors.slice(0, 5).join(" | ")}`,
      );
    }
    const timings = await hookTimings(sb);
    result.hookMs = timings.map((t) => ({
      event: t.event,
      action: t.action,
      ms: t.ms,
    }));
    const bad = timings.filter((t) =>
      t.action === "failed" || t.action === "timed_out" ||
      t.action === "ignored"
    );
    if (bad.length > 0) {
      fail(
        `hooks did not complete: ${bad.map((b) => `${b.event}=${b.action}`).join(", ")}`,
      );
    }
    const un = await baton(sb, ["uninstall", driver.host]);
    if (un.code !== 0) {
      fail(`baton uninstall exited ${un.code}: ${un.stderr.slice(0, 300)}`);
    }
    // What existed before install and what install wrote; files the host itself made
    // (OpenCode installs its plugin SDK under .opencode/) are not baton's to remove.
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

/** `baton source list` finds this run's session in the host's store and `show` reads its turns. */
export async function checkTranscript(
  sb: Sandbox,
  host: string,
  fail: (m: string) => void,
  notes: string[],
): Promise<void> {
  if (fullRecord(host as HostId).transcript.layout === "none") {
    notes.push(
      "transcript: baton has no reader for this host's transcripts yet",
    );
    return;
  }
  const list = await baton(sb, ["source", "list", "--host", host, "--json"]);
  const sessions: { id: string; turns: number }[] = list.code === 0
    ? JSON.parse(list.stdout).sessions
    : [];
  if (sessions.length === 0) {
    fail(
      `baton source list found no ${host} session in the host's own store (exit ${list.code})`,
    );
    return;
  }
  const show = await baton(sb, [
    "source",
    "show",
    sessions[0]!.id,
    "--tail",
    "200",
    "--json",
  ]);
  const turns: { kind: string; text?: string }[] = show.code === 0
    ? JSON.parse(show.stdout).turns
    : [];
  const replies = turns.filter((t) =>
    t.kind === "assistant" && t.text?.includes("OK from the fake model")
  );
  const users = turns.filter((t) => t.kind === "user");
  if (replies.length === 0 || users.length === 0) {
    fail(
      `baton source show read ${turns.length} turn(s) of the ${host} session but not its exchange`,
    );
  }
  const latest = await baton(sb, ["show", "latest", "--json"]);
  const session = latest.code === 0 ? JSON.parse(latest.stdout).capsule.session : undefined;
  notes.push(
    `transcript: ${sessions.length} session(s), ${users.length} user and ${replies.length} assistant turn(s) read; latest capsule ${
      session === undefined ? "has no session section" : `has a session section (${session.format})`
    }`,
  );
}
