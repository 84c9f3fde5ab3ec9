import assert from "node:assert/strict";
import fc from "fast-check";
import {
  isBareConfig,
  listHooks,
  mergeHooks,
  removeHooks,
  sameTokens,
} from "../../../../core/hosts/install/hook_config.ts";
import type { HookConfigFormat, HookSpec } from "../../../../core/hosts/install/types.ts";

const GROUPED: HookConfigFormat = {
  shape: "grouped",
  timeoutUnit: "seconds",
  requiredRoot: {},
  typeField: true,
  nameField: false,
  comments: false,
};
const FLAT: HookConfigFormat = { ...GROUPED, shape: "flat", requiredRoot: { version: 1 } };
const HOOKS: HookSpec[] = [
  { event: "session-start", native: "SessionStart", matcher: "startup|resume", timeoutSeconds: 5 },
  { event: "pre-compact", native: "PreCompact", timeoutSeconds: 5 },
];
const OPTS = { host: "claude-code", invocation: ["/opt/baton"] } as const;

function roundTrip(text: string, format = GROUPED): string {
  const merged = mergeHooks(text, { format: format, hooks: HOOKS }, OPTS);
  assert.notEqual(merged, text, "the merge changed the text");
  return removeHooks(merged, format, { host: "claude-code" });
}

Deno.test("mergeHooks() then removeHooks() gives the text back byte for byte across styles", () => {
  const texts = [
    '{\n  "a": 1\n}\n',
    '{\r\n\t"a": 1,\r\n\t"hooks": {\r\n\t\t"PreCompact": [\r\n\t\t\t{"hooks": []}\r\n\t\t]\r\n\t}\r\n}\r\n',
    '{"a":1,"hooks":{"PreCompact":[{"matcher":"manual","hooks":[{"type":"command","command":"x"}]}]}}',
    '{\n    "a": 1, // trailing comment\n    /* block */ "b": [1, 2]\n}',
    '{\n  "hooks": {\n    "Stop": [\n      { "hooks": [ { "type": "command", "command": "./stop.sh" } ] }\n    ]\n  }\n}\n',
  ];
  for (const t of texts) assert.equal(roundTrip(t), t, JSON.stringify(t));
});

