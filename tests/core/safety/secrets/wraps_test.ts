/**
 * Secrets wrapped onto several lines (`fold`, a terminal, textwrap): the
 * whole value is redacted, raw, with CRLF and JSON-escaped inside a
 * transcript line (once and twice), also when streamed with a chunk
 * boundary anywhere in it; and a finding followed by an ordinary line keeps
 * that line.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { extendWraps } from "../../../../core/safety/secrets/wraps.ts";
import {
  ALNUM,
  FOLD_CONTAINERS,
  foldLines as fold,
  Rng,
  SAMPLES,
  URLSAFE,
} from "../../../_helpers/secret_fixtures.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

/** Prefixed tokens a property run may print bare, folded inside their body. */
const TOKEN_KINDS = ["github_pat", "github_fine_grained_pat", "anthropic_api_key", "jwt"];

const engine = defaultEngine();
const encoder = new TextEncoder();

/** Where a folded text is found: the shared containers, and a Markdown fence in prose. */
const CONTAINERS: Record<string, (text: string) => string> = {
  ...FOLD_CONTAINERS,
  fence: (t) => `Run this:\n\n\`\`\`\n${t}\n\`\`\`\n\nThen restart.\n`,
};

interface Case {
  name: string;
  /** The unwrapped line(s). */
  text: string;
  secret: string;
  width: number;
  /** A line after the value that must stay. */
  after: string;
}

function cases(rng: Rng): Case[] {
  const a = rng.str(ALNUM, 92);
  const b = rng.str(URLSAFE, 200);
  const g = "ghp_" + rng.str(ALNUM, 36);
  const c = rng.str(ALNUM, 150);
  const d = rng.str(URLSAFE, 120);
  const e = rng.str(ALNUM, 90);
  const f = rng.str(ALNUM, 96);
  return [
    // A sentence goes on after the last piece: its punctuation ends the value.
    {
      name: "assignment in prose at 80, a comma after",
      text: `The key: export API_TOKEN=${e}, keep it safe.\nok`,
      secret: e,
      width: 80,
      after: ", keep it safe.",
    },
    {
      name: "assignment in parentheses at 80",
      text: `(set API_TOKEN=${f}).\nok`,
      secret: f,
      width: 80,
      after: ").",
    },
    {
      name: "assignment at 80",
      text: `API_TOKEN=${a}\nnext line here`,
      secret: a,
      width: 80,
      after: "next line here",
    },
    {
      name: "bearer at 80",
      text: `Authorization: Bearer ${b}\nok`,
      secret: b,
      width: 80,
      after: "ok",
    },
    // The value ends right at the second line's end: two full lines, and `ls` is the next command.
    {
      name: "export at 30",
      text: `export GITHUB_TOKEN=${g}\nls -la`,
      secret: g,
      width: 30,
      after: "ls -la",
    },
    { name: "assignment at 64", text: `SECRET_KEY=${c}\nfi`, secret: c, width: 64, after: "fi" },
    // The last piece is followed by the rest of its line.
    {
      name: "curl header at 120",
      text: `curl -H "Authorization: Bearer ${d}" https://api.example.test/v1\nexit`,
      secret: d,
      width: 120,
      after: "exit",
    },
  ];
}

/** Pieces of the value as the fold cut it (each must be gone). */
function piecesOf(c: Case): string[] {
  return fold(c.text, c.width).split("\n").map((line) => {
    let best = "";
    for (let i = 0; i < line.length; i++) {
      for (let j = line.length; j > i + best.length; j--) {
        if (c.secret.includes(line.slice(i, j))) best = line.slice(i, j);
      }
    }
    return best;
  }).filter((p) => p.length >= 4);
}

Deno.test("redactText() redacts every line of a wrapped value, in every container", () => {
  const rng = new Rng(5901);
  for (let round = 0; round < 4; round++) {
    for (const c of cases(rng)) {
      const pieces = piecesOf(c);
      assert.ok(pieces.length >= 2, `${c.name}: the fold cut the value`);
      for (const [where, put] of Object.entries(CONTAINERS)) {
        const r = redactText(engine, put(fold(c.text, c.width)));
        for (const p of pieces) {
          assert.ok(!r.text.includes(p), `${c.name}, ${where}: ${p} left\n${r.text}`);
        }
        assert.ok(
          r.text.includes(c.after),
          `${c.name}, ${where}: the next line was taken\n${r.text}`,
        );
        assert.equal(r.kinds.length, 1, `${c.name}, ${where}: ${r.kinds}`);
      }
    }
  }
});

