// A test file that deliberately leaves a temp directory behind: the positive
// control of tests/_tools/run_tests.ts's leak check (tests/_tools/run_tests_test.ts).
Deno.test("leaves a temp directory behind", async () => {
  await Deno.makeTempDir({ prefix: "baton-deliberate-leak-" });
});
