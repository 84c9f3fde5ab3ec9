/**
 * What `baton hook prompt|post-tool` does. It reads the context-band
 * signals from the transcript the payload names (the bounded backwards scan:
 * at most the bytes hard threshold plus one 64 KiB chunk, whatever the
 * transcript's size), judges them against `.baton/config.yaml`'s bands, and
 * prints the host's advisory output: nothing below warn, one short line at
 * warn, a request to write a capsule now at handoff and hard, each said
 * once per session and context (core/bands/band_memory.ts, the one file it
 * writes). Advisory only: it never blocks. Loaded
 * only for these two events; no Worker, no zod, no YAML parser unless a
 * config file exists, no transcript reader beyond the records' context
 * signals (core/bands/scan_transcript.ts), and the advice's renderer only
 * when there is something to say.
 * @module
 */
import type { BandHookEvent, HostId } from "../ids.ts";
import type { HookPayload } from "../hook_payload.ts";
import { renderAdvice } from "../hook_output.ts";
import { isCodedError } from "../../errors.ts";
import {
  armingThresholds,
  belowArmFloor,
  DEFAULT_BAND_THRESHOLDS,
} from "../../config/bands_section.ts";
import { type BandResult, type BandSignals, evaluateBands } from "../../bands/evaluate.ts";
import { joinSignals, readTranscriptSignals } from "../../bands/signals.ts";
import type { HookIo as Io } from "./hook_io.ts";
import { adviseOnce, rememberable } from "../../bands/band_memory.ts";
import { stateDirOfRoot } from "../../store/private_dir.ts";

/**
 * True when the session has not been told about this band yet in its
 * current context (core/bands/band_memory.ts), remembering that it now is.
 * Without a session id or a state directory nothing is remembered and any
 * band above ok is said.
 */
async function firstTimeInSession(
  io: Io,
  band: BandResult["band"],
  session: string | null,
  batonDir: string | null,
): Promise<boolean> {
  if (session === null || batonDir === null || !rememberable(session)) return band !== "ok";
  try {
    const stateDir = await stateDirOfRoot(io.fs, batonDir.slice(0, -"/.baton".length) || "/");
    if (stateDir === null) return band !== "ok";
    const speak = await adviseOnce(
      io.fs,
      stateDir,
      session,
      band,
      io.now().toISOString(),
      io.sleep === undefined ? {} : { sleep: io.sleep },
    );
    // A lock that stayed busy must not silence a band: say it (as without memory).
    return speak ?? band !== "ok";
  } catch {
    // Memory that cannot be kept must not silence a band: say it (as before).
    return band !== "ok";
  }
}

/** What the band hook found, for the hook's `--json` report. */
export interface BandHookOutcome {
  result: BandResult | null;
  /** The host's stdout ("" below warn). */
  output: string;
}

/** Inputs of {@linkcode runBandHook}. */
export interface BandHookInput {
  event: BandHookEvent;
  host: HostId | null;
  payload: HookPayload;
  cwd: string;
  warn: (message: string) => void;
}

/** Runs a band hook; never throws for the host to see (problems go to `warn`). */
export async function runBandHook(io: Io, input: BandHookInput): Promise<BandHookOutcome> {
  const { host, payload, warn } = input;
  if (host === null) {
    warn("cannot tell the host from the payload (pass --host): no band reported");
    return { result: null, output: "" };
  }
  let thresholds = DEFAULT_BAND_THRESHOLDS;
  let batonDir: string | null = null;
  try {
    const config = await io.readConfig(input.cwd);
    thresholds = config.bands;
    batonDir = config.batonDir;
  } catch (e) {
    warn(
      `${isCodedError(e) ? e.message : "the config cannot be read"}; using the default thresholds`,
    );
  }
  let signals: BandSignals = {};
  if (payload.transcriptPath !== null) {
    try {
      signals =
        (await readTranscriptSignals(io.fs, payload.transcriptPath, { thresholds, host })).signals;
    } catch (e) {
      // A transcript not written yet (the first prompt) is normal: say so only on stderr.
      warn(`transcript not read: ${isCodedError(e) ? e.message : "read failed"}`);
    }
  }
  const counted: BandSignals = payload.toolCallsSincePrompt === undefined ? {} : {
    depth: {
      value: payload.toolCallsSincePrompt,
      source: "host (tool calls counted by the caller)",
    },
  };
  const joined = joinSignals(counted, signals);
  const result = evaluateBands(joined, thresholds);
  // The deny arms at thresholds no lower than the floor (a committed config is a stranger's).
  const armBand = evaluateBands(joined, armingThresholds(thresholds)).band;
  const mayArm = payload.sessionId !== null && (armBand === "handoff" || armBand === "hard");
  const first = await firstTimeInSession(io, result.band, payload.sessionId, batonDir);
  // Under thresholds below the floor the advice came early: arming is tried on each call.
  if (!first && !(mayArm && belowArmFloor(thresholds))) return { result, output: "" };
  // At handoff and hard the session's deny is armed first where this machine opted in
  // (baton enforce on; a committed file opts nobody in), and the advice says so.
  let armed: string | null = null;
  if (mayArm) {
    armed = await io.armHandoffDeny(payload.sessionId!, host, input.cwd).catch(() => null);
  }
  if (!first && armed === null) return { result, output: "" };
  // Only a band worth saying loads the renderer: below warn the hook stops above.
  const { renderBandAdvice } = await import("../../bands/render_band.ts");
  const text = renderBandAdvice(result, { baton: "baton", armed });
  return { result, output: renderAdvice(host, input.event, text) };
}
