// A home directory holding one real transcript fixture (tests/testdata/transcripts/) where a
// host's store keeps it, and the TranscriptStoreIo that reads it: shared by the reader tests
// of the hosts whose fixtures were taken from real runs.

import type { ByteWindow, TranscriptStoreIo } from "../../../core/transcript/store_io.ts";
import { TestFs } from "../../_helpers/fs.ts";

/** The bytes of a fixture in tests/testdata/transcripts/. */
export function fixture(name: string): Uint8Array {
  return Deno.readFileSync(new URL(`../../testdata/transcripts/${name}`, import.meta.url));
}

/** A store reader over a real home directory (no databases). */
export function storeIo(home: string): TranscriptStoreIo {
  const head = async (path: string, max: number) => {
    try {
      const bytes = await Deno.readFile(path);
      const part = bytes.subarray(0, max);
      return { bytes: part, fileBytes: bytes.length, complete: part.length === bytes.length };
    } catch {
      return null;
    }
  };
  return {
    fs: new TestFs(),
    env: () => undefined,
    home,
    os: "linux",
    now: () => new Date(0),
    readHead: (path, max): Promise<ByteWindow | null> => head(path, max),
    openReadOnlyDb: () => Promise.resolve(null),
  };
}
