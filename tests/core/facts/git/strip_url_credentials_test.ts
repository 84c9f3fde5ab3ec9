/** Tests for stripUrlCredentials(): secrets go, hosts and paths stay, nothing throws. */
import assert from "node:assert/strict";
import { stripUrlCredentials } from "../../../../core/facts/git/strip_url_credentials.ts";

Deno.test("stripUrlCredentials() removes secrets and keeps host and path", () => {
  const url = stripUrlCredentials("https://user:ghp_secret@github.com/x/y.git");
  assert.ok(!url.includes("ghp_secret"));
  assert.ok(!url.includes("user"));
  assert.equal(url, "https://github.com/x/y.git");
  const cases: [string, string][] = [
    ["https://ghp_TOKEN@github.com/x/y", "https://github.com/x/y"],
    ["http://a:b@host:8080/p?token=s3cret#frag", "http://host:8080/p"],
    ["https://x-access-token:tok@github.com/o/r.git", "https://github.com/o/r.git"],
    ["ssh://git:pw@host.example:2222/r.git", "ssh://git@host.example:2222/r.git"],
    ["ssh://git@host/r.git", "ssh://git@host/r.git"],
    ["git+ssh://me:pw@host/r", "git+ssh://me@host/r"],
    ["git@github.com:x/y.git", "git@github.com:x/y.git"],
    ["me:pw@host:path/r.git", "me@host:path/r.git"],
    ["https://github.com/x/y.git", "https://github.com/x/y.git"],
    ["/srv/git/repo.git", "/srv/git/repo.git"],
    ["../sibling", "../sibling"],
    ["file:///srv/a@b/repo", "file:///srv/a@b/repo"],
    ["https://u:p@h@host/x", "https://host/x"],
    // Under file, git and the ssh schemes git reads '?' and '#' as path characters: kept.
    ["file:///srv/a#1", "file:///srv/a#1"],
    ["ssh://git:pw@host/r?x#y", "ssh://git@host/r?x#y"],
    ["git://host/r#2", "git://host/r#2"],
    ["ftp://u:p@host/r?token=t", "ftp://host/r"],
    // A password holding '#' or '?' leaves nothing of itself behind (the userinfo ends at the
    // last '@' before the first '/').
    ["ssh://u:pa#ss@host/r", "ssh://u@host/r"],
    // Under http(s) git and curl end the host at '?' or '#': the URL names what git fetches
    // from, and no piece of a password stays.
    ["https://evil.example?@github.com/org/r", "https://evil.example"],
    ["https://evil.example#@github.com/org/r", "https://evil.example"],
    ["https://u:pa#ss@host/r", "https://u"],
    ["https://u:pa?ss@host/r?q", "https://u"],
    ["git://u:pa#ss@host/r#2", "git://host/r#2"],
    // git's remote-helper form: the helper's name stays, its address is stripped.
    ["https::https://TOKEN@host/r.git", "https::https://host/r.git"],
    ["persistent-https::https://u:p@host/r?token=t", "persistent-https::https://host/r"],
    ["https::https::https://TOKEN@host/r", "https::https::https://host/r"],
    ["hg::ssh://me:pw@host/r", "hg::ssh://me@host/r"],
    ["x::me:pw@host:r.git", "x::me@host:r.git"],
    ["gcrypt::/srv/r.git", "gcrypt::/srv/r.git"],
    ["", ""],
  ];
  for (const [input, want] of cases) assert.equal(stripUrlCredentials(input), want, input);
  for (const weird of ["::::@@@", "https://", "://@", "\0@\n:", "a".repeat(10000) + "@x"]) {
    assert.equal(typeof stripUrlCredentials(weird), "string");
  }
});
