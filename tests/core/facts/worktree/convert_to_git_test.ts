/**
 * convertToGit(): the clean direction for eol and LFS, with git's binary
 * detection for auto text; what cannot be reproduced is unknown.
 * @module
 */
import assert from "node:assert/strict";
import { convertToGit } from "../../../../core/facts/worktree/convert_to_git.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const off = { autocrlf: "false" as const, cleanDrivers: new Set<string>() };

Deno.test("convertToGit(): CRLF becomes LF for text, auto and autocrlf; not for -text or binary", async () => {
  const crlf = enc("a\r\nb\r\n");
  assert.equal(
    dec((await convertToGit(crlf, new Map([["text", true]]), off)) as Uint8Array),
    "a\nb\n",
  );
  assert.equal(
    dec((await convertToGit(crlf, new Map([["eol", "lf"]]), off)) as Uint8Array),
    "a\nb\n",
  );
  assert.equal(
    await convertToGit(crlf, new Map(), off),
    null,
    "control: no setting, no conversion",
  );
  const auto = { ...off, autocrlf: "true" as const };
  assert.equal(dec((await convertToGit(crlf, new Map(), auto)) as Uint8Array), "a\nb\n");
  assert.equal(await convertToGit(crlf, new Map([["text", false]]), auto), null);
  assert.equal(await convertToGit(enc("a\r\nb\0"), new Map(), auto), null, "NUL: binary");
  assert.equal(await convertToGit(enc("a\rb\r\n"), new Map(), auto), null, "lone CR: binary");
  assert.equal(
    dec((await convertToGit(enc("a\rb\r\n"), new Map([["text", true]]), off)) as Uint8Array),
    "a\rb\n",
    "text converts even with a lone CR",
  );
});

Deno.test("convertToGit(): an lfs pointer is computed; other clean filters are unknown", async () => {
  const lfs = { ...off, cleanDrivers: new Set(["lfs", "other"]) };
  const out = await convertToGit(enc("hello\n"), new Map([["filter", "lfs"]]), lfs);
  assert.match(
    dec(out as Uint8Array),
    /^version https:\/\/git-lfs.github.com\/spec\/v1\noid sha256:5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03\nsize 6\n$/,
  );
  assert.equal(await convertToGit(enc("x"), new Map([["filter", "lfs"]]), off), null, "no driver");
  assert.deepEqual(await convertToGit(enc("x"), new Map([["filter", "other"]]), lfs), {
    unknown: "a clean filter that is not run here",
  });
});

Deno.test("convertToGit(): ident collapses an expanded $Id: ...$ on one line, as git's clean direction", async () => {
  const ident = new Map<string, string | boolean>([["ident", true]]);
  const id = "$Id: 0123456789abcdef0123456789abcdef01234567 $";
  assert.equal(
    dec((await convertToGit(enc(`a ${id} b\n`), ident, off)) as Uint8Array),
    "a $Id$ b\n",
  );
  assert.equal(
    dec((await convertToGit(enc(`${id}\n$Id$\n${id}`), ident, off)) as Uint8Array),
    "$Id$\n$Id$\n$Id$",
  );
  // A line break before the closing dollar: left as it is.
  const open = "$Id: no close\n$ x";
  assert.equal(dec((await convertToGit(enc(open), ident, off)) as Uint8Array ?? enc(open)), open);
  assert.equal(await convertToGit(enc("no ident here\n"), ident, off), null, "nothing to do");
  assert.equal(await convertToGit(enc(`${id}\n`), new Map(), off), null, "control: no attribute");
  // After end-of-line normalisation.
  const both = new Map<string, string | boolean>([["ident", true], ["text", true]]);
  assert.equal(dec((await convertToGit(enc(`${id}\r\n`), both, off)) as Uint8Array), "$Id$\n");
});
