// Tests for core/safety/secrets/rules_cli_flags.ts and the command-line
// password shapes beside it (redact94): a program's own password flag that
// says nothing of a password (`podman login -p`, `cqlsh -p`, `ipmitool -P`,
// `snmpwalk -A`, `unrar -pX`, `schtasks /rp`...), Samba's `-U user%pass`
// quoted, `curl -U`, `--pwd`, `--passphrase=`, `htpasswd -nb`, the other
// MySQL clients, `unzip -P`, jenkins-cli's `-auth`, `pulumi config set
// --secret` are redacted whole in every context; the same flags of other
// programs, ports, stdin, prompts, references and placeholders are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Each shape, its value a fresh random password, raw and in every context: redacted whole. */
function redactedEverywhere(shapes: readonly ((v: string) => string)[], seed: number): void {
  const rng = new Rng(seed);
  for (const shape of shapes) {
    for (const [ctx, wrap] of [["raw", (x: string) => x] as const, ...Object.entries(CONTEXTS)]) {
      const v = `Hq7${rng.str(ALNUM, 9)}-${rng.str(ALNUM, 4)}`;
      const r = redactText(engine, wrap(shape(v)));
      const message = `${shape("V")} / ${ctx}: ${r.text.slice(0, 300)}`;
      assert.ok(r.kinds.length > 0, message);
      for (const piece of [v.slice(0, 8), v.slice(-6)]) assert.ok(!r.text.includes(piece), message);
    }
  }
}

Deno.test("a program's own password flag is redacted whole in every context", () => {
  redactedEverywhere([
    (v) => `podman login -u deploy -p ${v} quay.io`,
    (v) => `buildah login --username deploy -p '${v}' registry.internal.test`,
    (v) => `helm registry login registry.test -u me -p ${v}`,
    (v) => `oc login -u admin -p ${v} https://api.ocp.test:6443`,
    (v) => `cf login -a api.cf.test -u bob -p "${v}" -o org`,
    (v) => `sudo useradd -m -s /bin/bash -p ${v} deploy`,
    (v) => `ncftpput -u bob -p ${v} ftp.test /in file.txt`,
    (v) => `cqlsh -u cassandra -p ${v} cass.internal`,
    (v) => `rdesktop -u admin -p ${v} 10.0.0.9`,
    (v) => `twine upload --repository-url https://pypi.internal.test -u bob -p ${v} dist/*`,
    (v) => `poetry publish -r internal -u bob -p ${v}`,
    (v) => `dotnet nuget add source https://nuget.test/v3 -n internal -u bob -p ${v}`,
    (v) => `dotnet nuget push pkg.nupkg -k ${v} -s https://nuget.test/v3`,
    (v) => `mycli -h db -u root -p${v} shop`,
    (v) => `unrar x -p${v} backup.rar /tmp/out`,
    (v) => `mosquitto_sub -h broker -u sensor -P ${v} -t "home/#"`,
    (v) => `ipmitool -I lanplus -H 10.0.0.5 -U admin -P ${v} sol activate`,
    (v) => `snmpwalk -v3 -l authPriv -u mon -a SHA -A ${v} -x AES -X ${v} 10.0.0.1`,
    (v) => `p4 -u bob -P ${v} sync //depot/...`,
    (v) => `isql -U sa -P ${v} -S db1`,
    (v) => `bcp dbo.t out t.dat -S db1 -U sa -P${v} -c`,
    (v) => `rabbitmqadmin -H mq.internal -u admin -p ${v} list queues`,
    (v) => `valkey-cli -h cache -a ${v} ping`,
    (v) => `redis-benchmark -h cache -a ${v} -q`,
    (v) => `schtasks /create /s srv01 /u CORP\\admin /p ${v} /ru CORP\\svc /rp ${v} /tn t /tr x`,
    (v) => `/usr/bin/cqlsh -u app -p ${v}`,
  ], 9401);
});

Deno.test("Samba's user%password (quoted too), curl -U, cf auth, db2 using and wpa_passphrase are redacted", () => {
  redactedEverywhere([
    (v) => `smbclient //fs01/share -U 'CORP/bob%${v}' -c ls`,
    (v) => `rpcclient -U bob%${v} 10.0.0.5 -c enumdomusers`,
    (v) => `net ads join -U "administrator%${v}"`,
    (v) => `samba-tool domain join corp.test DC --username=admin%${v}`,
    (v) => `curl -x proxy.internal:3128 -U bob:${v} https://example.test`,
    (v) => `cf auth deploy ${v}`,
    (v) => `db2 connect to sample user db2inst1 using ${v}`,
    (v) => `wpa_passphrase HomeNet ${v} >> /etc/wpa_supplicant.conf`,
  ], 9402);
});

