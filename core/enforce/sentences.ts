/**
 * Every sentence baton says about a deny and its recovery, once: the gate's
 * refusals (D1, D2, D3 with and without a session to resume), the resume
 * hint a fresh session is shown at start-up, the band advice when a deny is
 * armed, `handoff write`'s confirmation, the oversized-payload refusal and
 * the person-only refusals. Every value printed comes from a deny record
 * that passed parseDenyRecord (ids as ids) or from a checked session id.
 * Pure.
 * @module
 */
import type { DenyCode, DenyRecord } from "./deny_record.ts";
import { bypassCommand, resumeCommand } from "./recovery.ts";

function inCapsule(r: Pick<DenyRecord, "capsule_id">): string {
  return r.capsule_id === null ? "" : ` in capsule ${r.capsule_id}`;
}

/** The refusal of another session's call on handed-off work, with its resume. */
export function resumeRefusal(r: DenyRecord, caller: string, baton: string): string {
  return `baton: session ${r.session} handed this work off${
    inCapsule(r)
  }; read its briefing (${baton} load) and resume from it before changing files. Run exactly: ${
    resumeCommand(caller, r.session, baton)
  }`;
}

/** The refusal of a call that names no session to resume with. */
export function anonymousRefusal(r: DenyRecord, baton: string): string {
  return `baton: session ${r.session} handed this work off${
    inCapsule(r)
  }, and this call names no session to resume it. A person can release it from their own terminal with: ${
    bypassCommand(r.session, baton)
  }`;
}

/** The refusal of the denier's own call (D1 while open, D2 after). */
export function deniedSessionRefusal(r: DenyRecord, code: DenyCode, baton: string): string {
  return `baton: this session handed its work off${
    inCapsule(r)
  } and may not change files any more (${code}). Continue in a fresh session: it is shown the capsule and the command to resume. A person can release this session from their own terminal with: ${
    bypassCommand(r.session, baton)
  }`;
}

/** The line a fresh session's start-up injection adds under its briefing. */
export function resumeHintText(r: DenyRecord, caller: string, baton: string): string {
  return `\n\nbaton: session ${r.session} handed this work off${
    inCapsule(r)
  }, and its changes stay denied until a successor resumes. Read the briefing above, then, before changing files, run exactly: ${
    resumeCommand(caller, r.session, baton)
  }\n`;
}

/** The band advice's sentence when the hook armed the session's deny. */
export const ARMED_ADVICE =
  "This repository enforces handoffs (baton enforce on): from now on this session's changes are denied; baton's own commands still run, so write the capsule now, then continue in a fresh session, which is shown the command to resume.";

/** `handoff write`'s confirmation. */
export function handedOffText(session: string, capsule: string, baton = "baton"): string {
  return `Session ${session} is handed off (capsule ${capsule}): its changes are denied from now on. Continue in a fresh session; it runs: ${
    resumeCommand("<its id>", session, baton)
  }`;
}

/** The refusal of a payload too large to read while a deny is open. */
export function oversizedRefusal(maxMiB: number): string {
  return `baton: this tool call is larger than the gate reads (${maxMiB} MiB) while a handoff deny is on record in this repository; make the change in smaller steps. A person can turn the gate off with BATON_ENFORCE=off.`;
}

/** Why a person, not an agent, must confirm: the end of every person-only refusal. */
export const PERSON_ONLY =
  "needs a person to confirm at a terminal (an agent's shell cannot); or set BATON_ENFORCE=off in the host's environment";

/** The advice of a repository that has not opted in on this machine. */
export const NOT_OPTED_IN =
  "This repository has not opted in to enforcement on this machine: no deny is written. A person opts in with baton enforce on (a committed enforce: deny opts nobody in)";
