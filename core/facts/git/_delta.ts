/**
 * Private: applies git's delta format (pack OFS_DELTA / REF_DELTA payloads):
 * two size varints, then copy-from-base and insert-literal instructions.
 * Pure: bytes in, bytes out.
 * @module
 */
import { GitCorruptError, GitLimitError } from "./errors.ts";

function corrupt(what: string): GitCorruptError {
  return new GitCorruptError(`Cannot apply git delta: ${what}`, "git_delta_corrupt");
}

/**
 * Rebuilds the target object from `base` and a delta.
 * @throws {GitCorruptError} When the delta does not match the base or is malformed.
 * @throws {GitLimitError} When the target would exceed `maxBytes`.
 */
export function applyDelta(base: Uint8Array, delta: Uint8Array, maxBytes: number): Uint8Array {
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      if (pos >= delta.length || shift > 2 ** 49) throw corrupt("truncated size header");
      const c = delta[pos++]!;
      result += (c & 0x7f) * shift;
      shift *= 128;
      if ((c & 0x80) === 0) return result;
    }
  };
  const baseSize = varint();
  const targetSize = varint();
  if (baseSize !== base.length) throw corrupt("base size does not match");
  if (targetSize > maxBytes) {
    throw new GitLimitError(
      `Cannot read git object: ${targetSize} bytes exceeds the limit of ${maxBytes}`,
      "git_object_too_large",
      { data: { size: targetSize, limit: maxBytes } },
    );
  }
  const out = new Uint8Array(targetSize);
  let outPos = 0;
  while (pos < delta.length) {
    const op = delta[pos++]!;
    if (op & 0x80) {
      let offset = 0;
      let size = 0;
      for (let bit = 0; bit < 4; bit++) {
        if (op & (1 << bit)) offset += delta[pos++]! * 2 ** (8 * bit);
      }
      for (let bit = 0; bit < 3; bit++) {
        if (op & (0x10 << bit)) size += delta[pos++]! * 2 ** (8 * bit);
      }
      if (pos > delta.length) throw corrupt("truncated copy instruction");
      if (size === 0) size = 0x10000;
      if (offset + size > base.length || outPos + size > targetSize) {
        throw corrupt("copy instruction out of range");
      }
      out.set(base.subarray(offset, offset + size), outPos);
      outPos += size;
    } else if (op !== 0) {
      if (pos + op > delta.length || outPos + op > targetSize) {
        throw corrupt("insert instruction out of range");
      }
      out.set(delta.subarray(pos, pos + op), outPos);
      pos += op;
      outPos += op;
    } else {
      throw corrupt("reserved instruction 0");
    }
  }
  if (outPos !== targetSize) throw corrupt("result size does not match");
  return out;
}
