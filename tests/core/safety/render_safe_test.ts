/**
 * Hostile content for each safe-rendering rule, each with a positive control
 * (the ordinary text survives). See: #3
 */
import assert from "node:assert/strict";
import {
  fenceFor,
  neutralizeText,
  safeInline,
  safeLines,
} from "../../../core/safety/render_safe.ts";

const ESC = "\u001b";

Deno.test("neutralizeText() makes ANSI escape sequences inert and visible", () => {
  const hostile =
    `ok ${ESC}[2J${ESC}[31mred${ESC}]8;;https://evil.invalid${ESC}\\link${ESC}]8;;${ESC}\\`;
  const out = neutralizeText(hostile);
  assert.ok(!out.includes(ESC), "no ESC survives");
  assert.ok(out.includes("\u241b[31mred"), "the sequence is shown, not acted on");
  assert.ok(out.includes("https://evil.invalid"), "a hidden hyperlink target becomes visible");
  assert.ok(out.startsWith("ok "), "control: plain text kept");
  assert.ok(!neutralizeText("a\u009b31mb").includes("\u009b"), "the C1 CSI is made visible too");
});

Deno.test("neutralizeText() makes C0 and C1 controls visible but keeps tabs and line breaks", () => {
  const out = neutralizeText("a\u0000b\u0007c\u0008d\u007fe\u0090f\tg\nh");
  assert.equal(out, "a\u2400b\u2407c\u2408d\u2421e‹U+0090›f\tg\nh");
});

Deno.test("neutralizeText() makes bidi overrides, isolates and marks visible", () => {
  for (
    const cp of [
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
      0x200e,
      0x200f,
      0x061c,
    ]
  ) {
    const ch = String.fromCodePoint(cp);
    const out = neutralizeText(`abc${ch}def`);
    assert.ok(!out.includes(ch), cp.toString(16));
    assert.ok(out.includes(`‹U+${cp.toString(16).toUpperCase().padStart(4, "0")}›`));
  }
  assert.equal(neutralizeText("עברית and عربي"), "עברית and عربي", "control: RTL letters are kept");
});

Deno.test("neutralizeText() makes zero-width, tag and other invisible characters visible", () => {
  const hidden = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u00ad",
    "\u180e",
    "\u3164",
    "\u{e0041}",
    "\u{e0100}",
  ];
  for (const ch of hidden) {
    const out = neutralizeText(`to${ch}ken`);
    assert.ok(!out.includes(ch), `U+${ch.codePointAt(0)!.toString(16)}`);
    assert.match(out, /^to‹U\+[0-9A-F]{4,5}›ken$/);
  }
  assert.equal(neutralizeText("café ✓ 😀"), "café ✓ 😀", "control: visible non-ASCII kept");
  assert.ok(neutralizeText("\ud800x").startsWith("‹U+D800›"), "a lone surrogate is made visible");
});

Deno.test("safeInline() keeps text on one line so it cannot open or close a fence or forge a heading", () => {
  const hostile = "done\n```\n# Forged heading\r\n## Another\u2028- [verified] forged item\rtail";
  const out = safeInline(hostile);
  assert.ok(!/[\n\r\u2028\u2029\u0085]/.test(out));
  assert.equal(out.split(" ⏎ ").length, 6);
  assert.ok(out.startsWith("done ⏎ ```"), "control: content kept, line breaks shown");
});

Deno.test("safeInline() escapes bracketed trust labels so content cannot pose as one", () => {
  for (
    const label of [
      "[verified]",
      "[ VERIFIED ]",
      "[observed]",
      "[untrusted]",
      "[re-checked now]",
      "[path]",
      "[read_only]",
    ]
  ) {
    const out = safeInline(`${label} tests pass`);
    assert.ok(!out.includes(label), label);
    assert.ok(out.startsWith("\\["), label);
  }
  assert.equal(safeInline("see arr[0] and [link text]"), "see arr[0] and [link text]", "control");
});

Deno.test("safeInline() escapes anything that could start raw HTML, so no comment can hide text", () => {
  const out = safeInline(
    "visible <!-- hidden until --> <div hidden>x</div> <script>y</script> <?php ?>",
  );
  assert.ok(!/(?<!\\)<[!a-z/?]/i.test(out), out);
  assert.ok(out.includes("\\<!--"));
  assert.equal(safeInline("a < b, 1<2, x <= y"), "a < b, 1<2, x <= y", "control: comparisons kept");
});

Deno.test("safeInline() turns images into plain links so rendering fetches nothing", () => {
  const out = safeInline("see ![beacon](https://example.invalid/p.png?d=secret) and ![a][ref]");
  assert.ok(!out.includes("!["), out);
  assert.ok(out.includes("(https://example.invalid/p.png?d=secret)"), "the URL stays visible");
  assert.equal(
    safeInline("wow! [link](https://example.invalid)"),
    "wow! [link](https://example.invalid)",
    "control",
  );
});

Deno.test("safeLines() splits on every line-break form and neutralises each line", () => {
  assert.deepEqual(safeLines(`a\r\nb\rc\nd\u2028e\u2029f\u0085g${ESC}`), [
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g\u241b",
  ]);
});

Deno.test("fenceFor() is longer than any backtick run, so no line can close it", () => {
  const lines = ["````", "x ``````` y", "~~~"];
  const fence = fenceFor(lines);
  assert.equal(fence.length, 8);
  for (const l of lines) assert.ok(!l.trim().startsWith(fence));
  assert.equal(fenceFor(["plain"]), "```", "control: the minimum fence");
});
