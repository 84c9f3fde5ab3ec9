/**
 * convertToGit(): the clean direction for eol and LFS, with git's binary
 * detection for auto text; what cannot be reproduced is unknown.
 * @module
 */
import assert from "node:assert/strict";
import {
  convertAgainstIndex,
  convertToGit,
} from "../../../../core/facts/worktree/convert_to_git.ts";

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

Deno.test("convertToGit(): working-tree-encoding re-encodes the UTF-16 family to UTF-8; what git refuses is unknown", async () => {
  const u16le = (t: string) => {
    const out = new Uint8Array(t.length * 2);
    for (let i = 0; i < t.length; i++) {
      out[i * 2] = t.charCodeAt(i) & 0xff;
      out[i * 2 + 1] = t.charCodeAt(i) >> 8;
    }
    return out;
  };
  const attrs = (enc: string) =>
    new Map<string, string | boolean>([["working-tree-encoding", enc]]);
  assert.equal(
    dec((await convertToGit(u16le("h\u00e9\n"), attrs("UTF-16LE"), off)) as Uint8Array),
    "h\u00e9\n",
  );
  const bom = new Uint8Array([0xff, 0xfe, ...u16le("x\n")]);
  assert.equal(
    dec((await convertToGit(bom, attrs("utf-16"), off)) as Uint8Array),
    "x\n",
    "BOM dropped",
  );
  assert.equal(await convertToGit(enc("x"), attrs("UTF-8"), off), null, "UTF-8: no conversion");
  assert.equal(await convertToGit(enc("x"), attrs("utf8"), off), null);
  for (
    const [data, encName] of [
      [bom, "UTF-16LE"], // a BOM git prohibits
      [u16le("x"), "UTF-16"], // the BOM git requires is missing
      [new Uint8Array([0x41]), "UTF-16LE"], // odd length
      [enc("x"), "SHIFT-JIS"], // not re-encoded here
    ] as const
  ) {
    assert.equal(typeof await convertToGit(data, attrs(encName), off), "object", encName);
  }
  // Then end-of-line normalisation, as git orders them.
  const both = new Map<string, string | boolean>([["working-tree-encoding", "UTF-16LE"], [
    "text",
    true,
  ]]);
  assert.equal(dec((await convertToGit(u16le("a\r\n"), both, off)) as Uint8Array), "a\n");
});

Deno.test("convertAgainstIndex(): an expanded $Id$ over CRLF under auto text keeps the CRLF where the index's blob holds it, reading the blob only then", async () => {
  const auto = { ...off, autocrlf: "true" as const };
  const ident = new Map<string, string | boolean>([["ident", true]]);
  const data = enc("a $Id: 0123 $ b\r\n");
  let reads = 0;
  const blob = (text: string) => () => {
    reads++;
    return Promise.resolve(enc(text));
  };
  // The index's blob holds CRLF: git keeps it, then collapses the $Id$.
  const kept = await convertAgainstIndex(data, ident, auto, false, blob("a $Id$ b\r\n"));
  assert.equal(dec(kept as Uint8Array), "a $Id$ b\r\n");
  assert.equal(reads, 1);
  // The blob holds LF: converted as before.
  const lf = await convertAgainstIndex(data, ident, auto, false, blob("a $Id$ b\n"));
  assert.equal(dec(lf as Uint8Array), "a $Id$ b\n");
  // No blob read without ident or an encoding, nor where the raw content is the blob, nor
  // where keeping the CRLF changes nothing (text, not auto).
  reads = 0;
  assert.equal(
    dec(
      (await convertAgainstIndex(
        enc("a\r\n"),
        new Map(),
        auto,
        false,
        blob("a\r\n"),
      )) as Uint8Array,
    ),
    "a\n",
  );
  assert.deepEqual(
    await convertAgainstIndex(data, ident, auto, true, blob("x")),
    await convertToGit(data, ident, auto, true),
  );
  const text = new Map<string, string | boolean>([["ident", true], ["text", true]]);
  assert.equal(
    dec((await convertAgainstIndex(data, text, off, false, blob("a $Id$ b\r\n"))) as Uint8Array),
    "a $Id$ b\n",
  );
  assert.equal(reads, 0);
});
