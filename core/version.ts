/**
 * The version of baton, written into every capsule's origin. A test keeps it
 * equal to deno.json's version.
 * @module
 */

/** baton's version. */
export const VERSION = "0.1.0";
