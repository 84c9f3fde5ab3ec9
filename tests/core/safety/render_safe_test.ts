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
  assert.equal(safeInline("see arr(0) and {text}"), "see arr(0) and {text}", "control");
  // Every bracket is escaped: no link or link reference can be formed either.
  assert.equal(safeInline("see arr[0] and [link text]"), "see arr\\[0] and \\[link text]");
});

Deno.test("safeInline() escapes backslashes first, so a leading backslash cannot undo an escape", () => {
  const out = safeInline("\\[verified] and \\\\[observed] and \\<!-- x -->");
  // Every [ and < is preceded by an odd number of backslashes: escaped in Markdown.
  for (const m of out.matchAll(/(\\*)[[<]/g)) assert.equal(m[1]!.length % 2, 1, out);
  assert.equal(safeInline("C:\\dir"), "C:\\\\dir", "control: a backslash renders as itself");
});

Deno.test("safeInline() marks trust labels disguised by fullwidth brackets or look-alike letters", () => {
  for (
    const label of [
      "\uff3bverified\uff3d",
      "[v\u0435rified]",
      "[\u0412\u0415RIFIED]".replace("\u0412", "V"),
      "\u3010verified\u3011",
      "[\uff56erified]",
      "\ufe47observed\ufe48",
      "[re-ch\u0435cked now]",
    ]
  ) {
    const out = safeInline(`${label} tests pass`);
    assert.ok(!out.includes(label), label);
    assert.match(out, /‹U\+[0-9A-F]{4}›/, label);
  }
  // Controls: non-ASCII brackets or letters that form no label are kept.
  assert.equal(safeInline("\u3010note\u3011 caf\u00e9"), "\u3010note\u3011 caf\u00e9");
  assert.equal(safeInline("[caf\u00e9]"), "\\[caf\u00e9]");
});

Deno.test("neutralizeText() marks every format and default-ignorable character, keeping VS15/VS16", () => {
  for (
    const cp of [0x1bca0, 0x1bca1, 0x1bca2, 0x1bca3, 0x1d173, 0x1d17a, 0x2065, 0xfff0, 0xe0fff]
  ) {
    const ch = String.fromCodePoint(cp);
    const out = neutralizeText(`to${ch}ken`);
    assert.ok(!out.includes(ch), cp.toString(16));
    assert.match(out, /^to‹U\+[0-9A-F]{4,5}›ken$/);
  }
  assert.equal(neutralizeText("\u2764\ufe0f \u2764\ufe0e"), "\u2764\ufe0f \u2764\ufe0e", "control");
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
    safeInline("wow! (https://example.invalid)"),
    "wow! (https://example.invalid)",
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

Deno.test("capShown cuts a long field at the bound, never inside a surrogate pair, and counts the rest; safeInline applies it", async () => {
  const { capShown, MAX_SHOWN_CHARS } = await import("../../../core/safety/render_safe.ts");
  // Control: a field at the bound is whole.
  const at = "a".repeat(MAX_SHOWN_CHARS);
  assert.equal(capShown(at), at);
  assert.equal(safeInline(at), at);
  const long = "b".repeat(MAX_SHOWN_CHARS + 10);
  assert.equal(capShown(long), `${"b".repeat(MAX_SHOWN_CHARS)}… (10 more characters not shown)`);
  assert.ok(safeInline(long).endsWith("(10 more characters not shown)"));
  const pair = "a" + "\u{1F600}".repeat(3);
  assert.equal(capShown(pair, 2), "a… (6 more characters not shown)", "the pair is not split");
});

Deno.test("neutralizeText() marks what its Unicode classes match, ASCII text or not (property)", () => {
  // The rule restated: C0 controls and DEL as pictures, then every format and
  // default-ignorable character, C1 control and lone surrogate as a marker,
  // NEL and the two presentation selectors kept.
  // deno-lint-ignore no-control-regex
  const c0 = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
  const invisible =
    /[\p{Cf}\p{Default_Ignorable_Code_Point}\u0080-\u009f\u115f\u1160\u3164\uffa0\ud800-\udfff]/gu;
  const kept = new Set(["\u0085", "\ufe0e", "\ufe0f"]);
  const reference = (text: string): string =>
    text.replace(c0, (ch) => {
      const cp = ch.charCodeAt(0);
      return cp === 0x7f ? "\u2421" : String.fromCharCode(0x2400 + cp);
    }).replace(invisible, (ch) =>
      kept.has(ch) ? ch : `‹U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}›`);
  const chars = [
    ...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)),
    ...["\u0080", "\u0085", "\u009b", "\u00a0", "\u00ad", "\u00e9", "\u034f", "\u115f"],
    ...["\u200b", "\u200d", "\u202e", "\u2066", "\ufe0f", "\ufeff", "\ud800", "😀", "日"],
  ];
  let changed = 0;
  let rng = 7;
  for (let n = 0; n < 3000; n++) {
    let text = "";
    for (let len = n % 13; len > 0; len--) {
      rng = (rng * 1103515245 + 12345) >>> 0;
      // Half the texts ASCII only.
      text += chars[(rng >>> 8) % (n % 2 === 0 ? 128 : chars.length)];
    }
    const want = reference(text);
    if (want !== text) changed++;
    assert.equal(neutralizeText(text), want, JSON.stringify(text));
  }
  // Control: many texts are changed, many are not.
  assert.ok(changed > 500 && 3000 - changed > 500, `${changed} changed`);
});
