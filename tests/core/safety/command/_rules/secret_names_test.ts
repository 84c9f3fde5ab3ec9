/**
 * Tests of the secret-name predicate and of its one use everywhere: a name
 * is a secret's for `echo "$NAME"`, `printenv NAME`, `declare -p NAME`, a
 * `set -x` trace and a one-liner alike (classify91: printenv used a narrower
 * list than echo, and MAX_TOKENS, SSH_AUTH_SOCK or GIT_AUTHOR_NAME were
 * secrets).
 * @module
 */
import assert from "node:assert/strict";
import {
  expandsSecret,
  isSecretName,
} from "../../../../../core/safety/command/_rules/secret_names.ts";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";

/** Names whose value is a credential. */
const SECRETS = [
  "GITHUB_TOKEN",
  "GH_PAT",
  "SLACK_WEBHOOK_URL",
  "MYSQL_PWD",
  "BASIC_AUTH",
  "TS_AUTHKEY",
  "AUTHORIZATION",
  "DENO_AUTH_TOKENS",
  "SENTRY_DSN",
  "DATABASE_URL",
  "AWS_SECRET_ACCESS_KEY",
  "OPENAI_API_KEY",
  "STRIPE_SK",
  "github_token",
];

/** Names with a secret's word in another sense: a number, a setting, another word. */
const NOT_SECRETS = [
  "MAX_TOKENS",
  "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
  "TOKENIZERS_PARALLELISM",
  "PASSWORD_MIN_LENGTH",
  "GIT_AUTHOR_NAME",
  "XAUTHORITY",
  "SSH_AUTH_SOCK",
  "TOKEN_TYPE",
  "PATH",
  "HOME",
  "KEYBOARD_LAYOUT",
  "NODE_OPTIONS",
  "PUBLIC_KEY_PATH",
];

/** Names whose value is a path to the secret: printing it shows no secret. */
const PATHS = [
  "TOKEN_FILE",
  "PASSWORD_STORE_DIR",
  "PRIVATE_KEY_PATH",
  "AWS_SHARED_CREDENTIALS_FILE",
];

Deno.test("isSecretName: secrets, other senses, and paths to secrets", () => {
  for (const n of SECRETS) assert.ok(isSecretName(n, true), n);
  for (const n of NOT_SECRETS) assert.ok(!isSecretName(n), n);
  for (const n of PATHS) assert.ok(isSecretName(n) && !isSecretName(n, true), n);
});

Deno.test("expandsSecret: the expansions that give a value, not a length or an alternative", () => {
  assert.ok(expandsSecret("a $GITHUB_TOKEN b") && expandsSecret('"${GH_PAT:-x}"'));
  assert.ok(expandsSecret("%s%NPM_TOKEN%") && expandsSecret("${env:API_KEY}"));
  assert.ok(!expandsSecret("${#GITHUB_TOKEN}") && !expandsSecret("${GITHUB_TOKEN:+set}"));
  assert.ok(expandsSecret("${GITHUB_TOKEN:+$GITHUB_TOKEN}"));
  assert.ok(!expandsSecret("$MAX_TOKENS $SSH_AUTH_SOCK"));
});

Deno.test("echo, printenv, declare -p, set -x and a one-liner agree on every name", () => {
  for (const n of SECRETS) {
    for (
      const c of [
        `echo "$${n}"`,
        `printenv ${n}`,
        `declare -p ${n}`,
        `set -x; ls "$${n}"`,
        `python3 -c 'import os; print(os.environ["${n}"])'`,
      ]
    ) {
      assert.equal(classifyCommand(c).class, "dangerous", c);
    }
  }
  for (const n of [...NOT_SECRETS, ...PATHS]) {
    for (const c of [`echo "$${n}"`, `printenv ${n}`, `set -x; echo "$${n}"`]) {
      assert.equal(classifyCommand(c).class, "read_only", c);
    }
    const code = `python3 -c 'import os; print(os.environ["${n}"])'`;
    assert.equal(classifyCommand(code).class, "review", code);
  }
});
