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
    home: io.env("HOME"),
    projectRoot,
  });
  if (!nearCompression(fill, threshold.fraction)) return null;
  const shown = Number.isFinite(fill) ? `${fill.toFixed(1)}%` : "unreadable";
  return `fill ${shown} near the ${threshold.fraction * 100}% compression threshold (${
    threshold.source === "default" ? "the host's default" : "its settings"
  })`;
}
