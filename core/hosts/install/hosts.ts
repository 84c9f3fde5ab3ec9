/**
 * The registry of host integrations, one per host id. Pure.
 * @module
 */
import { CLAUDE_CODE } from "./claude_code.ts";
import { CODEX } from "./codex.ts";
import { COPILOT } from "./copilot.ts";
import { CURSOR } from "./cursor.ts";
import { GEMINI } from "./gemini.ts";
import type { HostId } from "../ids.ts";
import { OPENCODE } from "./opencode.ts";
import type { HostSpec } from "./types.ts";

/**
 * Every host integration by id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOST_IDS } from "../ids.ts";
 * assert.deepEqual(Object.keys(HOSTS).sort(), [...HOST_IDS].sort());
 * assert.equal(HOSTS.gemini.label, "Gemini CLI");
 * ```
 */
export const HOSTS: Readonly<Record<HostId, HostSpec>> = {
  "claude-code": CLAUDE_CODE,
  codex: CODEX,
  cursor: CURSOR,
  gemini: GEMINI,
  opencode: OPENCODE,
  copilot: COPILOT,
};