Deno.test("redactText() redacts a later copy of the whole wrapped value", () => {
  const rng = new Rng(5902);
  const a = rng.str(ALNUM, 92);
  const text = fold(`API_TOKEN=${a}\n`, 80) + `then: curl -d 'k=${a}' https://x.test\n`;
  const r = redactText(engine, text);
  assert.ok(!r.text.includes(a.slice(70)), r.text);
  assert.equal(r.kinds.length, 2);
});

/** `lines[0]` is padded to exactly `width` characters with a random value. */
function lineOf(width: number, rng: Rng): string {
  const head = "API_TOKEN=";
  return head + rng.str(ALNUM, width - head.length);
}

Deno.test("redactText() keeps an ordinary line after a value that ends its line", () => {
  const rng = new Rng(5903);
  for (const width of [80, 120]) {
    for (
      const next of [
        "fi",
        "EOF",
        "done",
        "Done",
        "DEBUG=true",
        "  indented x9Kq7",
        "}",
        "- item",
        `x9Kq7 ${"w".repeat(width)}`, // wider than the width: not a fold's line
        "export X=1",
        "fi;",
        "done.",
        "Done, next",
        "x9Kq7,more", // punctuation inside a line: not a sentence's
      ]
    ) {
      for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
        const text = put(`${lineOf(width, rng)}\n${next}\nmore`);
        const r = redactText(engine, text);
        assert.equal(r.kinds.length, 1, text);
        assert.ok(
          r.text.includes(`]\n${next}`) ||
            r.text.includes(`]\\n${JSON.stringify(next).slice(1, -1)}`),
          `${next}: ${r.text}`,
        );
      }
    }
    // Positive control: a value's tail there is taken, and before a sentence's punctuation too.
    const r = redactText(engine, `${lineOf(width, rng)}\nx9Kq7\nmore`);
    assert.equal(r.text, "API_TOKEN=[REDACTED:env_secret]\nmore");
    const p = redactText(engine, `${lineOf(width, rng)}\nx9Kq7, more\nmore`);
    assert.equal(p.text, "API_TOKEN=[REDACTED:env_secret], more\nmore");
  }
  // A width no tool wraps at, with no full line to prove it: the next line stays.
  for (const width of [47, 81]) {
    const r = redactText(engine, `${lineOf(width, rng)}\nx9Kq7\nmore`);
    assert.equal(r.text, "API_TOKEN=[REDACTED:env_secret]\nx9Kq7\nmore");
    // Control: a full line of that width proves it.
    const full = rng.str(ALNUM, width);
    const proven = redactText(engine, `${lineOf(width, rng)}\n${full}\nx9Kq7\nmore`);
    assert.equal(proven.text, "API_TOKEN=[REDACTED:env_secret]\nmore");
  }
});

Deno.test("scanStream() redacts a wrapped value with a chunk boundary anywhere in it", async () => {
  const rng = new Rng(5904);
  const chunkBytes = 64;
  for (const c of cases(rng).slice(0, 3)) {
    for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
      const body = put(fold(c.text, c.width));
      const pieces = piecesOf(c);
      for (let pad = 0; pad < chunkBytes + body.length; pad += pad < chunkBytes ? 1 : 7) {
        const text = "x".repeat(pad) + "\n" + body;
        const streamed = await streamedRedaction(engine, text, chunkBytes, 5);
        assert.equal(streamed, redactText(engine, text).text, `${c.name}, pad ${pad}`);
        for (const p of pieces) {
          assert.ok(!streamed.includes(p), `${c.name}, pad ${pad}: ${p} left`);
        }
      }
    }
  }
});

