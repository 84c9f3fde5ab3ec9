/**
 * Test helper: what the streaming scanner writes for a text, in chunks small
 * enough that a test can put a chunk boundary at every offset of what it
 * checks, with the overlap the wrap and fold joins need. Tests compare it
 * with the in-memory redaction of the same text.
 * @module
 */
import type { SecretEngine } from "../../core/safety/secrets/engine.ts";
import { scanStream } from "../../core/safety/secrets/stream.ts";
import { WRAP_REACH } from "../../core/safety/secrets/wraps.ts";
import { concatBytes, readerOf } from "./byte_stream.ts";

/**
 * `text` redacted by `scanStream` in chunks of `chunkBytes`, read `readBytes`
 * at a time, decoded.
 *
 * @param engine The engine both sides use.
 * @param text The input.
 * @param chunkBytes The stream's chunk size.
 * @param readBytes How many bytes each read of the input gives.
 */
export async function streamedRedaction(
  engine: SecretEngine,
  text: string,
  chunkBytes: number,
  readBytes: number,
): Promise<string> {
  const parts: Uint8Array[] = [];
  await scanStream(engine, readerOf(new TextEncoder().encode(text), readBytes), {
    bounds: { chunkBytes, overlapBytes: engine.maxAfter + WRAP_REACH },
    write: (b) => void parts.push(b.slice()),
  });
  return new TextDecoder().decode(concatBytes(parts));
}
