/**
 * The registry of host integrations, one per host record. Pure.
 * @module
 */
import { CLAUDE_CODE } from "./claude_code.ts";
import { CODEX } from "./codex.ts";
import { COPILOT } from "./copilot.ts";
import { CURSOR } from "./cursor.ts";
import { GEMINI } from "./gemini.ts";
import type { HostId } from "../ids.ts";
import { perHostRecord } from "../full_records.ts";
import { recordSpec } from "./record_spec.ts";
import { OPENCODE } from "./opencode.ts";
import { PI } from "./pi.ts";
import { QWEN_CODE } from "./qwen_code.ts";
import { KILO_CODE } from "./kilo_code.ts";
import { CLINE } from "./cline.ts";
import { CRUSH } from "./crush.ts";
import type { HostSpec } from "./types.ts";

/** The hosts whose install needs more than their record says (their quirks, stated in each). */
const SPECS: readonly HostSpec[] = [
  CLAUDE_CODE,
  CODEX,
  CURSOR,
  GEMINI,
  OPENCODE,
  COPILOT,
  QWEN_CODE,
  PI,
  KILO_CODE,
  CLINE,
  CRUSH,
];

/**
 * Every host integration by id: a host's own spec, or the one its record
 * gives ({@linkcode recordSpec}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOST_IDS } from "../ids.ts";
 * assert.deepEqual(Object.keys(HOSTS).sort(), [...HOST_IDS].sort());
 * assert.equal(HOSTS.gemini.label, "Gemini CLI");
 * ```
 */
export const HOSTS: Readonly<Record<HostId, HostSpec>> = perHostRecord((record) =>
  SPECS.find((s) => s.id === record.id) ?? recordSpec(record)
);
