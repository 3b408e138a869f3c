// @ts-check
/* global window, document */
// Shown only when a load of the seller screens fails: the server unreachable and no shell kept
// by the seller area's service worker. A server that stops answering later leaves the seller
// screens as they are. The main process keeps checking by itself; Retry checks at once.
const setup = window.kiranaSetup;
const server = /** @type {HTMLElement} */ (document.getElementById('server'));
const retry = /** @type {HTMLButtonElement} */ (document.getElementById('retry'));
const change = /** @type {HTMLButtonElement} */ (document.getElementById('change'));
const status = /** @type {HTMLElement} */ (document.getElementById('status'));

/** @param {string} text @param {boolean} [error] */
function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle('error', error);
}

setup.currentServer().then((address) => {
  if (address !== null) server.textContent = address;
});

retry.addEventListener('click', async () => {
  retry.disabled = true;
  say('Checking…');
  try {
    const result = await setup.retryConnection();
    say(result.ok ? 'Connected. Opening the seller screens…' : result.message, !result.ok);
  } catch {
    say('The app could not check the server. Please try again.', true);
  } finally {
    retry.disabled = false;
  }
});

change.addEventListener('click', () => {
  void setup.changeServer();
});
