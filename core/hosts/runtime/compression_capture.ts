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
import type { HostRecord } from "../record.ts";
import type { HookIo } from "./hook_io.ts";

/**
 * The variables that say where the host's settings files are (HOME and each
 * file's own, such as GEMINI_CLI_HOME or GEMINI_CLI_SYSTEM_SETTINGS_PATH), as
 * the person set them: the hook's environment is as the host handed it, and
 * one a host file in a work tree around `cwd` sets (as a key) reads as unset
 * (core/trust/repository_env.ts; every work tree around, as for a home). The
 * host found its settings with the environment it started with, before it
 * loaded a project's `.env`; a place the repository chose would let it name
 * the threshold, and with a high one switch the capture before an automatic
 * compression off. A search that fails reads them all as unset.
 */
async function personsPlaces(
  io: Pick<HookIo, "fs" | "env">,
  record: NonNullable<HostRecord["compression"]>,
  cwd: string,
): Promise<(name: string) => string | undefined> {
  const names = [
    "HOME",
    ...record.settingsFiles.flatMap((f) => "env" in f && f.env !== null ? [f.env] : []),
  ]
    .filter((n) => (io.env(n) ?? "") !== "");
  if (names.length === 0) return (n) => io.env(n);
  let named: ReadonlySet<string>;
  try {
    const { outermostWorkTree } = await import("../../facts/git/outer_work_tree.ts");
    const { repositorySetVariables } = await import("../../trust/repository_env.ts");
    const all = await outermostWorkTree(io.fs, cwd, null).catch(() => null);
    named = new Set((await repositorySetVariables(io.fs, all ?? cwd, cwd, names, "as-key")).keys());
  } catch {
    named = new Set(names);
  }
  return (n) => named.has(n) ? undefined : io.env(n);
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
  const env = await personsPlaces(io, record, projectRoot);
  const threshold = await compressionThreshold(io.fs, record, {
    env,
    home: env("HOME"),
    projectRoot,
  });
  if (!nearCompression(fill, threshold.fraction)) return null;
  const shown = Number.isFinite(fill) ? `${fill.toFixed(1)}%` : "unreadable";
  return `fill ${shown} near the ${threshold.fraction * 100}% compression threshold (${
    threshold.source === "default" ? "the host's default" : "its settings"
  })`;
}
