// Tests for commands/_cli/safe_output.ts: what reaches the terminal from
// text baton did not compute is redacted and neutralised.

import assert from "node:assert/strict";
import {
  deepStrings,
  loadNeutralLine,
  loadSafeOutput,
  safeError,
  secretFree,
} from "../../../commands/_cli/safe_output.ts";
import { foldLines, Rng, SAMPLES } from "../../_helpers/secret_fixtures.ts";

const rng = new Rng(91);

Deno.test("safe line: a token is redacted, controls shown, line breaks kept to one line", async () => {
  const safe = await loadSafeOutput();
  const token = SAMPLES.gitlab_pat!(rng).secret;
  const line = safe.line(`path /tmp/${token}\u001b[2J\u202e\nbaton: fake`);
  assert.ok(line.includes("[REDACTED:gitlab_pat]"), line);
  assert.ok(!line.includes(token));
  for (const ch of ["\u001b", "\u202e", "\n"]) assert.ok(!line.includes(ch), JSON.stringify(line));
  assert.ok(line.includes("\u241b[2J") && line.includes(" ⏎ baton: fake"), line);
  // Positive control: plain text is unchanged.
  assert.equal(safe.line("no such file: /tmp/a.txt"), "no such file: /tmp/a.txt");
});

Deno.test("safe deep: every string and key of a value is redacted", async () => {
  const safe = await loadSafeOutput();
  const token = SAMPLES.github_pat!(rng).secret;
  const v = safe.deep({
    branch: `fix/${token}`,
    files: [{ path: `a-${token}` }],
    [token]: 1,
    n: 2,
  });
  const json = JSON.stringify(v);
  assert.ok(!json.includes(token), json);
  assert.equal(v.branch, "fix/[REDACTED:github_pat]");
  assert.equal(v.n, 2);
});

Deno.test("safe deep: a secret found in one string is redacted in every string holding a copy of it, keys too", async () => {
  const safe = await loadSafeOutput("ts");
  const sample = SAMPLES.datadog_api_key!(rng);
  // Control: the bare value alone is no finding and is kept.
  const alone = { untracked: [`${sample.secret}.log`] };
  assert.deepEqual(safe.deep(alone), alone);
  const v = safe.deep({
    untracked: [`${sample.secret}.log`, sample.text],
    branch: `wip/${sample.secret}`,
    [`k-${sample.secret}`]: 1,
  });
  const json = JSON.stringify(v);
  assert.ok(!json.includes(sample.core), json);
  assert.deepEqual(v.untracked, [
    "[REDACTED:datadog_api_key].log",
    "DD_API_KEY=[REDACTED:datadog_api_key]",
  ]);
  assert.equal(v.branch, "wip/[REDACTED:datadog_api_key]");
});

Deno.test("safe deep: a token folded at 64 columns, or broken inside its keyword, is redacted as value() redacts it", async () => {
  const safe = await loadSafeOutput();
  const token = SAMPLES.github_fine_grained_pat!(rng).secret;
  const folded = `remote said:\n${foldLines(`echo ${token}`, 64)}\nls -la`;
  const broken = `remote said:\n${"x".repeat(56)} ${token.slice(0, 8)}\n${token.slice(8)}\nls -la`;
  for (const text of [folded, broken]) {
    // Control: value() (redactText) redacts the token whole.
    assert.ok(safe.value(text).includes("[REDACTED:github_fine_grained_pat]"), text);
    const out = safe.deep({ error: { message: text } });
    assert.equal(out.error.message, safe.value(text));
    assert.ok(!out.error.message.includes(token.slice(8, 40)), out.error.message);
    assert.ok(out.error.message.endsWith("\nls -la"), out.error.message);
  }
});

Deno.test("safe deep with the TypeScript prefilter (preflight's) redacts exactly what the default does", async () => {
  const wasm = await loadSafeOutput();
  const ts = await loadSafeOutput("ts");
  assert.notEqual(ts, wasm, "a redactor of its own");
  assert.equal(await loadSafeOutput("ts"), ts, "built once");
  const value = {
    branch: `fix/${SAMPLES.github_pat!(rng).secret}`,
    remote: `https://x:${SAMPLES.gitlab_pat!(rng).secret}@example.invalid/r.git`,
    untracked: [".env", "src/a.ts", `keys/${SAMPLES.github_pat!(rng).secret}.txt`],
    plain: "src/parser.ts",
  };
  const a = JSON.stringify(wasm.deep(value));
  assert.equal(JSON.stringify(ts.deep(value)), a);
  // Positive control: the value had secrets to redact, and the plain path is kept.
  assert.equal((a.match(/\[REDACTED:/g) ?? []).length, 3, a);
  assert.ok(a.includes('"plain":"src/parser.ts"'), a);
});

Deno.test("safeError() redacts the message and the data", async () => {
  const token = SAMPLES.github_pat!(rng).secret;
  const e = await safeError({
    code: "path_missing",
    message: `Cannot scan "/x/${token}": no such file`,
    data: { path: `/x/${token}` },
  });
  assert.equal(e.code, "path_missing");
  assert.equal(e.message, 'Cannot scan "/x/[REDACTED:github_pat]": no such file');
  assert.deepEqual(e.data, { path: "/x/[REDACTED:github_pat]" });
});

Deno.test("secretFree: texts it clears print the same neutralised only as through the scanner", async () => {
  const safe = await loadSafeOutput("ts");
  const neutral = await loadNeutralLine();
  const texts = [
    "feature/faster-load",
    "src/m001/l01/f000001.txt",
    "https://github.com/example/baton.git",
    "odd\u001b[2Jname\u202e\nnext",
  ];
  assert.equal(await secretFree(texts), true);
  for (const t of texts) assert.equal(neutral(t), safe.line(t), JSON.stringify(t));
  // Positive control: a token anywhere in the list is not cleared, and the scanner redacts it.
  const token = SAMPLES.gitlab_pat!(rng).secret;
  assert.equal(await secretFree([...texts, `notes-${token}.md`]), false);
  assert.ok(safe.line(`notes-${token}.md`).includes("[REDACTED:gitlab_pat]"));
});

Deno.test("deepStrings lists keys and values, as deep redacts them", async () => {
  const value = { a: ["x", { "key-name": "y" }], n: 1, z: null };
  assert.deepEqual(deepStrings(value).sort(), ["a", "key-name", "n", "x", "y", "z"]);
  const token = SAMPLES.gitlab_pat!(rng).secret;
  assert.equal(await secretFree(deepStrings({ [token]: 1 })), false);
});