Deno.test("extendWraps() leaves key blocks and findings not at a line end", () => {
  const text = "A=" + "k".repeat(10) + "Q7".repeat(34) + "\nx9Kq7\n";
  const bytes = encoder.encode(text);
  const mid = extendWraps(bytes, [{ kind: "k", start: 2, end: 70 }]);
  assert.deepEqual(mid.findings, [{ kind: "k", start: 2, end: 70 }]);
  assert.deepEqual(mid.joined, []);
  const skipped = extendWraps(bytes, [{ kind: "key", start: 2, end: 80 }], {
    skip: new Set(["key"]),
  });
  assert.deepEqual(skipped.findings, [{ kind: "key", start: 2, end: 80 }]);
  // Control: the same finding to the line end is extended, its value joined.
  const taken = extendWraps(bytes, [{ kind: "k", start: 2, end: 80 }]);
  assert.deepEqual(taken.findings, [{ kind: "k", start: 2, end: 86 }]);
  assert.equal(new TextDecoder().decode(taken.joined[0]!.value), text.slice(2, 80) + "x9Kq7");
});

Deno.test("redactText() follows a paste wrapped at its terminal's width, proven by two earlier wrapped lines of that width", () => {
  const rng = new Rng(5905);
  const width = 97;
  const log1 = "2026-12-06T08:40:11Z INFO worker started: " + rng.str(ALNUM, 110);
  const log2 = "2026-12-06T08:40:12Z INFO fetched config from https://config.example.test/" +
    rng.str(ALNUM, 60);
  const secret = rng.str(ALNUM, 100);
  const tail = secret.slice(width - "API_TOKEN=".length);
  const paste = (logs: string[]) =>
    fold([...logs, `API_TOKEN=${secret}`, "$ exit"].join("\n"), width);
  for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
    const r = redactText(engine, put(paste([log1, log2])));
    assert.ok(!r.text.includes(tail), r.text);
    assert.ok(r.text.includes("$ exit"), r.text);
    // Control: one earlier line of that width is too common a coincidence to prove it.
    const one = redactText(engine, put(paste([log1])));
    assert.ok(one.text.includes(tail), one.text);
  }
});

Deno.test("scanStream() and redactText() agree on folded values and folded prefixed tokens at any width, chunk size and read size (property)", async () => {
  const widths = [30, 64, 77, 80, 97, 120];
  let taken = 0;
  let tokens = 0;
  let plain = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom(...widths),
      fc.integer({ min: 30, max: 300 }),
      // Short inputs in one buffer, and long ones whose later buffers start past the input's start.
      fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 60_000, max: 70_000 })),
      fc.integer({ min: 1024, max: 8192 }),
      fc.integer({ min: 1, max: 13 }),
      fc.boolean(),
      // A prefixed token printed bare (folded inside its body: folds.ts) instead of an assignment.
      fc.constantFrom(null, ...TOKEN_KINDS),
      async (seed, width, length, pad, chunkBytes, step, json, kind) => {
        const rng = new Rng(seed);
        if (kind === null) plain++;
        const secret = kind === null ? rng.str(ALNUM, length) : SAMPLES[kind]!(rng).secret;
        const logs = [0, 1].map(() => "log " + rng.str(ALNUM, width + 10));
        const line = kind === null
          ? `API_TOKEN=${secret}`
          : `token: ${"w".repeat(length % width)} ${secret}`;
        const body = fold([...logs, line, "$ exit"].join("\n"), width);
        const filler = "y".repeat(60) + "\n";
        const text = filler.repeat(Math.floor(pad / 61)) + "x".repeat(pad % 61) + "\n" +
          (json ? CONTAINERS.transcript! : CONTAINERS.raw!)(body) +
          filler.repeat(Math.floor(pad / 200)) + `curl -d 'k=${secret}' https://x.test\n`;
        const streamed = await streamedRedaction(engine, text, chunkBytes, step * 97);
        const whole = redactText(engine, text).text;
        assert.equal(streamed, whole);
        if (!whole.includes(secret.slice(-6))) {
          if (kind !== null) tokens++;
          else taken++;
          // The wrap was followed: the later copy of the whole value (in a later chunk) goes too.
          assert.ok(!whole.includes(secret));
        }
      },
    ),
    { numRuns: 240 },
  );
  // Positive control: the wraps were followed (the value's tail gone) in most runs.
  assert.ok(taken > plain * 0.6, `${taken} of ${plain}`);
  assert.ok(tokens > (240 - plain) * 0.6, `${tokens} folded tokens of ${240 - plain}`);
});
