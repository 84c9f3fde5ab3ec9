/**
 * Edge: the line a session-start injection adds when another session handed
 * this work off and its deny is still open: the exact command this new
 * session runs to resume (the same text the gate would print, so it passes
 * the gate verbatim). Cheap when there is no enforcement state: one lstat.
 * @module
 */
import type { BatonLayout } from "../core/store/layout.ts";
import type { Io } from "./_adapters/io.ts";

/** The hint, or "" when there is nothing to resume. Never throws. */
export async function resumeHint(
  io: Io,
  layout: BatonLayout,
  session: string | null,
): Promise<string> {
  try {
    if (session === null) return "";
    if ((await io.fs.lstat(`${layout.dir}/enforce/denies`)) === null) return "";
    const { readBatonConfig } = await import("./_config.ts");
    if ((await readBatonConfig(io, layout.dir, { cache: "read" })).enforce.mode !== "deny") {
      return "";
    }
    const { readDenies } = await import("./_enforce_store.ts");
    const { resumeCommand } = await import("../core/enforce/recovery.ts");
    const { printableBatonWords } = await import("./_adapters/baton_words.ts");
    const open = (await readDenies(io, layout)).records.filter((r) =>
      r.status === "open" && r.session !== session
    );
    if (open.length === 0) return "";
    const r = open[0]!;
    return `\n\nbaton: session ${r.session} handed this work off${
      r.capsule_id === null ? "" : ` in capsule ${r.capsule_id}`
    }, and its changes stay denied until a successor resumes. Read the briefing above, then, before changing files, run exactly: ${
      resumeCommand(session, r.session, (await printableBatonWords(io))[0])
    }\n`;
  } catch {
    return "";
  }
}
