/**
 * Kilo Code CLI: skill in `.kilo/skills/baton/`, commands in
 * `.kilo/commands/`, and baton's OpenCode plugin module in `.kilo/plugins/`
 * (Kilo, an OpenCode fork, loads OpenCode-style plugins from there), rendered
 * to call baton as this host; for the project or `$XDG_CONFIG_HOME/kilo`
 * (default `~/.config/kilo`). Pure.
 * @module
 */
import { openCodeStyleSpec } from "./opencode.ts";
import { KILO_CODE_RECORD } from "../kilo_code.ts";
import type { HostSpec } from "./types.ts";

/** The Kilo Code CLI integration. */
export const KILO_CODE: HostSpec = openCodeStyleSpec(KILO_CODE_RECORD);