Deno.test("--pwd, --passphrase=, htpasswd -nb, the other MySQL clients, unzip -P, -auth and pulumi --secret are redacted", () => {
  redactedEverywhere([
    (v) => `mytool --pwd ${v} --host db`,
    (v) => `mytool -pwd ${v}`,
    (v) => `mytool --db-pwd=${v}`,
    (v) => `gpg --batch --passphrase=${v} -c notes.txt`,
    (v) => `htpasswd -nb admin ${v}`,
    (v) => `htpasswd -nbB admin '${v}'`,
    (v) => `mysqlshow -u root -p${v} shop`,
    (v) => `mysqlsh --uri root@db -p${v}`,
    (v) => `mariadb-admin -u root -p${v} status`,
    (v) => `unzip -o -P ${v} backup.zip`,
    (v) => `smbclient -L fs01 -U "bob%${v}"`,
    (v) => `java -jar jenkins-cli.jar -s https://ci.test/ -auth admin:${v} build job`,
    (v) => `pulumi config set --secret dbConnection ${v}`,
    (v) => `pulumi config set stripeKey ${v} --secret`,
  ], 9403);
});

Deno.test("a crypt hash given to useradd -p is redacted; what only looks like a password flag is kept", () => {
  const hash = "$6$rounds=5000$Hq7kR4t9$Lm2zVb7Nc1Qx9Lm2Hq7kR4t9Lm2zVb7Nc1Qx9Lm2Hq7kR4t9Lm2";
  const r = redactText(engine, `useradd -m -p '${hash}' deploy`);
  assert.deepEqual(r.kinds, ["cli_password"], r.text);
  assert.ok(!r.text.includes("Lm2zVb7Nc1"), r.text);
  const kept = [
    "podman run -d -p 8080:80 nginx",
    "podman login -u me --password-stdin quay.io",
    "podman login -u me -p $QUAY_TOKEN quay.io",
    "podman login -u me -p <token> quay.io",
    "ssh -p 2222 deploy@host",
    "scp -P 2222 file host:",
    "rdesktop -u admin -p - 10.0.0.9",
    "unrar x -p- archive.rar",
    "schtasks /create /ru admin /rp * /tn job /tr x",
    "mosquitto_pub -h broker -p 1883 -t t -m on",
    "ipmitool -I lanplus -H 10.0.0.5 -U admin -E chassis status",
    "ipmitool -H 10.0.0.5 -p 623 -U admin -f /run/ipmi.pw power on",
    'useradd -m -p "$(openssl passwd -6 "$PW")" bob',
    "cqlsh -u cassandra -p ${CASSANDRA_PASSWORD} db",
    "twine upload -u __token__ -p <pypi-token> dist/*",
    "smbclient -L fs01 -U bob%$SMB_PASS",
    "use cqlsh -p followed by the password",
    "mycli -h db -P 3306 -u root",
    "oc login --token=$OC_TOKEN https://api.c.test:6443",
    "iperf3 -c host -p 5201 -P 4",
    "snmpwalk -v2c -c public 10.0.0.1",
    "mytool --pwd /srv/app",
    "mytool --pwd $PWD",
    "wpa_passphrase HomeNet",
    "pulumi config set aws:region eu-west-1",
    "cf auth $CF_USER $CF_PASSWORD",
    "htpasswd -nb admin $ADMIN_PASSWORD",
  ];
  for (const text of kept) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
});

Deno.test("a password flag's value alone on the next line after a line continuation is redacted whole, raw and JSON-escaped", () => {
  redactedEverywhere([
    (v) => `mysql -u root --password \\\n  ${v} shop`,
    (v) => `docker login registry.test --username bob --password \\\n    ${v}`,
    (v) => `helm repo add x https://charts.test --username u --password \\\n\t'${v}'`,
    (v) => `some-tool --api-key \\\n  "${v}" --verbose`,
    (v) => `az login --service-principal -u app -p \\\n  ${v} --tenant t`,
    (v) => `podman login -u deploy -p \\\n  ${v} quay.io`,
    (v) => `redis-cli -h cache -a \\\n  ${v} ping`,
    (v) => `ldapsearch -x -D cn=admin -w \\\n  ${v} -b dc=x`,
  ], 9601);
  // The shapes a transcript holds: a tool call's command (escaped once), a tool result quoting
  // it (escaped twice), an indentation of escaped tabs.
  const v = "Hq7Xk9q2Lm7Zr8w-Qz4v";
  for (
    const text of [
      JSON.stringify({ command: `docker login -u bob --password \\\n  ${v} ghcr.io` }),
      JSON.stringify({ content: JSON.stringify({ cmd: `mysql --password \\\n  ${v} db` }) }),
      JSON.stringify({ command: `mytool --token \\\n\t\t${v}` }),
    ]
  ) {
    const r = redactText(engine, text);
    assert.ok(
      r.kinds.length > 0 && !r.text.includes("Hq7Xk9q2") && !r.text.includes("Qz4v"),
      r.text,
    );
  }
  // The next line's option, reference, placeholder, stdin or port is no value; nor is a blank
  // line; nor the same continuation after a flag that names no password.
  const kept = [
    "mytool --password \\\n  --verbose db",
    "mytool --token \\\n  $API_TOKEN --verbose",
    "mytool --api-key \\\n  <YOUR_KEY>",
    "mytool --password \\\n\nHq7Xk9q2Lm7Zr8w",
    "podman login -u deploy -p \\\n  - quay.io",
    "ssh -p \\\n  2222 deploy@host",
    "mytool --verbose \\\n  Hq7Xk9q2Lm7Zr8w",
    "podman run -d -p \\\n  8080:80 nginx",
  ];
  for (const text of kept) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
});

