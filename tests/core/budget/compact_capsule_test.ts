/**
 * The compact capsule under random meaning and caps from 200 to 5000 bytes:
 * never over the cap, the five headings always there in order, the next
 * step's first 80 bytes kept, valid UTF-8, no line a fence or a heading of
 * its own making.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  COMPACT_HEADINGS,
  compactCapsule,
  NEXT_STEP_KEPT_BYTES,
} from "../../../core/budget/compact_capsule.ts";
import { plainLine } from "../../../core/budget/compact_capsule.ts";
import { safeInline } from "../../../core/safety/render_safe.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

const enc = new TextEncoder();
const strict = new TextDecoder("utf-8", { fatal: true });

/** The longest prefix of `text` of at most `n` UTF-8 bytes, on a code point boundary. */
function prefixBytes(text: string, n: number): string {
  let out = "";
  for (const ch of text) {
    if (enc.encode(out + ch).length > n) break;
    out += ch;
  }
  return out;
}

const text = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    "```",
    "## Now",
    "# heading",
    "é".repeat(400),
    "😀".repeat(300),
    "x".repeat(3000),
  ),
);

const base = await makeCapsule();

Deno.test("compactCapsule(): any meaning, any cap from 200 to 5000 bytes: within the cap, five headings, next step's first 80 bytes, valid UTF-8", () => {
  fc.assert(
    fc.property(
      fc.record({
        now: fc.option(text),
        done: fc.array(text, { maxLength: 40 }),
        blockers: fc.array(fc.tuple(text, fc.option(text)), { maxLength: 10 }),
        next: text,
        pointers: fc.array(text, { maxLength: 30 }),
      }),
      fc.integer({ min: 200, max: 5000 }),
      (m, cap) => {
        const capsule = structuredClone(base);
        capsule.meaning.now = m.now;
        capsule.meaning.completed = m.done.map((t) => claim(t));
        capsule.meaning.blockers = m.blockers.map(([t, q]) => ({ ...claim(t), question: q }));
        capsule.meaning.next_action = { ...claim(m.next), command: null };
        capsule.meaning.pointers = m.pointers;
        const out = compactCapsule(capsule, cap);
        const bytes = enc.encode(out.text);
        assert.ok(bytes.length <= cap, `${bytes.length} > ${cap}`);
        assert.equal(out.bytes, bytes.length);
        assert.equal(strict.decode(bytes), out.text, "valid UTF-8 (no lone surrogate)");
        assert.doesNotMatch(out.text, /[\ud800-\udfff]/u);
        const lines = out.text.split("\n");
        const headings = lines.filter((l) => l.startsWith("#"));
        const expected = headings[0]?.startsWith("# baton capsule") ? headings.slice(1) : headings;
        assert.deepEqual(expected, [...COMPACT_HEADINGS]);
        assert.ok(!lines.some((l) => /^(- )?\s*(`{3}|~{3})/.test(l)), "no fence");
        const step = plainLine(m.next);
        const nextAt = lines.indexOf("## Next concrete step");
        const stepLine = lines[nextAt + 1] ?? "";
        assert.ok(stepLine.startsWith(prefixBytes(step, NEXT_STEP_KEPT_BYTES)), "next step kept");
        // The kept text is the author's: plainLine only escapes and trims.
        assert.ok(
          step.replace(/^\\/, "").length === 0 ||
            safeInline(m.next).includes(step.replace(/^\\/, "")),
        );
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("compactCapsule(): everything fits when it can (positive control), and losses are said in the section", async () => {
  const capsule = await makeCapsule((b) => {
    b.meaning.now = "parser half done";
    b.meaning.completed = [claim("lexer"), claim("tests")];
    b.meaning.next_action = { ...claim("write heredoc tokens"), command: null };
    b.meaning.pointers = ["core/lexer.ts"];
  });
  const out = compactCapsule(capsule, 1500);
  assert.deepEqual(out.dropped, []);
  assert.match(out.text, /## Done since the last capsule\n- lexer\n- tests\n/);
  assert.match(out.text, /## Pointers\n- core\/lexer.ts\n/);
  const many = structuredClone(capsule);
  many.meaning.completed = Array.from(
    { length: 200 },
    (_, i) => claim(`finished item number ${i}`),
  );
  const cut = compactCapsule(many, 1500);
  assert.ok(cut.bytes <= 1500);
  assert.match(cut.text, /- \(\d+ more not shown: baton show latest\)/);
  assert.match(cut.text, /- core\/lexer.ts/, "pointers outlive done items");
  assert.equal(cut.dropped[0]!.section, "done");
});

Deno.test("compactCapsule(): a capsule no trusted key signed says so in its title and its next step, even at the smallest cap", async () => {
  const capsule = await makeCapsule((b) => {
    b.meaning.now = "parser half done";
    b.meaning.next_action = { ...claim("run the setup script"), command: null };
  });
  const own = compactCapsule(capsule, 1500);
  assert.match(own.text, /^# baton capsule \w+ \(compact\)\n/, "control: no mark when trusted");
  assert.match(own.text, /## Next concrete step\nrun the setup script\n/);
  const stranger = compactCapsule(capsule, 1500, { untrusted: true });
  assert.match(stranger.text, /\(compact; not signed by a key this machine trusts/);
  assert.match(stranger.text, /## Next concrete step\n\[untrusted\] run the setup script\n/);
  const tiny = compactCapsule(capsule, 200, { untrusted: true });
  assert.ok(tiny.bytes <= 200);
  assert.match(tiny.text, /## Next concrete step\n\[untrusted\] run/);
});
