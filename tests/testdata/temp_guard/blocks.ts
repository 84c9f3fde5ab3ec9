// A test file that leaves a file in its temp directory and then waits on
// stdin until it is killed: tests/_tools/run_tests_test.ts interrupts the
// runner during it and checks that nothing is left behind.
Deno.test("writes a file, then blocks until killed", async () => {
  const dir = Deno.env.get("TMPDIR")!;
  await Deno.writeTextFile(`${dir}/started`, "");
  await Deno.stdin.read(new Uint8Array(1));
});
