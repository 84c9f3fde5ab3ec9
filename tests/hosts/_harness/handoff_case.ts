/**
 * A cross-host handoff on the real programs: one repository with baton
 * installed for two hosts and no capsule yet; a session in host A is asked
 * about a unique marker and ends, so A's own capture hook writes a capsule
 * whose session section (read from A's transcript) carries the marker; the
 * next new session in host B, whose prompt does not carry the marker,
 * receives it in its first model request (the first that carries the
 * prompt; a host may send a side request before it) through B's session-start
 * briefing, with the facts re-checked against the tree. Nothing but the
 * hosts' own hooks writes a capsule here.
 * @module
 */
import { startFakeModel } from "../fake_model/server.ts";
import { baton, hookTimings, install, listCapsules } from "./baton.ts";
import type { HostDriver } from "./driver.ts";
import { runBounded } from "./process.ts";
import { HOST_BIN, makeSandbox } from "./sandbox.ts";

/** One pair's row in the summary. */
export interface HandoffResult {
  from: string;
  to: string;
  /** A's hook wrote a capsule naming A as its host. */
  capturedByA: boolean;
  /** That capsule's session section carries the marker (read from A's transcript). */
  markerInCapsule: boolean;
  /** B's session-start hook injected a briefing. */
  injectedInB: boolean;
  /** Index, among B's model requests, of the first one carrying the marker (-1: none). */
  firstRequestWithMarker: number;
  /** The first request that carried B's prompt (the conversation's first) also carried the marker. */
  inFirstConversationRequest: boolean;
  /** The briefing B's model saw said the recorded facts were re-checked now. */
  factsRechecked: boolean;
  failures: string[];
  seconds: number;
}

/** The briefing's wording for a fact compared with the tree at load. */
const RECHECKED = "re-checked now";

/** Runs host `a`, then host `b`, in one repository. */
export async function runHandoffCase(
  a: HostDriver,
  b: HostDriver,
): Promise<HandoffResult> {
  const started = performance.now();
  const result: HandoffResult = {
    from: a.host,
    to: b.host,
    capturedByA: false,
    markerInCapsule: false,
    injectedInB: false,
    firstRequestWithMarker: -1,
    inFirstConversationRequest: false,
    factsRechecked: false,
    failures: [],
    seconds: 0,
  };
  const fail = (m: string) => result.failures.push(m);
  const model = startFakeModel({ lifetimeMs: 8 * 60_000 });
  const sb = await makeSandbox(`${a.host}-to-${b.host}`);
  // Not sb.marker: no capsule is written by hand, so the marker can only arrive through A's session.
  const marker = `HANDOFF${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  try {
    await a.prepare(sb, model);
    await b.prepare(sb, model);
    await install(sb, a.host);
    await install(sb, b.host);
    await Deno.writeTextFile(`${sb.repo}/work.txt`, "work in progress\n");
    const run = (d: HostDriver, prompt: string) =>
      runBounded(`${HOST_BIN}/${d.bin}`, d.turnArgs(sb, prompt, false), {
        cwd: sb.repo,
        env: { ...sb.env, ...d.env(sb, model) },
        timeoutMs: d.turnTimeoutMs,
        graceMs: 5000,
      });
    const first = await run(a, `Remember the ticket ${marker} and say OK.`);
    if (first.code !== 0 || first.timedOut) {
      fail(
        `${a.host} exited ${first.code}${first.timedOut ? " (timed out)" : ""}`,
      );
    }
    const capsules = await listCapsules(sb);
    const latest = await baton(sb, ["show", "latest", "--json"]);
    const capsule = latest.code === 0 ? JSON.parse(latest.stdout).capsule : null;
    result.capturedByA = capsules.length > 0 &&
      capsule?.origin?.host === a.host;
    if (!result.capturedByA) {
      fail(
        `no capsule written by ${a.host}'s hook (${capsules.length} capsule(s), latest from ${
          capsule?.origin?.host ?? "none"
        })`,
      );
    }
    result.markerInCapsule = JSON.stringify(capsule?.session ?? null).includes(
      marker,
    );
    if (!result.markerInCapsule) {
      fail(`${a.host}'s capsule does not carry the session's marker`);
    }
    const hooksBefore = (await hookTimings(sb)).length;
    const requestsBefore = model.requests.length;
    const prompt = "A new session: say OK.";
    const second = await run(b, prompt);
    if (second.code !== 0 || second.timedOut) {
      fail(
        `${b.host} exited ${second.code}${second.timedOut ? " (timed out)" : ""}`,
      );
    }
    result.injectedInB = (await hookTimings(sb)).slice(hooksBefore).some((h) =>
      h.event === "session-start" && h.action === "injected" &&
      h.host === b.host
    );
    if (!result.injectedInB) fail(`${b.host}'s session start injected nothing`);
    const bRequests = model.requests.slice(requestsBefore);
    result.firstRequestWithMarker = bRequests.findIndex((r) => r.body.includes(marker));
    if (result.firstRequestWithMarker < 0) {
      fail(
        `none of ${b.host}'s ${bRequests.length} model request(s) carried the marker`,
      );
    }
    // A host may send side requests first (a title, a quota probe): the conversation's first
    // request is the first that carries the prompt.
    const conversation = bRequests.find((r) => r.body.includes(prompt));
    result.inFirstConversationRequest = conversation?.body.includes(marker) ??
      false;
    if (!result.inFirstConversationRequest) {
      fail(
        `${b.host}'s first request with the prompt did not carry the marker`,
      );
    }
    const seen = bRequests[result.firstRequestWithMarker]?.body ?? "";
    result.factsRechecked = seen.includes(RECHECKED);
    if (!result.factsRechecked) {
      fail(`the briefing ${b.host} sent does not show re-checked facts`);
    }
  } finally {
    await model.close();
    await sb.remove();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}
