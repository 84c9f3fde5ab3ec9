import assert from "node:assert/strict";
import fc from "fast-check";
import { textWidth, wrapText } from "../../core/text_wrap.ts";

const widths = (text: string): number[] => text.split("\n").map(textWidth);

Deno.test("wrapText fills lines greedily and breaks only at spaces", () => {
  assert.equal(wrapText("the quick brown fox jumps", 10), "the quick\nbrown fox\njumps");
  assert.equal(wrapText("exactly10c", 10), "exactly10c");
  assert.equal(wrapText("a  b   c", 80), "a b c", "runs of spaces collapse");
});

Deno.test("wrapText keeps paragraph breaks and explicit line breaks", () => {
  assert.equal(wrapText("one two\n\nthree four", 7), "one two\n\nthree\nfour");
  assert.equal(wrapText("one\ntwo", 80), "one\ntwo");
  assert.equal(wrapText("a\n\n\n\nb", 80), "a\n\nb", "several blank lines are one paragraph break");
  assert.equal(wrapText("a\r\n\r\nb", 80), "a\n\nb");
});

Deno.test("wrapText gives list items and indented lines a hanging indent", () => {
  assert.equal(
    wrapText("Intro:\n- first item that wraps\n  indented text that wraps", 16),
    "Intro:\n- first item\n  that wraps\n  indented text\n  that wraps",
  );
  assert.equal(wrapText("12. numbered item wraps", 12), "12. numbered\n    item\n    wraps");
});

Deno.test("wrapText applies a prefix to the first line and a hang to the rest", () => {
  assert.equal(
    wrapText("summary words here\n\nmore", 16, { prefix: "  --flag  ", hang: "          " }),
    "  --flag  summary\n          words\n          here\n\n          more",
  );
});

Deno.test("a word longer than the width is split only when unavoidable, never mid-character", () => {
  assert.equal(
    wrapText("short averyveryverylongword end", 12),
    "short\naveryveryver\nylongword\nend",
  );
  // A positive control for "never split a word that fits": the same words at a width they fit.
  assert.equal(wrapText("short averyveryverylongword end", 40), "short averyveryverylongword end");
  const emoji = "😀".repeat(12); // 2 columns each, 2 UTF-16 units each
  const lines = wrapText(emoji, 10).split("\n");
  assert.deepEqual(lines, ["😀".repeat(5), "😀".repeat(5), "😀".repeat(2)]);
  const accents = "e\u0301".repeat(15); // e + combining acute: one column each
  for (const line of wrapText(accents, 10).split("\n")) {
    assert.ok(!line.startsWith("\u0301"), "a combining mark stays with its letter");
  }
  assert.equal(
    wrapText("x".repeat(30), 14, { prefix: "".padEnd(10) }),
    "".padEnd(10) + "x".repeat(30),
    "too little room: overflow, no shreds",
  );
});

Deno.test("textWidth counts terminal columns", () => {
  assert.equal(textWidth("abc"), 3);
  assert.equal(textWidth("日本"), 4);
  assert.equal(textWidth("e\u0301"), 1);
  assert.equal(textWidth("é"), 1);
});

Deno.test("property: no line is wider than the width, and no character is lost", () => {
  const word = fc.stringMatching(/^[a-zé日😀]{1,14}$/);
  fc.assert(
    fc.property(
      fc.array(word, { maxLength: 40 }),
      fc.integer({ min: 10, max: 100 }),
      (words, width) => {
        const text = words.join(" ");
        const out = wrapText(text, width);
        for (const [i, w] of widths(out).entries()) {
          // a wide last character may leave one column unused, never one too many
          assert.ok(w <= width, `line ${i} is ${w} columns at width ${width}`);
        }
        assert.equal(out.replace(/[\n ]/g, ""), text.replace(/ /g, ""));
      },
    ),
  );
});
