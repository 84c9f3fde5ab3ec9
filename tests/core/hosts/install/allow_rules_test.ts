/**
 * The permission entries for baton's state commands: written into a real
 * settings text beside the user's own, recognised by shape and as a set, removed to
 * the byte, and never mistaken for a user's entry that allows more.
 */
import assert from "node:assert/strict";
import {
  allowRules,
  isBatonAllowRule,
  mergeAllowRules,
  removeAllowRules,
} from "../../../../core/hosts/install/allow_rules.ts";
import { ALLOWED_STATE_COMMANDS } from "../../../../core/hosts/install/state_commands.ts";
import { HookConfigError } from "../../../../core/hosts/install/hook_config.ts";
import { OPENCODE_ALLOW } from "../../../../core/hosts/install/opencode.ts";

const FORMAT = { key: ["permissions", "allow"], prefix: "Bash(", suffix: ":*)" } as const;
const SHIM = ["/home/jo/.local/bin/baton"];
const DENO = [
  "/opt/deno",
  "run",
  "--allow-read",
  "--config=/src/baton/deno.json",
  "/src/baton/main.ts",
];

Deno.test("one entry per state command, naming baton as the hooks do", () => {
  const rules = allowRules(FORMAT, SHIM);
  assert.equal(rules.length, ALLOWED_STATE_COMMANDS.length);
  assert.ok(rules.includes("Bash(/home/jo/.local/bin/baton finalize:*)"));
  assert.equal(
    allowRules(FORMAT, ["/a b/baton"])[0],
    "Bash('/a b/baton' load:*)",
    "a path with a space is quoted as the hook command quotes it",
  );
  for (const r of allowRules(FORMAT, DENO)) assert.ok(isBatonAllowRule(r, FORMAT), r);
});

Deno.test("entries that allow anything more are not baton's", () => {
  for (
    const entry of [
      "Bash(baton:*)",
      "Bash(baton evidence:*)",
      "Bash(baton load && rm -rf /:*)",
      "Bash(sh -c baton load:*)",
      "Bash(./evil load:*)",
      "Bash(baton load)",
      "Bash",
      "Bash(ls:*)",
    ]
  ) assert.equal(isBatonAllowRule(entry, FORMAT), false, entry);
  // Positive control.
  assert.equal(isBatonAllowRule("Bash(baton load:*)", FORMAT), true);
});

Deno.test("merging keeps the user's entries before and after, and removal gives the text back byte for byte", () => {
  const user = [
    "{",
    "  // mine",
    '  "permissions": {',
    '    "allow": [',
    '      "Bash(ls:*)",',
    '      "Read(src/**)"',
    "    ],",
    '    "deny": ["Bash(curl:*)"]',
    "  },",
    '  "theme": "dark"',
    "}",
    "",
  ].join("\n");
  const merged = mergeAllowRules(user, FORMAT, { invocation: SHIM });
  assert.notEqual(merged, user);
  assert.ok(merged.startsWith(user.slice(0, user.indexOf('"Read(src/**)"'))));
  assert.equal(mergeAllowRules(merged, FORMAT, { invocation: SHIM }), merged, "idempotent");
  assert.equal(removeAllowRules(merged, FORMAT, { invocation: SHIM }), user);

  // The user adds an entry after install: uninstall takes only baton's.
  const later = merged.replace('"Read(src/**)",', '"Read(src/**)",\n      "Bash(make:*)",');
  assert.notEqual(later, merged);
  const removed = removeAllowRules(later, FORMAT, { invocation: SHIM });
  assert.equal(removed, user.replace('"Read(src/**)"', '"Read(src/**)",\n      "Bash(make:*)"'));
});

Deno.test("a file without a permissions block gets one and loses it again", () => {
  const user = '{\n  "theme": "dark"\n}\n';
  const merged = mergeAllowRules(user, FORMAT, { invocation: DENO });
  const parsed = JSON.parse(merged);
  assert.equal(parsed.permissions.allow.length, ALLOWED_STATE_COMMANDS.length);
  assert.equal(removeAllowRules(merged, FORMAT, { invocation: DENO }), user);
});

