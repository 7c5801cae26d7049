// Replays Chrome Recorder recordings with the reference replayer (@puppeteer/replay on
// puppeteer-core) in the system Chromium (its headless shell when that is the executable given), each
// in a fresh browser context, for BrowserFlow's differential tests. No browser is downloaded.
//
//   node replay-recordings.mjs MANIFEST.json RESULTS.json
//
// MANIFEST: {"executablePath": "/usr/bin/chromium", "timeout": 3000, "concurrency": 3,
//            "recordings": [{"id": "case/variant", "file": "/abs/recording.json", "probe": "js expression"}]}
// Recordings run `concurrency` at a time (default 1), each in its own browser context. A recording
// with a `probe` has the expression evaluated on its main page after a completed replay: `state`.
// RESULTS:  [{"id": "...", "ok": true|false, "error": "...", "millis": 123, "state": "..."}]
// Exits 0 when every recording was attempted (each one's outcome is in RESULTS), 2 otherwise.
import { readFile, writeFile } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { createRunner, parse, PuppeteerRunnerExtension } from '@puppeteer/replay';

const [manifestFile, resultsFile] = process.argv.slice(2);
if (!manifestFile || !resultsFile) {
  console.error('usage: node replay-recordings.mjs MANIFEST.json RESULTS.json');
  process.exit(2);
}
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
// @puppeteer/replay starts waiting for a step's asserted events (a navigation) before the step's action
// and leaves that wait unobserved when the action itself fails: its rejection arrives later, outside
// any replay, and would end the process with every other recording unreported. The step that started
// it has already failed its replay, so the stray rejection is only logged.
process.on('unhandledRejection', (err) => {
  console.error(`stray rejection after a failed step: ${String(err && err.message || err).slice(0, 300)}`);
});
// Chromium's headless shell (Debian's chromium-headless-shell) runs in Puppeteer's 'shell' mode, the
// full browser in its new headless mode.
const shell = /headless[-_]shell/.test(manifest.executablePath);
const browser = await puppeteer.launch({
  executablePath: manifest.executablePath,
  headless: shell ? 'shell' : true,
  // the headless shell keeps cross-site iframes in its own process only when told to, as the full browser does
  args: ['--no-sandbox', '--disable-dev-shm-usage', ...(shell ? ['--site-per-process'] : [])],
});
async function replay(entry) {
  const started = Date.now();
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const recording = parse(JSON.parse(await readFile(entry.file, 'utf8')));
    const runner = await createRunner(recording,
      new PuppeteerRunnerExtension(browser, page, { timeout: manifest.timeout }));
    const completed = await runner.run();
    const state = completed && entry.probe ? String(await page.evaluate(entry.probe)) : null;
    return { id: entry.id, ok: completed === true, error: completed ? null : 'aborted', millis: Date.now() - started, state };
  } catch (err) {
    return { id: entry.id, ok: false, error: String(err && err.message || err).slice(0, 2000), millis: Date.now() - started };
  } finally {
    await context.close().catch(() => {});
  }
}

const results = new Array(manifest.recordings.length);
let next = 0;
async function worker() {
  while (next < manifest.recordings.length) {
    const i = next++;
    results[i] = await replay(manifest.recordings[i]);
  }
}
try {
  await Promise.all(Array.from({ length: Math.max(1, manifest.concurrency || 1) }, worker));
} finally {
  await browser.close();
}
await writeFile(resultsFile, JSON.stringify(results, null, 2));
