/**
 * A web-test-runner reporter that repeats, after the run, every failed test with its file and
 * error: the default reporter prints a failure once, among the file's browser logs, and a CI log
 * read from its end then shows only "1 failed".
 */
function failedTests(suite, path = []) {
  const here = suite.name ? [...path, suite.name] : path;
  return [
    ...(suite.tests ?? []).filter((test) => !test.passed && !test.skipped).map((test) => ({ name: [...here, test.name].join(' > '), error: test.error })),
    ...(suite.suites ?? []).flatMap((child) => failedTests(child, here)),
  ];
}

export function failuresReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const lines = sessions.flatMap((session) => [
        ...(session.testResults ? failedTests(session.testResults) : []).map(({ name, error }) => `${session.testFile}: ${name}\n    ${error?.message ?? ''}`),
        ...(session.errors ?? []).map((error) => `${session.testFile}: ${error.message ?? error}`),
      ]);
      if (lines.length) console.log(`\nFailed (repeated from above):\n${lines.map((line) => `  ✗ ${line}`).join('\n')}\n`);
    },
  };
}
