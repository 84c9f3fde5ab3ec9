/**
 * Doctor's store check: can baton write into .baton? Probes with a temp
 * file (named like the store's own temp files, so a killed probe is swept by
 * the next writer) that is removed at once; a .baton directory created for
 * the probe is removed again.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { DoctorCheck } from "./check.ts";

/**
 * Probes .baton for writing.
 *
 * @param fs File access.
 * @param layout Where .baton is.
 * @param options A random token for the probe's name.
 * @returns ok, or fail when the probe cannot be written.
 */
export async function checkStore(
  fs: WriteFs,
  layout: BatonLayout,
  options: { token: string },
): Promise<DoctorCheck> {
  const existed = (await fs.lstat(layout.dir)) !== null;
  const probe = `${layout.dir}/.doctor-${options.token}.tmp`;
  try {
    if (!existed) await fs.mkdirp(layout.dir);
    await fs.writeFileAtomic(probe, new TextEncoder().encode("probe\n"));
    await fs.remove(probe);
    return { name: "store", outcome: "ok", reason: `${layout.dir} is writable` };
  } catch {
    return {
      name: "store",
      outcome: "fail",
      reason: `Cannot write into ${layout.dir}: baton could not store a capsule here`,
    };
  } finally {
    await fs.remove(probe).catch(() => {});
    if (!existed) await fs.remove(layout.dir).catch(() => {});
  }
}
