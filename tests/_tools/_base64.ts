/**
 * Base64 for the generator tools (btoa over binary strings, in slices so
 * large inputs do not overflow the argument limit).
 * @module
 */

/** Standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}
