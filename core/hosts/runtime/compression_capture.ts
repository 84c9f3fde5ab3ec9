/**
 * Whether a prompt hook should write a capsule because the host is about to
 * compress: only for a host whose record has `compression` (its pre-compact
 * hook is registered for a manual compression only), and only when the band
 * pass read the host's own token fill from the transcript and it is near the
 * threshold the host's settings give (core/hosts/compression_threshold.ts).
 * No fill read (bytes fallback, no reply yet): no capture; the host's fill
 * is what it compresses on.
 * @module
 */
import type { BandResult } from "../../bands/evaluate.ts";
import { compressionThreshold, nearCompression } from "../compression_threshold.ts";
import { type HostId, hostRecord } from "../ids.ts";
import type { HookIo } from "./hook_io.ts";

/**
 * HOME as the person set it (the hook's environment is as the host handed
 * it): left out when a host file in a work tree around `cwd` sets it
 * (core/trust/repository_home.ts). The host reads its user settings from the
 * home it started with, before it loads a project's `.env`; a home the
 * repository chose would let it name the threshold, and with a high one
 * switch the capture before an automatic compression off.
 */
async function personsHomeAt(
  io: Pick<HookIo, "fs" | "env">,
  cwd: string,
): Promise<string | undefined> {
  if ((io.env("HOME") ?? "") === "") return undefined;
  const { outermostWorkTree } = await import("../../facts/git/outer_work_tree.ts");
  const { personsHome } = await import("../../trust/repository_home.ts");
  const all = await outermostWorkTree(io.fs, cwd, null).catch(() => null);
  const home = await personsHome(io.fs, all, cwd, (n) => n === "HOME" ? io.env(n) : undefined);
  return home ?? undefined;
}

/**
 * The reason to capture now ("fill 41.0% near the 50% threshold (default)"),
 * or null when there is none.
 */
export async function compressionCaptureDue(
  io: Pick<HookIo, "fs" | "env">,
  host: HostId,
  result: BandResult | null,
  projectRoot: string,
): Promise<string | null> {
  const record = hostRecord(host).compression;
  if (record === undefined || result === null) return null;
  // The band pass gives pct only from the host's own token count (bytes are their own signal).
  const reading = result.readings.find((r) => r.signal === "pct");
  if (reading === undefined) return null;
  const fill = reading.value ?? Number.NaN;
  const threshold = await compressionThreshold(io.fs, record, {
    env: (name) => io.env(name),
    home: await personsHomeAt(io, projectRoot),
    projectRoot,
  });
  if (!nearCompression(fill, threshold.fraction)) return null;
  const shown = Number.isFinite(fill) ? `${fill.toFixed(1)}%` : "unreadable";
  return `fill ${shown} near the ${threshold.fraction * 100}% compression threshold (${
    threshold.source === "default" ? "the host's default" : "its settings"
  })`;
}