Deno.test("the word after a switch that asks for the secret or goes without it is kept, on its line or the next; the same word after the option that takes the secret is redacted", () => {
  const switches = [
    "ansible-playbook --ask-vault-pass",
    "ansible-playbook -i hosts --ask-become-pass",
    "ansible-playbook --ask-vault-password",
    "ansible all --ask-pass",
    "rclone sync --ask-password",
    "psql --no-password",
    "pg_dump -h db --no-password",
    "mytool --prompt-password",
    "mytool --skip-password",
    "mytool --without-token",
  ];
  for (const word of ["site.yml", "deploy-2024.yml", "db_2024"]) {
    for (const line of switches) {
      for (const sep of [" ", " \\\n  "]) {
        for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
          const text = wrap(`${line}${sep}${word}`);
          assert.deepEqual(redactText(engine, text).kinds, [], text);
        }
      }
    }
  }
  // Controls: the options that take the secret, and a random one after the switch's namesakes.
  redactedEverywhere([
    (v) => `ansible-vault view --vault-password ${v} secrets.yml`,
    (v) => `mytool --password \\\n  ${v} site.yml`,
    (v) => `mytool --vault-pass ${v}`,
    (v) => `mytool --nopass-token ${v}`,
  ], 9802);
  for (const text of ["mytool --vault-pass deploy-2024.yml", "mytool --password \\\n  db_2024"]) {
    assert.ok(redactText(engine, text).kinds.length > 0, text);
  }
});

Deno.test("a password after a line continuation right after its = or user: is redacted, raw and JSON-escaped (see: #21)", () => {
  // bash passes `--password=\` + newline + `X` as `--password=X`, and with the next line
  // indented, X as the next argument: either way the line holds the password.
  redactedEverywhere([
    (v) => `mysql -h db --password=\\\n  ${v} shop`,
    (v) => `mysql -h db --password=\\\n${v} shop`,
    (v) => `some-tool --api-token=\\\n    ${v} --verbose`,
    (v) => `curl -u alice:\\\n${v} https://api.example.test/v1`,
    (v) => `curl -X POST \\\n  -u alice:\\\n  ${v} \\\n  https://api.example.test/v1`,
    (v) => `curl -u \\\n  alice:${v} https://api.example.test/v1`,
    (v) => `curl --user \\\n  alice:${v} https://api.example.test/v1`,
  ], 9701);
  const v = "Hq7Xk9q2Lm7Zr8w-Qz4v";
  for (
    const text of [
      JSON.stringify({ command: `curl -u alice:\\\n  ${v} https://x.test` }),
      JSON.stringify({ content: JSON.stringify({ cmd: `mysql --password=\\\n  ${v} db` }) }),
      JSON.stringify({
        content: JSON.stringify({ cmd: `curl -u \\\n  alice:${v} https://x.test` }),
      }),
    ]
  ) {
    const r = redactText(engine, text);
    assert.ok(
      r.kinds.length > 0 && !r.text.includes("Hq7Xk9q2") && !r.text.includes("Qz4v"),
      r.text,
    );
  }
  // The next line's option, URL, reference or placeholder is the command's next argument.
  const kept = [
    "curl -u alice:\\\n  https://api.example.test/v1",
    "curl -u alice:\\\n  --netrc https://api.example.test/v1",
    "curl -u alice:\\\n  <password> https://api.example.test/v1",
    "curl -u alice:\\\n  $PASS https://api.example.test/v1",
    "curl -u \\\n  --netrc https://api.example.test/v1",
    'curl -u \\\n  "$USER:$PASS" https://api.example.test',
    "mysql --password=\\\n  --host=db mydb",
    "mysql --password=\\\n  <password> mydb",
    'mysql --password=\\\n  "$DB_PASS" mydb',
    "some-tool --api-token=\\\n  --verbose",
  ];
  for (const text of kept) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
});
