/**
 * `.baton/.gitignore`: capsules may be shared through git, but the lock, the
 * per-machine injection record and temp files are this checkout's alone (a
 * teammate's committed record would make their session-start skip a
 * briefing). Written once, when baton first creates its state; a file the
 * user changed is left alone. Edge-free: I/O through `WriteFs`.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { BatonLayout } from "./layout.ts";

/** The ignore rules baton writes for its own private paths. */
export const BATON_IGNORE =
  "# Written by baton: this checkout's own state, never shared.\nlock/\nstate/\n*.tmp\n";

/** Writes `.baton/.gitignore` when it does not exist yet (inside `within` when given); never throws. */
export async function ensureBatonIgnore(
  fs: WriteFs,
  layout: BatonLayout,
  within?: string,
): Promise<void> {
  const path = `${layout.dir}/.gitignore`;
  try {
    if ((await fs.lstat(path)) !== null) return;
    await fs.writeFileAtomic(
      path,
      new TextEncoder().encode(BATON_IGNORE),
      within === undefined ? {} : { within },
    );
  } catch {
    // Best effort: a missing ignore file never stops a capsule.
  }
}
