/**
 * The differential suite on `extensions.worktreeConfig`: git's check of the
 * repository format reads `core.bare` and `core.worktree` from the work
 * tree's own `config.worktree` (main or linked), and with the extension on
 * a linked work tree takes them from the shared config too. Each shape is
 * built with real git and compared with `git status --porcelain=v2 -z
 * -uall` (tests/_helpers/git_oracle.ts); where git stops, baton must state
 * no tree. Controls: the same settings where git does not read them.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/** One shape: its script (`c` commits everything), where to run, and whether git stops. */
interface Shape {
  name: string;
  script: string;
  /** The directory both run in: the repository, or `$HOME/w` (the linked work tree). */
  at?: "$HOME/w";
  /** Whether git status stops (else it gives a status with `a` modified). */
  stops: boolean;
  /** A tree baton declines with its reason, where git compares (another directory). */
  noTree?: boolean;
}

const LINKED =
  "echo x>a; c; git worktree add -q $HOME/w; git config extensions.worktreeConfig true";
const MAIN = "echo x>a; c; git config extensions.worktreeConfig true";
const OWN = ".git/worktrees/w/config.worktree";
const SUBMODULE = [
  "git config --global protocol.file.allow always",
  "mkdir $HOME/lib; cd $HOME/lib; git init -q -b main; echo l>l; c; cd -",
  "echo x>a; git submodule add -q $HOME/lib lib; c; echo e>lib/l",
  "git -C lib config extensions.worktreeConfig true",
].join("\n");

const SHAPES: Shape[] = [
  {
    name: "a linked work tree's config.worktree sets core.worktree without a value",
    script: `${LINKED}; printf '[core]\\n\\tworktree\\n' >${OWN}; echo e>$HOME/w/a`,
    at: "$HOME/w",
    stops: true,
  },
  {
    name: "the main work tree's config.worktree sets core.worktree without a value",
    script: `${MAIN}; printf '[core]\\n\\tworktree\\n' >.git/config.worktree; echo e>a`,
    stops: true,
  },
  {
    name: "control: config.worktree's valueless core.worktree without the extension",
    script:
      "echo x>a; c; printf '[core]\\n\\tworktree\\n' >.git/config.worktree; git config extensions.worktreeConfig false; echo e>a",
    stops: false,
  },
  {
    name: "control: config.worktree's valueless core.worktree through an include",
    script:
      `${MAIN}; printf '[core]\\n\\tworktree\\n' >$HOME/inc; printf '[include]\\n\\tpath = %s\\n' $HOME/inc >.git/config.worktree; echo e>a`,
    stops: false,
  },
  {
    name: "a linked work tree's config.worktree sets core.bare true",
    script: `${LINKED}; printf '[core]\\n\\tbare = true\\n' >${OWN}; echo e>$HOME/w/a`,
    at: "$HOME/w",
    stops: true,
  },
  {
    name: "the main work tree's config.worktree sets core.bare true",
    script: `${MAIN}; printf '[core]\\n\\tbare = true\\n' >.git/config.worktree; echo e>a`,
    stops: true,
  },
  {
    name: "the shared config sets core.bare true, read by a linked work tree with the extension",
    script: `${LINKED}; git config core.bare true; echo e>$HOME/w/a`,
    at: "$HOME/w",
    stops: true,
  },
  {
    name: "control: the shared core.bare true, the linked work tree without the extension",
    script: "echo x>a; c; git worktree add -q $HOME/w; git config core.bare true; echo e>$HOME/w/a",
    at: "$HOME/w",
    stops: false,
  },
  {
    name: "control: the shared core.bare true, the linked work tree's config.worktree false",
    script:
      `${LINKED}; git config core.bare true; printf '[core]\\n\\tbare = false\\n' >${OWN}; echo e>$HOME/w/a`,
    at: "$HOME/w",
    stops: false,
  },
  {
    name:
      "the shared core.worktree names another directory, read by a linked work tree with the extension",
    script: `${LINKED}; mkdir $HOME/o; git config core.worktree $HOME/o; echo e>$HOME/w/a`,
    at: "$HOME/w",
    stops: false,
    noTree: true,
  },
  {
    name: "a submodule's config.worktree sets core.worktree without a value (git looks inside)",
    script: `${SUBMODULE}; printf '[core]\\n\\tworktree\\n' >.git/modules/lib/config.worktree`,
    stops: true,
  },
  {
    name: "a submodule's config.worktree sets core.bare true (git looks inside)",
    script: `${SUBMODULE}; printf '[core]\\n\\tbare = true\\n' >.git/modules/lib/config.worktree`,
    stops: true,
  },
  {
    name:
      "control: a submodule's config.worktree sets core.worktree without a value, ignore=all (git does not look inside)",
    script:
      `${SUBMODULE}; printf '[core]\\n\\tworktree\\n' >.git/modules/lib/config.worktree; git config submodule.lib.ignore all; echo e>a`,
    stops: false,
  },
];

for (const shape of SHAPES) {
  Deno.test(`worktreeConfig: ${shape.name}`, async () => {
    const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
    const top = await makeRepo("baton-wtc-");
    await runShapeScript(top, shape.script, env);
    const dir = shape.at === undefined ? top : `${env.home}/w`;
    const r = await assertAgreesWithGit(env, dir, {
      label: shape.name,
      ...(shape.noTree === true ? { allowNoTree: true } : {}),
    });
    assert.equal(r.git.stopped === true, shape.stops, "git stops (or compares) as the shape says");
    if (shape.noTree === true) {
      assert.equal(r.facts.tree, undefined, "baton does not compare another directory");
      assert.match(r.facts.unavailable?.[0]?.reason ?? "", /core\.worktree/);
    } else if (!shape.stops) {
      assert.equal(r.git.tracked.get("a"), ".M", "control: git compares");
    }
  });
}
