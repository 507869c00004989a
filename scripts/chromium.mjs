/** Debian's Chromium, started the way this project always starts it (never a downloaded browser). */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export const launchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: ['--headless=new', ...chromiumArgs],
};
