/**
 * Keeps the last N bytes of a stream in a fixed buffer (bounded memory
 * whatever the stream's size), and turns them into excerpt text that
 * starts on a line and on a UTF-8 character boundary, so the cut never
 * leaves the tail of a secret the scanner can no longer recognise. Pure.
 * @module
 */

/** The last `capacity` bytes written. */
export class TailBuffer {
  readonly #buf: Uint8Array;
  #len = 0;
  #total = 0;

  constructor(readonly capacity: number) {
    this.#buf = new Uint8Array(capacity);
  }

  /** Appends bytes, keeping only the last `capacity`. */
  push(chunk: Uint8Array): void {
    this.#total += chunk.length;
    if (chunk.length >= this.capacity) {
      this.#buf.set(chunk.subarray(chunk.length - this.capacity));
      this.#len = this.capacity;
      return;
    }
    const keep = Math.min(this.#len, this.capacity - chunk.length);
    this.#buf.copyWithin(0, this.#len - keep, this.#len);
    this.#buf.set(chunk, keep);
    this.#len = keep + chunk.length;
  }

  /** Bytes written in all. */
  get total(): number {
    return this.#total;
  }

  /**
   * The kept bytes as text; when earlier bytes were dropped, the partial
   * first line is dropped too (`truncated` says so).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TailBuffer } from "./tail_buffer.ts";
   * const t = new TailBuffer(8);
   * t.push(new TextEncoder().encode("first line\nlast\n"));
   * assert.deepEqual(t.text(), { text: "last\n", truncated: true });
   * ```
   */
  text(): { text: string; truncated: boolean } {
    let bytes = this.#buf.subarray(0, this.#len);
    const truncated = this.#total > this.#len;
    if (truncated) {
      const nl = bytes.indexOf(0x0a);
      bytes = nl < 0 ? bytes.subarray(bytes.length) : bytes.subarray(nl + 1);
    }
    return { text: new TextDecoder().decode(bytes), truncated };
  }
}
