/**
 * The briefing's view of a capsule's `session` section (what the host's
 * transcript recorded): where it came from, then one line per request,
 * command, test, file list and the assistant's last message, most useful
 * first so the budget drops the least useful. Every string went through
 * the secret scan when the capsule was written and goes through
 * core/safety/render_safe.ts here; the renderer fences these lines as
 * untrusted content. A command's `observed` label survives only in a
 * capsule signed by a trusted key, as everywhere else. Pure.
 * @module
 */
import type { Capsule, SessionRecord } from "../capsule/types.ts";
import { safeInline } from "../safety/render_safe.ts";
import type { Classification } from "../safety/command/classify.ts";
import { defangLine } from "../safety/render_command.ts";
import { perHost } from "../hosts/ids.ts";
import {
  listName,
  shapedFormat,
  shapedHostId,
  UNRECOGNISED_HOST,
} from "../capsule/header_fields.ts";

/**
 * Each host's name in a briefing (its record's `sessionLabel`, from the
 * records' light part: load then needs no whole record), and the generic
 * reader's.
 */
const HOST_NAMES: Readonly<Record<string, string>> = {
  ...perHost((r) => r.sessionLabel),
  generic: "generic transcript",
};

const SOURCE_ID = /^[a-z-]{2,20}:[A-Za-z0-9_.-]{1,200}$/;

/**
 * A host id as people name it. Printed in baton's own voice, so a value in
 * any other shape than a host id's (a stranger's sentence) is never echoed.
 */
export function hostName(host: string): string {
  if (Object.hasOwn(HOST_NAMES, host)) return HOST_NAMES[host]!;
  return shapedHostId(host) ?? UNRECOGNISED_HOST;
}

/**
 * "Written from a Codex session, 2 h ago; `baton source show codex:…` opens it."
 * for a capsule that names its host; null otherwise. The host, the time and
 * the source are the writer's word: from a capsule no trusted key signed
 * the line says it is the capsule's own account, not baton's reading.
 * @param capsule The capsule.
 * @param age How long ago it says it was written.
 * @param trusted The capsule is signed by a trusted key. @default {true}
 * @returns The line, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writtenFromLine } from "./session_section.ts";
 * const c = { origin: { host: "codex", session: "019a" } } as never;
 * assert.equal(writtenFromLine(c, "2 h ago"), "Written from a Codex session, 2 h ago.");
 * assert.equal(
 *   writtenFromLine(c, "2 h ago", false),
 *   "By its own account, not checked here, it was written from a Codex session, 2 h ago.",
 * );
 * ```
 */
export function writtenFromLine(capsule: Capsule, age: string, trusted = true): string | null {
  // Partial capsules (examples, hand-built inputs) may lack an origin.
  const host = (capsule.origin as Capsule["origin"] | undefined)?.host ?? null;
  if (host === null) return null;
  const id = capsule.session?.source_id ?? null;
  const open = id !== null && SOURCE_ID.test(id) ? `; \`baton source show ${id}\` opens it` : "";
  const where = `a${/^[AEIOU]/i.test(hostName(host)) ? "n" : ""} ${hostName(host)} session, ${
    safeInline(age)
  }${open}.`;
  return trusted
    ? `Written from ${where}`
    : `By its own account, not checked here, it was written from ${where}`;
}

function commandLine(
  c: SessionRecord["commands"][number],
  trusted: boolean,
  classify: (command: string) => Classification,
): string {
  // Classified again from the text: a capsule has no field that could declare its own command safe.
  const safety = classify(c.command);
  const text = safeInline(c.command);
  // "ran" only where the record holds how it ended: a call with no status may never have run
  // (rejected, cut by a crash, its result lost), so it is named as the request it is.
  const verb = c.exit_code === null && c.ok === null ? "requested" : "ran";
  return `${verb} ${exitLabel(c, trusted, safety.class, safety.families)}: ${
    safety.class === "dangerous" ? defangLine(text) : text
  }`;
}

function exitLabel(
  c: SessionRecord["commands"][number],
  trusted: boolean,
  cls: string,
  families: readonly string[],
): string {
  const trust = c.trust === "observed" && !trusted ? "claimed" : c.trust;
  const status = c.exit_code !== null
    ? `exit ${c.exit_code}`
    : c.ok === true
    ? "succeeded"
    : c.ok === false
    ? "failed"
    : "no exit status recorded";
  return `[${trust}, ${status}, ${cls}${families.length === 0 ? "" : `: ${families.join(", ")}`}]`;
}

/**
 * The section's lines: the first says where it came from and how much was
 * read; the rest are the content to fence. Empty when there is no section.
 * @param session The capsule's section.
 * @param trusted The capsule is signed by a trusted key.
 * @param classify Classifies a recorded command from its raw text (classifyCommand).
 * @returns The lines.
 */
export function sessionItems(
  session: SessionRecord | undefined,
  trusted: boolean,
  classify: (command: string) => Classification,
): string[] {
  if (session === undefined) return [];
  const r = session.read;
  // This line is baton's, outside the fence: the list names, the host and the format a capsule
  // from elsewhere may hold any words in, so each is shown only in the shape baton writes.
  const losses = session.dropped.map((d) => `${d.count} older ${listName(d.field)}`);
  // Where it was read from and how much are the writer's word: from a capsule no trusted key
  // signed, a stranger's counts ("read whole; 0 record(s) skipped"), so said as the capsule's.
  // The generic reader's name already says "transcript".
  const source = session.host === "generic"
    ? "a transcript read by the generic reader"
    : `the ${hostName(session.host)} transcript`;
  const first = `- ${
    trusted ? "" : "The capsule's own account, not checked here: "
  }From ${source} (${shapedFormat(session.format)}, reader ${session.reader_confidence}), ${
    r.complete
      ? "read whole"
      : r.file_bytes === 0
      ? "its last records read from the host's database"
      : `last ${r.bytes} of ${r.file_bytes} bytes read`
  }; ${r.skipped + r.unknown + r.invalid} record(s) skipped${
    losses.length === 0 ? "" : `; not kept: ${losses.join(", ")}`
  }. ${
    trusted
      ? "Commands with an exit status were recorded by the host; the rest is what the log says."
      : "Not signed by a trusted key: every status below is the capsule's claim."
  }`;
  const lines: string[] = [];
  for (const u of session.user_requests.slice(-3).reverse()) {
    lines.push(`user asked: ${safeInline(u.text)}`);
  }
  if (session.last_assistant_message !== null) {
    lines.push(`assistant said last [claimed]: ${safeInline(session.last_assistant_message)}`);
  }
  for (const t of [...session.tests].reverse()) {
    lines.push(
      `test ${trusted ? "" : "[claimed] "}${t.outcome}${
        t.exit_code === null ? "" : ` (exit ${t.exit_code})`
      }: ${safeInline(t.command)}`,
    );
  }
  if (session.files_edited.length > 0) {
    lines.push(`files edited: ${session.files_edited.map(safeInline).join(", ")}`);
  }
  for (const c of [...session.commands].reverse()) {
    lines.push(commandLine(c, trusted, classify));
  }
  if (session.files_read.length > 0) {
    lines.push(`files read: ${session.files_read.map(safeInline).join(", ")}`);
  }
  return [first, ...lines];
}
