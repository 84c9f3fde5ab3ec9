/**
 * Secrets in hex dumps: the real output of `xxd`, `hexdump -C`, `od -c`,
 * `xxd -p` and `od -An -c` of a `.env`, raw, with CRLF and in a
 * transcript's tool result (nested too), loses every cell of each secret
 * (hex and gutter) and keeps the rest; a dump of a binary, of a git object
 * and a sha list after `xxd -p` stay as they are; streamed output equals
 * the in-memory one wherever the chunks fall (property).
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { judgeDumps } from "../../../../core/safety/secrets/dumps.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { programRuns } from "../../../_helpers/program_runs.ts";
import {
  ALNUM,
  FOLD_CONTAINERS as CONTAINERS,
  Rng,
  SAMPLES,
} from "../../../_helpers/secret_fixtures.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

const engine = defaultEngine();
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const TOOLS = programRuns("xxd", ["-v"]) && programRuns("hexdump", ["--version"]) &&
  programRuns("od", ["--version"]);

/** The dump commands an agent runs on a file, each the tool's defaults. */
const COMMANDS: readonly string[][] = [
  ["xxd"],
  ["hexdump", "-C"],
  ["od", "-c"],
  ["xxd", "-p"],
  ["od", "-An", "-c"],
];

/** The real tool's output for `bytes`, written to a file in a temp dir (removed). */
function dump(command: readonly string[], bytes: Uint8Array): string {
  const dir = Deno.makeTempDirSync({ prefix: "baton-dumps-" });
  try {
    Deno.writeFileSync(`${dir}/f`, bytes);
    const out = new Deno.Command(command[0]!, { args: [...command.slice(1), "f"], cwd: dir })
      .outputSync();
    assert.ok(out.success, command.join(" "));
    return decoder.decode(out.stdout);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** A `.env` with three secrets (an assignment, a GitHub token, an Anthropic key) and a plain line. */
function dotEnv(rng: Rng): { text: string; secrets: string[] } {
  const secrets = [
    rng.str(ALNUM, 28),
    SAMPLES.github_pat!(rng).secret,
    SAMPLES.anthropic_api_key!(rng).secret,
  ];
  const text = `DB_HOST=localhost\nAPI_TOKEN=${secrets[0]}\nGITHUB_TOKEN=${secrets[1]}\n` +
    `ANTHROPIC_API_KEY="${secrets[2]}"\n# the "prod" \\ keys\nDEBUG=true\n`;
  return { text, secrets };
}

function hexOf(text: string): string {
  return [...encoder.encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** No 6 characters of a secret in a row's cells, and none of its 4 bytes in hex, are left. */
function assertGone(out: string, secrets: string[], label: string): void {
  // The cells with what aligns them taken away: `xxd` groups, `od` columns, the gutter's bars.
  const cells = out.replace(/[ |]/g, "");
  for (const s of secrets) {
    for (let i = 0; i + 6 <= s.length; i++) {
      assert.ok(!cells.includes(s.slice(i, i + 6)), `${label}: ${s.slice(i, i + 6)} left`);
    }
    for (let i = 0; i + 4 <= s.length; i++) {
      assert.ok(
        !cells.includes(hexOf(s.slice(i, i + 4))),
        `${label}: hex of ${s.slice(i, i + 4)} left`,
      );
    }
  }
}

/** The command line and its output, as a terminal shows them. */
function session(command: readonly string[], out: string): string {
  return `$ ${command.join(" ")} .env\n${out}$ ls\n`;
}

Deno.test({
  name: "redactText() redacts every cell of a secret in a real dump of a .env, in every container",
  ignore: !TOOLS,
  fn() {
    const rng = new Rng(6701);
    const env = dotEnv(rng);
    const bytes = encoder.encode(env.text);
    for (const command of COMMANDS) {
      const text = session(command, dump(command, bytes));
      for (const [name, put] of Object.entries(CONTAINERS)) {
        const label = `${command.join(" ")}, ${name}`;
        const r = redactText(engine, put(text));
        assert.ok(r.kinds.length >= 3, label);
        const shown: string = name === "nested"
          ? JSON.parse(JSON.parse(r.text).message).content
          : name.startsWith("transcript")
          ? JSON.parse(r.text).content
          : r.text;
        assertGone(shown, env.secrets, label);
        // The rest is kept: the plain line's hex and characters, and the command.
        const cells = shown.replace(/[ |]/g, "");
        assert.ok(command[0] === "od" || cells.includes(hexOf("DB_HOST")), label);
        assert.ok(cells.includes("DB_HOST") || command.join(" ").includes("-p"), label);
        assert.ok(shown.includes(`$ ${command.join(" ")} .env`), label);
      }
    }
  },
});

Deno.test({
  name: "redactText() keeps dumps that hold no secret: a binary, a git object, a sha list",
  ignore: !TOOLS || !programRuns("git", ["--version"]),
  fn() {
    const rng = new Rng(6702);
    const binary = Uint8Array.from({ length: 700 }, () => Math.floor(rng.next() * 256));
    // A git object (zlib-compressed) and the ids of a few, made by git in a temp dir (removed).
    const dir = Deno.makeTempDirSync({ prefix: "baton-dumps-git-" });
    let object: Uint8Array;
    let shas: string;
    try {
      new Deno.Command("git", { args: ["init", "-q"], cwd: dir }).outputSync();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        Deno.writeTextFileSync(`${dir}/f`, `blob ${i}\n`);
        const out = new Deno.Command("git", { args: ["hash-object", "-w", "f"], cwd: dir })
          .outputSync();
        ids.push(decoder.decode(out.stdout).trim());
      }
      object = Deno.readFileSync(`${dir}/.git/objects/${ids[0]!.slice(0, 2)}/${ids[0]!.slice(2)}`);
      shas = ids.join("\n") + "\n";
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
    for (const command of COMMANDS) {
      for (const [what, bytes] of [["binary", binary], ["git object", object]] as const) {
        const text = session(command, dump(command, bytes));
        for (const [name, put] of Object.entries(CONTAINERS)) {
          const input = put(text);
          assert.deepEqual(
            redactText(engine, input).kinds,
            [],
            `${command.join(" ")} of a ${what}, ${name}`,
          );
        }
      }
    }
    const list = `$ xxd -p key.pem\n${shas}`;
    for (const put of Object.values(CONTAINERS)) {
      assert.deepEqual(redactText(engine, put(list)).kinds, []);
    }
    // Positive control: the same layouts of a .env lose every cell of their secrets.
    const env = dotEnv(rng);
    for (const command of COMMANDS) {
      const out =
        redactText(engine, session(command, dump(command, encoder.encode(env.text)))).text;
      assertGone(out, env.secrets, command.join(" "));
    }
  },
});

Deno.test({
  name:
    "redactText() redacts what a dump cut short inside a row shows of a secret (every layout; cut at every character, with and without an ellipsis); a cut dump of a binary is kept",
  ignore: !TOOLS,
  fn() {
    const rng = new Rng(6705);
    const env = dotEnv(rng);
    const binary = Uint8Array.from({ length: 300 }, () => Math.floor(rng.next() * 256));
    // What a bound leaves after the cut: nothing, a capsule's ellipsis, the next command.
    const tails = ["", " …", "…", "\n$ ls\n"];
    let checked = 0;
    // review76: `od -c`, `xxd -p` and `od -An -c` rows cut short were not read (on main 628 of
    // 2312, 415 of 982 and 656 of 2072 cut points left 8 or more characters of a secret).
    for (const command of COMMANDS) {
      const out = dump(command, encoder.encode(env.text));
      const kept = dump(command, binary);
      for (let p = out.indexOf("\n") + 1; p < out.length; p++) {
        for (const tail of tails) {
          // Every tail raw; in a transcript's JSON string, the cut alone (the escapes are read as raw).
          for (const name of tail === "" ? ["raw", "transcript"] : ["raw"]) {
            const put = CONTAINERS[name]!;
            const label = `${command.join(" ")} cut at ${p}${JSON.stringify(tail)}, ${name}`;
            const text = `$ ${command.join(" ")} .env\n${out.slice(0, p)}${tail}`;
            const r = redactText(engine, put(text));
            const shown: string = name === "raw" ? r.text : JSON.parse(r.text).content;
            // No 8 bytes of a secret left, in hex or as characters (a cut leaving fewer shows too
            // little of a value for a rule to tell it).
            const cells = shown.replace(/[ |\n]/g, "");
            for (const s of env.secrets) {
              for (let i = 0; i + 8 <= s.length; i++) {
                assert.ok(!cells.includes(hexOf(s.slice(i, i + 8))), `${label}: hex left`);
                assert.ok(
                  !cells.includes(s.slice(i, i + 8)),
                  `${label}: ${s.slice(i, i + 8)} left`,
                );
              }
            }
            checked++;
          }
        }
      }
      // Control: a binary's dump cut anywhere holds no secret.
      for (let p = kept.indexOf("\n") + 1; p < kept.length; p += 7) {
        for (const tail of tails) {
          const text = `$ ${command.join(" ")} f\n${kept.slice(0, p)}${tail}`;
          assert.deepEqual(
            redactText(engine, text).kinds,
            [],
            `${command.join(" ")} of a binary cut at ${p}`,
          );
        }
      }
    }
    assert.ok(checked > 10000, String(checked));
  },
});

Deno.test({
  name: "judgeDumps() drops the heads and maps a secret onto its hex and gutter cells on every row",
  ignore: !TOOLS,
  fn() {
    const secret = "q8Zr1mXw4Lp0vTk93JdfQz7WnB";
    const text = dump(["xxd"], encoder.encode(`API_TOKEN=${secret}\n`));
    const bytes = encoder.encode(text);
    const r = judgeDumps(engine, bytes, findSecrets(engine, bytes, true));
    // What the rules found in the text itself stays (the gutter's `API_TOKEN=q8Zr1m`), heads go.
    assert.deepEqual(r.rest.map((f) => text.slice(f.start, f.end)), ["q8Zr1m"]);
    assert.deepEqual(r.values.map((v) => [v.kind, decoder.decode(v.value)]), [[
      "env_secret",
      secret,
    ]]);
    // Row 0 holds 6 bytes of it (after `API_TOKEN=`), row 1 the other 20 but its line feed.
    const cells = r.found.map((f) => text.slice(f.start, f.end));
    assert.deepEqual(cells, [
      "7138 5a72 316d",
      "q8Zr1m",
      "5877 344c 7030 7654 6b39 334a 6466 517a",
      "Xw4Lp0vTk93JdfQz",
      "3757 6e42",
      "7WnB",
    ]);
  },
});

Deno.test({
  name: "scanStream() and redactText() agree on real dumps wherever the chunks fall (property)",
  ignore: !TOOLS,
  async fn() {
    const rng = new Rng(6703);
    const outputs = COMMANDS.map((command) => {
      const env = dotEnv(rng);
      return {
        secrets: env.secrets,
        text: session(command, dump(command, encoder.encode(env.text))),
      };
    });
    // A dump longer than the reach (its secret past it): read as far as the reach, streamed or not.
    const long = dotEnv(rng);
    const lines = Array.from({ length: 700 }, (_, i) => `OPTION_${i}=on`).join("\n");
    const longText = session(["xxd"], dump(["xxd"], encoder.encode(lines + "\n" + long.text)));
    assert.ok(longText.length > 32 * 1024 && engine.dumpReach < 32 * 1024);
    outputs.push({ secrets: long.secrets, text: longText });
    // Dumps cut short inside a row of a secret, with a capsule's ellipsis.
    for (const command of [["xxd"], ["hexdump", "-C"]]) {
      const cut = dotEnv(rng);
      const out = dump(command, encoder.encode(cut.text));
      const at = out.indexOf("\n", out.indexOf("\n") + 1) + 40;
      outputs.push({ secrets: cut.secrets, text: session(command, out.slice(0, at) + " …\n") });
    }
    let gone = 0;
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...outputs.keys()),
        fc.constantFrom(...Object.keys(CONTAINERS)),
        fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 60_000, max: 70_000 })),
        fc.integer({ min: 64, max: 8192 }),
        fc.integer({ min: 1, max: 13 }),
        // Text after the dump: the rounds that decide its rows are not the input's last.
        fc.integer({ min: 0, max: 60_000 }),
        async (which, container, pad, chunkBytes, step, after) => {
          const { text: body, secrets } = outputs[which]!;
          const filler = "y".repeat(60) + "\n";
          const text = filler.repeat(Math.floor(pad / 61)) + "x".repeat(pad % 61) + "\n" +
            CONTAINERS[container]!(body) + filler.repeat(Math.floor(after / 61)) +
            `echo ${secrets[0]}\n`;
          const streamed = await streamedRedaction(engine, text, chunkBytes, step * 97);
          const whole = redactText(engine, text).text;
          assert.equal(streamed, whole);
          // The dump's value was taken: its later copy goes too.
          if (which < COMMANDS.length) tried++;
          if (which < COMMANDS.length && !whole.includes(secrets[0]!)) gone++;
        },
      ),
      { numRuns: 120 },
    );
    assert.ok(gone > tried * 0.66, `${gone} of ${tried}`);
  },
});
