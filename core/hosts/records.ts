/**
 * Every host record, in the order baton lists hosts. Adding a host is one
 * record file (core/hosts/<host>.ts) and one line here; the host ids and
 * every per-host table (native events, output shapes and caps, project
 * variables, install specs, transcript stores) are derived from this list,
 * and the compiler rejects a record that lacks a field. Pure data: the hook
 * path loads it, so it imports only the records.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import { CODEX_RECORD } from "./codex.ts";
import { COPILOT_RECORD } from "./copilot.ts";
import { CURSOR_RECORD } from "./cursor.ts";
import { GEMINI_RECORD } from "./gemini.ts";
import { OPENCODE_RECORD } from "./opencode.ts";
import { QWEN_CODE_RECORD } from "./qwen_code.ts";
import { PI_RECORD } from "./pi.ts";
import { CONTINUE_RECORD } from "./continue_cli.ts";
import { DROID_RECORD } from "./droid.ts";
import { AUGGIE_RECORD } from "./auggie.ts";
import { QODER_RECORD } from "./qoder.ts";
import { KILO_CODE_RECORD } from "./kilo_code.ts";
import { CLINE_RECORD } from "./cline.ts";
import { CRUSH_RECORD } from "./crush.ts";
import { GROK_CLI_RECORD } from "./grok_cli.ts";

/** The records. */
export const HOST_RECORDS = [
  CLAUDE_CODE_RECORD,
  CODEX_RECORD,
  CURSOR_RECORD,
  GEMINI_RECORD,
  OPENCODE_RECORD,
  COPILOT_RECORD,
  QWEN_CODE_RECORD,
  PI_RECORD,
  CONTINUE_RECORD,
  DROID_RECORD,
  AUGGIE_RECORD,
  QODER_RECORD,
  KILO_CODE_RECORD,
  CLINE_RECORD,
  CRUSH_RECORD,
  GROK_CLI_RECORD,
] as const;