Deno.test("mergeHooks() keeps CRLF line endings and tab indentation in the lines it adds", () => {
  const merged = mergeHooks('{\r\n\t"a": 1\r\n}\r\n', { format: GROUPED, hooks: HOOKS }, OPTS);
  assert.ok(!/[^\r]\n/.test(merged), "every line break is CRLF");
  assert.match(merged, /\r\n\t"hooks": \{\r\n\t\t"SessionStart"/);
});

Deno.test("mergeHooks() keeps a line comment after the last entry on its own line", () => {
  const merged = mergeHooks('{\n  "a": 1 // why\n}\n', { format: GROUPED, hooks: HOOKS }, OPTS);
  assert.match(merged, /"a": 1, \/\/ why\n {2}"hooks"/);
});

Deno.test("mergeHooks() replaces baton's earlier entries for the host (a moved binary) and leaves other hosts' and the user's", () => {
  const other = "/old/baton hook stop --host codex";
  const start = mergeHooks(
    `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "${other}"}, {"type": "command", "command": "./mine.sh"}]}]}}`,
    { format: GROUPED, hooks: HOOKS },
    { host: "claude-code", invocation: ["/old/baton"] },
  );
  const moved = mergeHooks(start, { format: GROUPED, hooks: HOOKS }, OPTS);
  const hooks = listHooks(moved, GROUPED);
  const ours = hooks.filter((h) => h.baton?.host === "claude-code");
  assert.deepEqual(ours.map((h) => h.command), [
    "/opt/baton hook session-start --host claude-code",
    "/opt/baton hook pre-compact --host claude-code",
  ]);
  assert.ok(hooks.some((h) => h.command === other), "codex's baton entry is not claude-code's");
  assert.ok(hooks.some((h) => h.command === "./mine.sh"));
  assert.equal(
    mergeHooks(moved, { format: GROUPED, hooks: HOOKS }, OPTS),
    moved,
    "then idempotent",
  );
});

Deno.test("mergeHooks() creates a flat config with its required keys, and a bare one is recognised", () => {
  const created = mergeHooks(null, { format: FLAT, hooks: HOOKS }, OPTS);
  const value = JSON.parse(created);
  assert.equal(value.version, 1);
  assert.equal(value.hooks.PreCompact[0].command, "/opt/baton hook pre-compact --host claude-code");
  const removed = removeHooks(created, FLAT, { host: "claude-code" });
  assert.equal(isBareConfig(removed, FLAT), true);
  assert.equal(isBareConfig('{"version": 1, "hooks": {"x": []}}', FLAT), false);
  assert.equal(isBareConfig('{"version": 1 /* mine */}', FLAT), false, "a comment is the user's");
});

Deno.test("mergeHooks() adds a missing required key without touching the rest", () => {
  const merged = mergeHooks('{\n  "hooks": {}\n}\n', { format: FLAT, hooks: HOOKS }, OPTS);
  assert.equal(JSON.parse(merged).version, 1);
});

Deno.test("mergeHooks() refuses malformed JSON and wrong shapes with positions, never content", () => {
  const cases: [string, RegExp][] = [
    ['{"secret": "hunter2-value",}', /line 1, column 28/],
    ["[1, 2]", /top level is an array/],
    ['{"hooks": "x"}', /"hooks" is a string/],
    ['{"hooks": {"PreCompact": {}}}', /"hooks.PreCompact" is an object/],
    ['{"a": 1} trailing', /line 1/],
  ];
  for (const [text, re] of cases) {
    assert.throws(
      () => mergeHooks(text, { format: GROUPED, hooks: HOOKS }, OPTS),
      (e: Error & { code?: string }) => {
        assert.equal(e.code, "config_unparseable");
        assert.match(e.message, re);
        assert.ok(!e.message.includes("hunter2"));
        return true;
      },
    );
  }
});

Deno.test("sameTokens() ignores whitespace only", () => {
  assert.equal(sameTokens('{"a": [1, 2]}', '{\n  "a": [\n    1,\n    2\n  ]\n}'), true);
  assert.equal(sameTokens('{"a": 1} // x', '{"a": 1} // y'), false);
  assert.equal(sameTokens('{"a": 1}', '{"a": 2}'), false);
});

Deno.test("mergeHooks() refuses a hostile nesting depth with a typed error instead of overflowing the stack", () => {
  const deep = `{"a": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
  assert.throws(
    () => mergeHooks(deep, { format: GROUPED, hooks: HOOKS }, OPTS),
    /nests 100001 levels deep/,
  );
  const fine = `{"a": ${"[".repeat(200)}${"]".repeat(200)}}`;
  assert.equal(roundTrip(fine), fine, "positive control: ordinary depth is fine");
});

Deno.test("a renamed binary's entries are recognised through this process's invocation", () => {
  const renamed = { host: "claude-code", invocation: ["/opt/bt"] } as const;
  const text = '{\n  "a": 1\n}\n';
  const merged = mergeHooks(text, { format: GROUPED, hooks: HOOKS }, renamed);
  assert.equal(
    mergeHooks(merged, { format: GROUPED, hooks: HOOKS }, renamed),
    merged,
    "idempotent",
  );
  assert.equal(removeHooks(merged, GROUPED, renamed), text);
  assert.equal(
    removeHooks(merged, GROUPED, { host: "claude-code" }),
    merged,
    "without the invocation, /opt/bt is not recognisably baton",
  );
});

Deno.test("mergeHooks() then removeHooks() is the identity on generated configs in any indentation, both shapes", () => {
  const userHandler = fc.record({
    type: fc.constant("command"),
    command: fc.string({ maxLength: 8 }),
  });
  // Empty user containers ("hooks": {}, "PreCompact": []) that baton then filled come back only
  // from the backup (tests/commands/install_test.ts covers that path), so the generated user hooks are never empty.
  const userHooks = fc.dictionary(
    fc.constantFrom("SessionStart", "PreCompact", "Stop", "Other"),
    fc.array(fc.oneof(userHandler, fc.record({ hooks: fc.array(userHandler, { maxLength: 2 }) })), {
      minLength: 1,
      maxLength: 3,
    }),
    { minKeys: 1 },
  );
  const config = fc.record({
    extra: fc.dictionary(
      fc.string({ maxLength: 6 }).filter((k) => k !== "hooks"),
      fc.jsonValue({ maxDepth: 3 }),
      {
        maxKeys: 4,
      },
    ),
    hooks: fc.option(userHooks, { nil: undefined }),
    indent: fc.constantFrom(2, 4, "\t"),
    crlf: fc.boolean(),
  });
  fc.assert(
    fc.property(config, fc.constantFrom(GROUPED, FLAT), (c, format) => {
      const value: Record<string, unknown> = { ...c.extra };
      if (c.hooks !== undefined) value.hooks = c.hooks;
      let text = JSON.stringify(value, null, c.indent) + "\n";
      if (c.crlf) text = text.replaceAll("\n", "\r\n");
      const merged = mergeHooks(text, { format, hooks: HOOKS }, OPTS);
      assert.equal(mergeHooks(merged, { format, hooks: HOOKS }, OPTS), merged);
      const removed = removeHooks(merged, format, { host: "claude-code" });
      if (format.requiredRoot.version === undefined || "version" in value) {
        assert.equal(removed, text);
      } else {assert.deepEqual(
          JSON.parse(removed),
          JSON.parse(JSON.stringify({ ...value, version: 1 })),
        );}
    }),
    { numRuns: 200 },
  );
});

Deno.test("mergeHooks() with a changed hook set keeps a baton-only hooks object where it was (an allow list after it keeps its place)", () => {
  const gate: HookSpec = { event: "pre-tool", native: "PreToolUse", timeoutSeconds: 5 };
  const base = mergeHooks(null, { format: GROUPED, hooks: HOOKS }, OPTS);
  const withAllow = base.replace(
    /\n}\n$/,
    ',\n  "permissions": {\n    "allow": ["Bash(x:*)"]\n  }\n}\n',
  );
  assert.notEqual(withAllow, base, "the allow list was added after the hooks");
  const on = mergeHooks(withAllow, { format: GROUPED, hooks: [...HOOKS, gate] }, OPTS);
  assert.ok(on.indexOf('"hooks"') < on.indexOf('"permissions"'), "hooks still first");
  const off = mergeHooks(on, { format: GROUPED, hooks: HOOKS }, OPTS);
  assert.equal(off, withAllow, "on then off is byte-exact");
});

Deno.test("removeHooks() keeps the user's comments between entries, one holding a comma included; entries without comments go as before (control)", () => {
  const ours =
    '{ "hooks": [{ "type": "command", "command": "baton hook session-start --host claude-code" }] }';
  const mine = '{ "hooks": [{ "type": "command", "command": "./mine.sh" }] }';
  const doc = (list: string) => `{\n  "hooks": {\n    "SessionStart": [\n${list}\n    ]\n  }\n}\n`;
  const remove = (text: string) => removeHooks(text, GROUPED, { host: "claude-code" });
  // A note on the user's entry, on the line between baton's entry and it.
  assert.equal(
    remove(doc(`      ${ours},\n      // mine: keep this note\n      ${mine}`)),
    doc(`      // mine: keep this note\n      ${mine}`),
  );
  // A comment holding a comma before the separating one (valid JSONC): the comma found is the
  // token, not the one in the comment, so the file is edited instead of refused.
  assert.equal(
    remove(doc(`      ${mine} /* a, b */,\n      ${ours}`)),
    doc(`      ${mine} /* a, b */`),
  );
  assert.equal(
    remove(`{"hooks":{"S":[${ours}, /* c, d */ ${mine}]}}`),
    `{"hooks":{"S":[/* c, d */ ${mine}]}}`,
  );
  // Controls: the same entries without comments.
  assert.equal(remove(doc(`      ${ours},\n      ${mine}`)), doc(`      ${mine}`));
  assert.equal(remove(doc(`      ${mine},\n      ${ours}`)), doc(`      ${mine}`));
  assert.equal(remove(`{"hooks":{"S":[${ours}, ${mine}]}}`), `{"hooks":{"S":[${mine}]}}`);
});
