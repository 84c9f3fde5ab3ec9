/**
 * Edge: the capabilities the sharing use cases (core/share/share_run.ts)
 * are handed: the chain's git objects and refs (share_git.ts), the user's
 * git program (share_transport.ts), the key ring and the terminal-safe line.
 * @module
 */
import type { Io } from "./io.ts";
import type { ShareEnv } from "../../core/share/chain_git.ts";
import {
  isAncestor,
  readChain,
  readChainBlob,
  setChainRef,
  writeChainBlob,
  writeChainCommit,
} from "./share_git.ts";
import { findTransport, runGit } from "./share_transport.ts";
import { listChain } from "./share_list.ts";
import { createKeyRing } from "./key_ring.ts";
import { gitDiscovery } from "./context.ts";
import { homeDir, xdgConfigHome } from "./home.ts";
import { loadSafeOutput } from "../_cli/safe_output.ts";

/** The sharing capabilities for a command's Io. */
export async function shareEnv(io: Io): Promise<ShareEnv> {
  const safe = await loadSafeOutput();
  return {
    fs: io.fs,
    cwd: io.cwd(),
    ...gitDiscovery(io),
    homeDir: homeDir(io),
    xdgConfigHome: xdgConfigHome(io),
    now: io.now,
    git: {
      readChain,
      listChain,
      readChainBlob,
      writeChainBlob,
      writeChainCommit,
      setChainRef,
      isAncestor,
      runGit,
      findTransport,
    },
    keys: createKeyRing(io),
    safeLine: (text) => safe.line(text),
  };
}
