import assert from "node:assert/strict";
import { parseBatonConfig } from "../../../core/config/parse_config.ts";
import { ConfigError } from "../../../core/config/config_error.ts";
import { DEFAULT_DONE } from "../../../core/config/done_section.ts";

Deno.test("done: defaults with no section; every given key overrides its default", () => {
  assert.deepEqual(parseBatonConfig("").done, DEFAULT_DONE);
  assert.deepEqual(parseBatonConfig("bands: {}\n").done, DEFAULT_DONE);
  const c = parseBatonConfig(
    [
      "done:",
      "  enabled: true",
      "  required: [tests]",
      "  allow_force: false",
      '  tests: "deno task test"',
      "  rules:",
      "    - { name: lint, run: deno lint }",
      "  deny: [HACK]",
      "  exempt: [./vendor/]",
      "  timeout_seconds: 90",
    ].join("\n"),
  ).done;
  assert.deepEqual(c, {
    enabled: true,
    required: ["tests"],
    allowForce: false,
    tests: "deno task test",
    rules: [{ name: "lint", run: "deno lint" }],
    deny: ["HACK"],
    exempt: ["vendor/"],
    timeoutSeconds: 90,
  });
});

Deno.test("done: bad values are refused with line and column and without echoing them", () => {
  const cases: [string, RegExp][] = [
    ["done:\n  required: [tests, lint]\n", /line 2/],
    ["done:\n  allow_force: yes please\n", /line 2/],
    ['done:\n  tests: ""\n', /must not be empty/],
    ["done:\n  bogus: 1\n", /unknown key under "done"; expected only: enabled, required/],
    ["done:\n  rules:\n    - { name: lint }\n", /line 3/],
    ["done:\n  timeout_seconds: 0\n", /line 2/],
    ["done:\n  tests: [1\n", /YAML syntax error .* at line \d+, column \d+/],
  ];
  for (const [text, re] of cases) {
    assert.throws(() => parseBatonConfig(text), ConfigError, text);
    try {
      parseBatonConfig(text);
    } catch (err) {
      assert.match((err as Error).message, re, text);
      assert.doesNotMatch((err as Error).message, /yes please|bogus/, text);
    }
  }
});
