// Tests for core/safety/secrets/rules_cli.ts: a password given to a FreeRDP
// client, a SecureString to aws ssm put-parameter, a secret string to aws
// secretsmanager, a value to az keyvault secret set, ssh-keygen's -N/-P, an
// HTTP client's -a/--auth user:password, altool/notarytool -p, mc alias set's
// secret key and lftp -u user,password are redacted in every context; the
// same options of other commands, references and files are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, HEX, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/**
 * Each shape, its value a fresh random password, in every context: found as
 * cli_secret_option (the only finding when `only`) and the value gone.
 */
function redactedInEveryContext(
  shapes: readonly ((v: string) => string)[],
  rng: Rng,
  only: boolean,
): void {
  for (const shape of shapes) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const v = `Hq7${rng.str(ALNUM, 13)}`;
      const r = redactText(engine, wrap(shape(v)));
      const message = `${shape("V")} / ${ctx}: ${r.text}`;
      if (only) assert.deepEqual(r.kinds, ["cli_secret_option"], message);
      else assert.ok(r.kinds.includes("cli_secret_option"), message);
      assert.ok(!r.text.includes(v), r.text);
    }
  }
}

Deno.test("a secret given to a command whose option name does not say so is redacted in every context", () => {
  const rng = new Rng(1411);
  const shapes = [
    (v: string) => `xfreerdp /v:10.0.0.5 /u:Administrator /p:${v} /cert:ignore`,
    (v: string) => `sdl-freerdp /u:admin /p:"${v}" /v:rdp.corp.test`,
    (v: string) => `aws ssm put-parameter --name /app/db --value ${v} --type SecureString`,
    (v: string) =>
      `aws ssm put-parameter --type "SecureString" --name /x --value '${v}' --overwrite`,
    (v: string) => `aws secretsmanager create-secret --name prod/db --secret-string ${v}`,
    (v: string) => `aws secretsmanager put-secret-value --secret-id db --secret-string "${v}"`,
    (v: string) => `az keyvault secret set --vault-name kv1 --name db-pass --value ${v}`,
  ];
  redactedInEveryContext(shapes, rng, true);
});

Deno.test("the same options of other commands, references and files are kept", () => {
  const kept = [
    "aws ssm put-parameter --name /app/region --value eu-west-1abc --type String",
    "aws ssm get-parameter --name /app/db --with-decryption --value Hq7kR4t9Lm2zVb",
    "aws secretsmanager create-secret --name db --secret-string file://creds.json",
    'aws secretsmanager create-secret --name db --secret-string "$DB_SECRET"',
    "az keyvault secret set --vault-name kv1 --name db --file ./secret.txt",
    "az keyvault secret show --vault-name kv1 --name db --value Hq7kR4t9Lm2zVb",
    "xfreerdp /v:host /u:admin /p:$RDP_PASSWORD",
    "helm upgrade app ./chart --set /p:Hq7kR4t9Lm2zVb",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a quoted value holding an escaped quote is redacted whole", () => {
  const tail = "Vb7Nc1Qx9Lm2";
  const text = String
    .raw`aws secretsmanager create-secret --name db --secret-string "Hq7kR4t9\"${tail}"`;
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
    const r = redactText(engine, wrap(text));
    assert.deepEqual(r.kinds, ["cli_secret_option"]);
    assert.ok(!r.text.includes(tail) && !r.text.includes("Hq7kR4t9"), r.text);
  }
});

Deno.test("ssh-keygen -N/-P, an HTTP client's -a user:pass, altool -p, mc alias set and lftp -u are redacted in every context", () => {
  const rng = new Rng(1641);
  const shapes = [
    (v: string) => `ssh-keygen -t ed25519 -N '${v}' -f ~/.ssh/deploy_key`,
    (v: string) => `ssh-keygen -p -f id_rsa -P oldPass1 -N "${v}"`,
    (v: string) => `http -a alice:${v} GET https://api.example.test/me`,
    (v: string) => `https --auth "alice:${v}" POST api.example.test/items`,
    (v: string) => `hey -n 100 --auth=alice:${v} https://api.example.test/`,
    (v: string) => `xcrun altool --upload-app -f App.ipa -u me@example.test -p ${v}`,
    (v: string) =>
      `xcrun notarytool submit App.zip --apple-id me@example.test --password "${v}" --wait`,
    (v: string) => `mc alias set local http://localhost:9000 minioadmin ${v}`,
    (v: string) => `mc config host add s3 https://s3.amazonaws.com AKIAEXAMPLEID '${v}'`,
    (v: string) => `lftp -u deploy,${v} sftp://files.example.test`,
    (v: string) => `lftp -c "open -u deploy,${v} ftp.example.test; mirror -R dist /www"`,
  ];
  redactedInEveryContext(shapes, rng, false);
});

