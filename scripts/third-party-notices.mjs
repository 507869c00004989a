/**
 * The text of a THIRD_PARTY_LICENSES.txt (MIT and ISC require the notices of the code we bundle):
 * `intro`, then each package's name, version, licence, repository and full licence text.
 * rollup.config.mjs writes the element's, scripts/build-server.mjs the server's.
 */
export function thirdPartyNotices(intro, packages) {
  const sections = [...packages]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, version, license, repository, text }) => {
      const url = typeof repository === 'string' ? repository : repository?.url;
      return [`${name}@${version} (${license})`, ...(url ? [`Repository: ${url}`] : []), '', text.trim()].join('\n');
    });
  return `${intro}\nTheir licences and copyright notices follow.\n\n${sections.join(`\n\n${'-'.repeat(78)}\n\n`)}\n`;
}
