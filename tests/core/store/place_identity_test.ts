import assert from "node:assert/strict";
import { pathIdentity, remoteIdentity } from "../../../core/store/place_identity.ts";

Deno.test("remoteIdentity: spellings of one remote meet", () => {
  const same: [string, string][] = [
    ["https://github.com/team/proj.git", "git@github.com:team/proj"],
    ["https://github.com/team/proj", "ssh://git@GitHub.com/team/proj.git/"],
    ["git://github.com/team/proj", "git+ssh://git@github.com:2222/team/proj.git"],
    ["https://tok@github.com/team/proj?x=1#f", "github.com:team/proj"],
    ["ssh://git@[::1]:22/srv/proj", "git@[::1]:/srv/proj.git"],
    ["file:///srv/proj.git", "/srv/proj.git/"],
    ["file://localhost/srv/a%20b", "/srv/a b"],
    ["/w/proj/.git", "/w/proj"],
  ];
  for (const [a, b] of same) {
    assert.notEqual(remoteIdentity(a, null), null, a);
    assert.equal(remoteIdentity(a, null), remoteIdentity(b, null), `${a} = ${b}`);
  }
});

Deno.test("remoteIdentity: other projects stay apart", () => {
  const apart: [string, string][] = [
    ["https://github.com/team/proj", "https://github.com/team/proj2"],
    ["https://github.com/team/proj", "https://github.com/Team/proj"],
    ["https://github.com/team/proj", "https://gitlab.com/team/proj"],
    ["https://github.com/team/proj", "/team/proj"],
    ["git@github.com:team/proj", "github.com/team/proj"],
    ["/srv/proj", "/srv/proj.git"],
    ["/srv/proj", "/srv/Proj"],
  ];
  for (const [a, b] of apart) {
    assert.notEqual(remoteIdentity(a, null), remoteIdentity(b, null), `${a} != ${b}`);
  }
});

Deno.test("remoteIdentity: what names nothing comparable gives no identity", () => {
  for (
    const url of ["", "  ", "https://github.com", "https://github.com/", "x::y", ":z", "rel/x"]
  ) {
    assert.equal(remoteIdentity(url, null), null, url);
  }
  assert.equal(remoteIdentity("rel/x", "/w/me"), pathIdentity("/w/me/rel/x"));
  assert.equal(remoteIdentity("../x/.git", "/w/me"), pathIdentity("/w/x"));
  assert.equal(remoteIdentity("../x", "relative/base"), null);
});

Deno.test("pathIdentity: a work tree and its git directory are one place, nothing more", () => {
  assert.equal(pathIdentity("/w/p/.git"), pathIdentity("/w/p/"));
  assert.equal(pathIdentity("/w/p/./q/.."), pathIdentity("/w/p"));
  assert.notEqual(pathIdentity("/w/p.git"), pathIdentity("/w/p"));
  assert.notEqual(pathIdentity("/w/p"), pathIdentity("/w/P"));
});
