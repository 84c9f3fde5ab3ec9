/**
 * The differential suite on git's refusal of a repository owned by another
 * user ("dubious ownership", `safe.directory`): each shape is built with
 * real git, then chowned to another uid (the suite runs as root, and git,
 * run as root with no SUDO_UID, compares owners with uid 0), and compared
 * with `git status --porcelain=v2 -z -uall` (tests/_helpers/git_oracle.ts)
 * through a file system that tells baton its own uid, as production's does.
 * Where git refuses, baton states no tree and no HEAD; where a
 * `safe.directory` git reads names the repository, both compare (control).
 * Skipped where the suite is not root (it cannot chown).
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/** TestFs telling baton the uid it runs as, which git compares owners with. */
class OwnerFs extends TestFs {
  processUid(): number {
    return Deno.uid()!;
  }
}

/** One shape: its script (`c` commits everything; `$TOP` is the repository) and whether git refuses. */
interface Shape {
  name: string;
  script: string;
  /** Where both run: the repository, or the linked work tree `$HOME/w`. */
  at?: "$HOME/w";
  refused: boolean;
}

const BASE = "echo x>a; c; echo y>a; touch u";
const LINKED = "echo x>a; c; git worktree add -q $HOME/w; echo z>$HOME/w/a";

const SHAPES: Shape[] = [
  { name: "the whole repository chowned", script: `${BASE}; chown -R 1234 .`, refused: true },
  { name: "only the git directory chowned", script: `${BASE}; chown -R 1234 .git`, refused: true },
  { name: "only the work tree's top chowned", script: `${BASE}; chown 1234 .`, refused: true },
  {
    name: "control: chowned, and ~/.gitconfig's safe.directory names it",
    script: `${BASE}; chown -R 1234 .; git config --global safe.directory "$TOP"`,
    refused: false,
  },
  {
    name: "chowned, safe.directory=* only in the repository's own config (git ignores it there)",
    script: `${BASE}; git config safe.directory '*'; chown -R 1234 .`,
    refused: true,
  },
  {
    name: "chowned, safe.directory=* reset by an empty value after it",
    script:
      `${BASE}; chown -R 1234 .; git config --global safe.directory '*'; git config --global --add safe.directory ''`,
    refused: true,
  },
  {
    name: "a linked work tree whose .git file is chowned",
    script: `${LINKED}; chown 1234 $HOME/w/.git`,
    at: "$HOME/w",
    refused: true,
  },
  {
    name: "a linked work tree whose git directory (.git/worktrees/w) is chowned",
    script: `${LINKED}; chown -R 1234 .git/worktrees/w`,
    at: "$HOME/w",
    refused: true,
  },
  {
    name: "control: a linked work tree chowned, and safe.directory names it",
    script: `${LINKED}; chown -R 1234 $HOME/w; git config --global safe.directory $HOME/w`,
    at: "$HOME/w",
    refused: false,
  },
];

for (const shape of SHAPES) {
  Deno.test({
    name: `ownership: ${shape.name}`,
    ignore: Deno.uid() !== 0,
    fn: async () => {
      const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
      const top = await makeRepo("baton-own-");
      await runShapeScript(top, `TOP=${top}\n${shape.script}`, env);
      const dir = shape.at === undefined ? top : `${env.home}/w`;
      const r = await assertAgreesWithGit(env, dir, { label: shape.name, fs: new OwnerFs() });
      assert.equal(
        r.git.stopped === true,
        shape.refused,
        "git refuses (or compares) as the shape says",
      );
      if (shape.refused) {
        assert.equal(r.facts.head, null, "HEAD is not stated either");
        assert.match(r.facts.unavailable?.[0]?.reason ?? "", /owned by another user/);
      } else {
        assert.equal(r.git.tracked.get("a"), ".M", "control: git compares");
      }
      // Without the process uid (TestFs), ownership is not compared: the
      // positive control that the refusal comes from the owner check.
      if (shape.refused) {
        const plain = await assertAgreesWithGit(env, dir, { label: shape.name, allowNoTree: true })
          .catch((e: Error) => e);
        assert.ok(plain instanceof Error, "without the uid baton states the tree git refuses");
      }
    },
  });
}
