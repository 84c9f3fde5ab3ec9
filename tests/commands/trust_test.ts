/**
 * `baton trust` in-process against a temp baton home: each action, its
 * `--json`, its exit codes and errors, and the file permissions it keeps.
 */
import assert from "node:assert/strict";
import { trustCommand } from "../../commands/trust.ts";
import { parseFlags } from "../../commands/_cli/command.ts";
import { renderHelp } from "../../commands/_cli/help.ts";
import { createKeyRing } from "../../commands/_adapters/key_ring.ts";
import { batonHome } from "../../commands/_adapters/home.ts";
import { isCodedError } from "../../core/errors.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../core/trust/signing_key.ts";
import { fakeIo } from "../_helpers/io.ts";
import { tempDir } from "../_helpers/temp.ts";

async function withHome(f: (home: string, base: string) => Promise<void>): Promise<void> {
  const base = (await tempDir("baton-trust-cmd-")).path;
  try {
    await f(`${base}/home`, base);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

async function trust(home: string, argv: string[]): Promise<{ code: number; out: string }> {
  const io = fakeIo({ cwd: home.replace(/\/home$/, ""), env: { BATON_HOME: home } });
  try {
    const code = await trustCommand.run(parseFlags(trustCommand, argv), io);
    return { code, out: io.out() };
  } catch (e) {
    if (!isCodedError(e)) throw e;
    return { code: e.exitCode, out: `${e.code}: ${e.message}` };
  }
}

const teammate = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(8)));

