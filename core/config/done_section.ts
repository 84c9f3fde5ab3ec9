/**
 * The `done:` section of `.baton/config.yaml`: which gates `baton done`
 * runs, which are required, whether `--force` is allowed, and the
 * placeholder deny list. Pure data and defaults; the parser is
 * ./parse_config.ts.
 *
 * Decisions:
 * - With no config every gate runs and every gate is required: a gate that
 *   has nothing to run (no tests command) says `not_applicable` with a
 *   warning instead of passing silently.
 * - Force is allowed by default (it is audited), refused when the section
 *   says `allow_force: false`, and refused whenever the file cannot be
 *   parsed: a broken config fails closed for force.
 * @module
 */

/** The gates, in the order they run. */
export const DONE_GATES = ["tests", "rules", "placeholders"] as const;

/** One gate. */
export type DoneGate = typeof DONE_GATES[number];

/** A configured check: a command that must exit 0. */
export interface DoneRule {
  name: string;
  run: string;
}

/** The resolved `done:` settings. */
export interface DoneSettings {
  enabled: boolean;
  required: readonly DoneGate[];
  allowForce: boolean;
  /** The tests command (run with the platform shell), or null when not configured. */
  tests: string | null;
  rules: readonly DoneRule[];
  /** Words that fail the placeholder gate (whole words; case-sensitive unless lower-case). */
  deny: readonly string[];
  /** Path prefixes (relative, "/"-separated) the placeholder gate skips. */
  exempt: readonly string[];
  /** Per-command time limit in seconds. */
  timeoutSeconds: number;
}

/** The placeholder words denied by default. */
export const DEFAULT_DENY: readonly string[] = Object.freeze([
  "TODO",
  "FIXME",
  "XXX",
  "pseudocode",
]);

/** The settings with no `done:` section. */
export const DEFAULT_DONE: DoneSettings = Object.freeze({
  enabled: true,
  required: DONE_GATES,
  allowForce: true,
  tests: null,
  rules: Object.freeze([]),
  deny: DEFAULT_DENY,
  exempt: Object.freeze(["tests/fixtures/", "test/fixtures/"]),
  timeoutSeconds: 600,
});

/** The marker that exempts one line from the placeholder gate. */
export const ALLOW_MARKER = "baton-allow-placeholder";

/** Longest command run time a config may ask for (seconds). */
export const MAX_TIMEOUT_SECONDS = 6 * 3600;