Deno.test("a moved baton's entries are replaced, not duplicated", () => {
  const old = mergeAllowRules('{"permissions": {"allow": ["Bash(ls:*)"]}}', FORMAT, {
    invocation: ["/old/place/baton"],
  });
  const now = mergeAllowRules(old, FORMAT, { invocation: SHIM });
  const allow = JSON.parse(now).permissions.allow as string[];
  assert.equal(allow.filter((e) => e.includes("/old/place/")).length, 0);
  assert.equal(allow.length, 1 + ALLOWED_STATE_COMMANDS.length);
  assert.equal(allow[0], "Bash(ls:*)");
});

Deno.test("a user's own entry for another program's list or log stays through install and uninstall", () => {
  // Each names a state command after a program the shape alone took for baton (a binary called
  // baton-..., a Deno project's main.ts), so install dropped them and uninstall kept them out.
  const user = [
    "{",
    '  "permissions": {',
    '    "allow": [',
    '      "Bash(deno run -A /home/jo/mytool/main.ts list:*)",',
    '      "Bash(/home/jo/bin/baton-deploy log:*)",',
    '      "Bash(baton-release show:*)"',
    "    ]",
    "  }",
    "}",
    "",
  ].join("\n");
  const merged = mergeAllowRules(user, FORMAT, { invocation: SHIM });
  const allow = JSON.parse(merged).permissions.allow as string[];
  for (const own of JSON.parse(user).permissions.allow as string[]) {
    assert.ok(allow.includes(own), own);
  }
  assert.equal(allow.length, 3 + ALLOWED_STATE_COMMANDS.length, "control: baton's were added");
  assert.equal(removeAllowRules(merged, FORMAT, { invocation: SHIM }), user);
  // Positive control: a whole set an earlier baton at another path wrote is still recognised.
  const old = mergeAllowRules(user, FORMAT, { invocation: DENO });
  assert.equal(removeAllowRules(old, FORMAT, { invocation: SHIM }), user);
});

Deno.test("an allow list of the wrong type is refused without content", () => {
  const text = '{"permissions": {"allow": "Bash(secret-token:*)"}}';
  assert.throws(
    () => mergeAllowRules(text, FORMAT, { invocation: SHIM }),
    (e) => e instanceof HookConfigError && !e.message.includes("secret-token"),
  );
  assert.throws(
    () => mergeAllowRules('{"permissions": []}', FORMAT, { invocation: SHIM }),
    HookConfigError,
  );
});

// OpenCode's `permission.bash`: an object of pattern -> action, the last match deciding.
const MAP = OPENCODE_ALLOW;

Deno.test("an object list: each state command allowed, then any line of it holding `>` asked, after the user's catch-all; removal gives the bytes back", () => {
  const user = [
    "{",
    '  "model": "fake/fake-model",',
    '  "permission": {',
    '    "bash": {',
    '      "*": "ask",',
    '      "git status": "allow"',
    "    },",
    '    "edit": "ask"',
    "  }",
    "}",
    "",
  ].join("\n");
  const merged = mergeAllowRules(user, MAP, { invocation: SHIM });
  const bash = Object.entries(JSON.parse(merged).permission.bash as Record<string, string>);
  assert.deepEqual(bash.slice(0, 2), [["*", "ask"], ["git status", "allow"]], "the user's first");
  assert.equal(bash.length, 2 + 2 * ALLOWED_STATE_COMMANDS.length);
  assert.deepEqual(bash.slice(2, 4), [
    ["/home/jo/.local/bin/baton load *", "allow"],
    ["/home/jo/.local/bin/baton load *>*", "ask"],
  ]);
  assert.equal(mergeAllowRules(merged, MAP, { invocation: SHIM }), merged, "idempotent");
  assert.equal(removeAllowRules(merged, MAP, { invocation: SHIM }), user);
  // A moved baton's set is replaced; the user's entries stay.
  const moved = mergeAllowRules(merged, MAP, { invocation: DENO });
  assert.equal(moved.includes("/home/jo/.local/bin/baton"), false);
  assert.equal(removeAllowRules(moved, MAP, { invocation: SHIM }), user);
});

