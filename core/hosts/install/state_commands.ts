/**
 * The baton commands a host may run without asking the person: the ones an
 * agent runs in a handoff, each of which reads or writes only baton's own
 * state (the capsule store under `.baton/` and baton's files under the git
 * directory). Install writes one permission allow entry per command for the
 * hosts whose permission rules can say "this program with this first
 * argument" and nothing wider (see docs/hooks.md). Pure.
 *
 * Decisions: never a command that runs other programs (`evidence`, `done`),
 * changes the work tree, git or a remote (`commit`, `clean`, `pull`, `push`,
 * `revive`), changes what is trusted or installed (`trust`, `install`,
 * `uninstall`, `enforce`), or arms a deny for a session (`handoff`); a test
 * holds the list to the command table and to the mutation gate's column.
 * @module
 */

/**
 * The first arguments an allow entry names (`baton load`, `baton finalize`
 * ...), in the order the skill teaches them.
 */
export const ALLOWED_STATE_COMMANDS: readonly string[] = [
  "load",
  "preflight",
  "finalize",
  "ingest",
  "validate",
  "decisions",
  "search",
  "show",
  "list",
  "log",
];
