/**
 * The line a session-start injection adds when another session handed this
 * work off and its deny is still open: the exact command this new session
 * runs to resume (the same text the gate would print, so it passes the
 * gate verbatim). Only where this machine opted in; every field printed
 * comes from a record that passed its shape checks (an invalid record is
 * never shown). Cheap when there is no enforcement state: a few lstats.
 * Edge-free: I/O through `WriteFs`; how baton is started is handed in.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { BatonLayout } from "../store/layout.ts";
import { stateDirOfRoot } from "../store/private_dir.ts";
import { enforcePaths } from "./enforce_paths.ts";
import { batonRoot } from "../store/layout.ts";

/** The hint, or "" when there is nothing to resume. Never throws. */
export async function resumeHint(
  fs: WriteFs,
  layout: BatonLayout,
  session: string | null,
  baton: () => Promise<string>,
): Promise<string> {
  try {
    if (session === null) return "";
    const stateDir = await stateDirOfRoot(fs, batonRoot(layout.dir));
    if (stateDir === null) return "";
    const p = enforcePaths(stateDir);
    if ((await fs.lstat(p.denies)) === null) return "";
    const { optedIn, readDenies } = await import("./deny_store.ts");
    if (!(await optedIn(fs, p))) return "";
    const { SESSION_ID } = await import("./deny_record.ts");
    if (!SESSION_ID.test(session)) return "";
    const open = (await readDenies(fs, p)).records.filter((r) =>
      r.status === "open" && r.session !== session
    );
    if (open.length === 0) return "";
    const { resumeHintText } = await import("./sentences.ts");
    return resumeHintText(open[0]!, session, await baton());
  } catch {
    return "";
  }
}