Deno.test("trust show-key makes the key once and prints it; list shows it and the teammates", async () => {
  await withHome(async (home) => {
    const empty = JSON.parse((await trust(home, ["list", "--json"])).out);
    assert.equal(empty.own, null, "list makes no key");
    const shown = await trust(home, ["show-key"]);
    assert.equal(shown.code, 0);
    assert.match(shown.out, /^ed25519:[A-Za-z0-9_-]{43}\n$/);
    assert.equal((await trust(home, ["show-key"])).out, shown.out, "made once");
    if (Deno.build.os !== "windows") {
      assert.equal((await Deno.stat(home)).mode! & 0o777, 0o700);
      assert.equal((await Deno.stat(`${home}/signing_key.jwk`)).mode! & 0o777, 0o600);
    }
    assert.equal((await trust(home, ["add", teammate.publicKey, "--name", "alice"])).code, 0);
    const list = JSON.parse((await trust(home, ["--json"])).out);
    assert.equal(list.own.public_key, shown.out.trim());
    assert.deepEqual(list.keys.map((k: { name: string }) => k.name), ["alice"]);
    const human = (await trust(home, [])).out;
    assert.match(human, /This machine's key \(trusted implicitly\)/);
    assert.match(human, /alice +ed25519:/);
  });
});

Deno.test("trust add and remove refuse what they should, with the documented exit codes", async () => {
  await withHome(async (home, base) => {
    const own = (await trust(home, ["show-key"])).out.trim();
    await Deno.writeTextFile(`${base}/bad.pub`, "ssh-ed25519 AAAA me@host\n");
    const cases: [string[], number, string][] = [
      [["add", teammate.publicKey], 2, "usage"],
      [["add", "--name", "x"], 2, "usage"],
      [["add", teammate.publicKey, "--name", "has space"], 2, "key_name_invalid"],
      [["add", own, "--name", "me"], 2, "key_is_own"],
      [["add", `${base}/missing.pub`, "--name", "x"], 3, "public_key_missing"],
      [["add", `${base}/bad.pub`, "--name", "x"], 2, "public_key_invalid"],
      [["add", "ed25519:short", "--name", "x"], 2, "public_key_invalid"],
      [["remove", "nobody"], 3, "trusted_key_not_found"],
      [["remove"], 2, "usage"],
      [["lsit"], 2, "usage"],
      [["list", "extra"], 2, "usage"],
      [["remove", "x", "--name", "y"], 2, "usage"],
    ];
    for (const [argv, code, what] of cases) {
      const r = await trust(home, argv);
      assert.equal(r.code, code, argv.join(" "));
      assert.ok(r.out.startsWith(what), `${argv.join(" ")}: ${r.out}`);
    }
    assert.match((await trust(home, ["lsit"])).out, /did you mean list/);
    assert.equal((await trust(home, ["add", teammate.publicKey, "--name", "a"])).code, 0);
    assert.equal(
      (await trust(home, ["add", teammate.publicKey, "--name", "b"])).out.split(":")[0],
      "key_already_trusted",
    );
    const removed = JSON.parse((await trust(home, ["remove", "a", "--json"])).out);
    assert.deepEqual(removed.keys, []);
  });
});

Deno.test("a trusted-keys file others can write to, or a damaged one, trusts only this machine's key", async () => {
  if (Deno.build.os === "windows") return;
  await withHome(async (home) => {
    await trust(home, ["show-key"]);
    await trust(home, ["add", teammate.publicKey, "--name", "alice"]);
    const ring = () => createKeyRing(fakeIo({ cwd: "/", env: { BATON_HOME: home } }));
    // Positive control: as written, both keys are trusted.
    const ok = await ring().trustedKeys();
    assert.deepEqual([ok.keys.size, ok.problem], [2, null]);
    await Deno.chmod(`${home}/trusted_keys.json`, 0o666);
    const loose = await ring().trustedKeys();
    assert.equal(loose.keys.size, 1);
    assert.equal([...loose.keys.values()][0]!.own, true);
    assert.match(loose.problem!, /writable by other users/);
    assert.equal((await trust(home, ["list"])).code, 2, "the command refuses it too");
    await Deno.chmod(`${home}/trusted_keys.json`, 0o600);
    await Deno.writeTextFile(`${home}/trusted_keys.json`, "{ damaged");
    const bad = await ring().trustedKeys();
    assert.equal(bad.keys.size, 1);
    assert.match(bad.problem!, /Cannot read the trusted-keys file/);
  });
});

Deno.test("the key ring refuses a baton home inside the repository it writes to", async () => {
  await withHome(async (home, base) => {
    const ring = createKeyRing(fakeIo({ cwd: base, env: { BATON_HOME: home } }));
    const inside = await ring.signingKey(base);
    assert.equal(inside.ok, false);
    if (!inside.ok) assert.match(inside.reason, /inside the repository/);
    const outside = await ring.signingKey(`${base}-elsewhere`);
    assert.equal(outside.ok, true, "positive control");
  });
});

Deno.test("batonHome() follows BATON_HOME, then XDG_CONFIG_HOME, APPDATA on Windows, then ~/.config", () => {
  const at = (env: Record<string, string>, os = "linux") =>
    batonHome(fakeIo({ cwd: "/", env }), os);
  assert.deepEqual(at({ BATON_HOME: "/b/", HOME: "/h" }), { ok: true, path: "/b" });
  assert.equal(at({ BATON_HOME: "rel" }).ok, false);
  assert.deepEqual(at({ XDG_CONFIG_HOME: "/x", HOME: "/h" }), { ok: true, path: "/x/baton" });
  assert.deepEqual(at({ XDG_CONFIG_HOME: "rel", HOME: "/h" }), {
    ok: true,
    path: "/h/.config/baton",
  });
  assert.deepEqual(
    at({ APPDATA: "C:\\Users\\u\\AppData\\Roaming", USERPROFILE: "C:\\Users\\u" }, "windows"),
    {
      ok: true,
      path: "C:/Users/u/AppData/Roaming/baton",
    },
  );
  assert.deepEqual(at({ HOME: "/h" }), { ok: true, path: "/h/.config/baton" });
  assert.equal(at({}).ok, false);
});

Deno.test("trust --help names the files, where they live and the exit codes", () => {
  const help = renderHelp(trustCommand);
  for (
    const word of [
      "BATON_HOME",
      "signing_key.jwk",
      "trusted_keys.json",
      "0600",
      "show-key",
      "Exit 0",
    ]
  ) {
    assert.ok(help.includes(word), word);
  }
});
