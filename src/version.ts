/** The package version, kept equal to package.json's by a unit test. */
export const VERSION = '0.1.0';