Deno.test("an empty passphrase, keychain references, variables and other commands' -a are kept", () => {
  const kept = [
    "ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519",
    'ssh-keygen -t rsa -b 4096 -N "" -C "me@example.test"',
    "ssh-keygen -p -f id_rsa -P $OLD_PASS -N $NEW_PASS",
    'xcrun altool --upload-app -f App.ipa -u me@example.test -p "@keychain:AC_PASSWORD"',
    "xcrun notarytool submit App.zip --keychain-profile notary --wait",
    "http -a alice GET https://api.example.test/me",
    'http -a "alice:$API_PASSWORD" GET https://api.example.test/me',
    "git commit -a -m 'fix: http -a flag docs'",
    "mc alias set local http://localhost:9000 $MINIO_USER $MINIO_PASSWORD",
    "lftp -u deploy sftp://files.example.test",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a value masked with ::add-mask:: is redacted in every context; expressions and variables are kept", () => {
  const rng = new Rng(1642);
  const shapes = [
    (v: string) => `echo "::add-mask::${v}"`,
    (v: string) => `echo ::add-mask::${v}`,
    (v: string) => `run: |\n  echo "::add-mask::${v}"\n  echo "token=${v}" >> "$GITHUB_OUTPUT"`,
  ];
  redactedInEveryContext(shapes, rng, false);
  for (
    const text of [
      'echo "::add-mask::${{ steps.login.outputs.token }}"',
      'echo "::add-mask::$ACCESS_TOKEN"',
      "echo ::add-mask::",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("rabbitmqctl's password and macOS security -w are redacted in every context; prompts and variables kept", () => {
  const rng = new Rng(1643);
  const shapes = [
    (v: string) => `rabbitmqctl add_user app ${v}`,
    (v: string) => `docker exec rmq rabbitmqctl change_password admin '${v}'`,
    (v: string) => `security add-generic-password -a "$USER" -s openai -w "${v}"`,
    (v: string) => `security add-internet-password -a me -s api.example.test -w ${v} -U`,
  ];
  redactedInEveryContext(shapes, rng, true);
  for (
    const text of [
      "rabbitmqctl add_user app $RABBIT_PASSWORD",
      "rabbitmqctl list_users",
      "security add-generic-password -a me -s openai -w",
      "security add-generic-password -a me -s openai -U -w -T /usr/bin/codesign",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("recall20: a Weights & Biases key given to wandb login or wandb.login(key=...) is redacted; a reference or no key is kept (see: #21)", () => {
  const rng = new Rng(2051);
  const key = rng.str(HEX, 38) + "a1";
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.shell_history!]) {
    for (
      const text of [
        `wandb login ${key}`,
        `wandb login --relogin --host https://wandb.example.test ${key}`,
        `wandb.login(key="${key}")`,
        `wandb.login(anonymous="never", key='${key}')`,
      ]
    ) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes("cli_secret_option"), `${text}: ${r.kinds.join(",")}`);
      assert.ok(!r.text.includes(key), r.text);
    }
  }
  for (
    const text of [
      "wandb login --relogin",
      "wandb login $WANDB_API_KEY",
      'wandb.login(key=os.environ["WANDB_API_KEY"])',
      `wandb login ${"0".repeat(40)}`,
      "run wandb login first, then wandb.login() in the notebook",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("review36: a quoted wandb login key or a wandb.login call over lines is redacted; a commit id after the command or in prose is kept (see: #21)", () => {
  const rng = new Rng(2052);
  const key = rng.str(HEX, 38) + "b2";
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
    for (
      const text of [
        `wandb login "${key}"`,
        `wandb login --relogin '${key}'`,
        `wandb.login(\n    key="${key}",\n)`,
      ]
    ) {
      const r = redactText(engine, wrap(text));
      assert.ok(!r.text.includes(key), r.text);
    }
  }
  // A commit id (40 hex) is no key when it is not wandb login's first argument.
  const sha = rng.str(HEX, 38) + "c3";
  for (
    const text of [
      `wandb login && git checkout ${sha}`,
      `wandb login; git show ${sha}`,
      `after wandb login the run was at ${sha}`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});
