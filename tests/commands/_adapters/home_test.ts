import assert from "node:assert/strict";
import { batonHome, homeDir, personsHomeDir } from "../../../commands/_adapters/home.ts";
import { makeRepo, writeFiles } from "../../_helpers/git.ts";
import { fakeIo } from "../../_helpers/io.ts";

const io = (env: Record<string, string>) => fakeIo({ cwd: "/", env });

Deno.test("batonHome() prefers BATON_HOME, then XDG_CONFIG_HOME/baton, then ~/.config/baton", () => {
  assert.deepEqual(
    batonHome(io({ BATON_HOME: "/b/", XDG_CONFIG_HOME: "/x", HOME: "/h" }), "linux"),
    {
      ok: true,
      path: "/b",
    },
  );
  assert.deepEqual(batonHome(io({ XDG_CONFIG_HOME: "/x", HOME: "/h" }), "linux"), {
    ok: true,
    path: "/x/baton",
  });
  assert.deepEqual(batonHome(io({ HOME: "/h" }), "linux"), { ok: true, path: "/h/.config/baton" });
});

Deno.test("batonHome() on Windows uses APPDATA, and accepts drive paths with either slash", () => {
  assert.deepEqual(batonHome(io({ APPDATA: "C:\\Users\\me\\AppData\\Roaming" }), "windows"), {
    ok: true,
    path: "C:/Users/me/AppData/Roaming/baton",
  });
  assert.deepEqual(batonHome(io({ APPDATA: "C:\\x", HOME: "/h" }), "linux"), {
    ok: true,
    path: "/h/.config/baton",
  }, "APPDATA only counts on Windows");
  assert.equal(homeDir(io({ USERPROFILE: "C:\\Users\\me\\" })), "C:/Users/me");
});

Deno.test("batonHome() refuses a relative BATON_HOME and says when no home is known", () => {
  assert.deepEqual(batonHome(io({ BATON_HOME: "rel/dir", HOME: "/h" }), "linux"), {
    ok: false,
    reason: "BATON_HOME is not an absolute path",
  });
  const none = batonHome(io({ XDG_CONFIG_HOME: "relative" }), "linux");
  assert.equal(none.ok, false);
  assert.equal(homeDir(io({ HOME: "" })), null);
});

Deno.test("personsHomeDir() leaves out a HOME a host file in a work tree around the folder sets", async () => {
  const repo = await Deno.realPath(await makeRepo());
  try {
    await writeFiles(repo, { "sub/x.txt": "x" });
    const io = () => fakeIo({ cwd: `${repo}/sub`, env: { HOME: `${repo}/`, USERPROFILE: "" } });
    // Control: nothing names it: the person's home, cleaned as homeDir() cleans it.
    assert.equal(await personsHomeDir(io()), repo);
    await writeFiles(repo, { ".claude/settings.json": JSON.stringify({ env: { HOME: repo } }) });
    assert.equal(await personsHomeDir(io()), null);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
