// A vitest reporter for `npm test` (scripts/test.mjs): writes the run's unhandled errors (an
// exception or rejection outside any test, which fails the run while every test passes) to the
// JSON file named by FLOE_VITEST_UNHANDLED, so that the summary CI shows can name them. The
// default reporter prints them in full above.
import fs from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.FLOE_VITEST_UNHANDLED;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((e) => ({
      name: e?.name,
      message: e?.message,
      stack: e?.stack,
      testPath: e?.VITEST_TEST_PATH,
      testName: e?.VITEST_TEST_NAME,
      afterEnvTeardown: e?.VITEST_AFTER_ENV_TEARDOWN,
    }));
    fs.writeFileSync(file, JSON.stringify(errors));
  }
}