Deno.test("an object list: a user's own pattern for baton with another action, or wider, is not baton's", () => {
  const text = JSON.stringify({
    permission: {
      bash: {
        "/home/jo/.local/bin/baton load *": "deny",
        "/home/jo/.local/bin/baton *": "allow",
        "/home/jo/.local/bin/baton evidence *": "allow",
      },
    },
  });
  const merged = mergeAllowRules(text, MAP, { invocation: SHIM });
  const bash = JSON.parse(merged).permission.bash as Record<string, string>;
  assert.equal(bash["/home/jo/.local/bin/baton load *"], "deny", "the user's action stays");
  assert.equal(bash["/home/jo/.local/bin/baton *"], "allow");
  assert.equal(bash["/home/jo/.local/bin/baton evidence *"], "allow");
  assert.equal(bash["/home/jo/.local/bin/baton finalize *"], "allow", "control: baton's added");
  assert.equal(mergeAllowRules(merged, MAP, { invocation: SHIM }), merged, "idempotent");
  assert.equal(removeAllowRules(merged, MAP, { invocation: SHIM }), text);
  assert.equal(removeAllowRules(text, MAP, { invocation: SHIM }), text, "nothing of baton's there");
  // Positive control: baton's own entry (action allow) is recognised.
  assert.equal(
    isBatonAllowRule("/home/jo/.local/bin/baton load *", MAP, { value: "allow" }),
    true,
  );
  assert.equal(
    isBatonAllowRule("/home/jo/.local/bin/baton load *", MAP, { value: "deny" }),
    false,
  );
});

Deno.test("an object list: a launcher path holding a wildcard character gets no entry", () => {
  const text = '{"permission": {"bash": {"*": "ask"}}}';
  assert.equal(mergeAllowRules(text, MAP, { invocation: ["/opt/b*/baton"] }), text);
  // Control: the same without the wildcard gets its entries.
  assert.notEqual(mergeAllowRules(text, MAP, { invocation: ["/opt/b/baton"] }), text);
  const bare = '{"model": "x"}';
  assert.equal(mergeAllowRules(bare, MAP, { invocation: ["/opt/b*/baton"] }), bare, "no list made");
  assert.throws(
    () => mergeAllowRules('{"permission": {"bash": []}}', MAP, { invocation: SHIM }),
    HookConfigError,
  );
});

Deno.test("an object list in its one-action shorthand stays as the user wrote it", () => {
  for (
    const text of [
      '{"permission": {"bash": "ask", "edit": "ask"}}',
      '{"permission": "ask"}',
    ]
  ) {
    assert.equal(mergeAllowRules(text, MAP, { invocation: SHIM }), text, text);
    assert.equal(removeAllowRules(text, MAP, { invocation: SHIM }), text, text);
  }
  // Control: the object form of the same gets the entries.
  const object = '{"permission": {"bash": {"*": "ask"}}}';
  assert.notEqual(mergeAllowRules(object, MAP, { invocation: SHIM }), object);
});

Deno.test("an object list: a command the user already has a pattern for gets none of baton's entries, so baton's later ones never override the user's action", () => {
  const load = "/home/jo/.local/bin/baton load *";
  const redirect = "/home/jo/.local/bin/baton load *>*";
  // The last matching pattern decides: baton's allow after the user's refusal of `load > f`
  // would let it run, and baton's ask after the user's refusal of `load` would ask instead.
  for (const [mine, action] of [[redirect, "deny"], [load, "deny"], [redirect, "allow"]]) {
    const text = JSON.stringify({ permission: { bash: { "*": "ask", [mine!]: action } } });
    const merged = mergeAllowRules(text, MAP, { invocation: SHIM });
    const bash = Object.entries(JSON.parse(merged).permission.bash as Record<string, string>);
    const loads = bash.filter(([k]) => k === load || k === redirect);
    assert.deepEqual(loads, [[mine, action]], `${mine}: ${action}: only the user's entry`);
    // Control: the other state commands get both entries, after the user's.
    const finalize = bash.findIndex(([k]) => k === "/home/jo/.local/bin/baton finalize *");
    assert.ok(finalize > 1, "control: finalize allowed after the user's entries");
    assert.deepEqual(bash[finalize + 1], ["/home/jo/.local/bin/baton finalize *>*", "ask"]);
    assert.equal(mergeAllowRules(merged, MAP, { invocation: SHIM }), merged, "idempotent");
    assert.equal(removeAllowRules(merged, MAP, { invocation: SHIM }), text);
  }
});
