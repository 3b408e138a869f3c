// @ts-check
/* global window, document */
// First run (and "Change server"): the main process tests the address and saves it only when
// the server answers; on success it opens the seller screens itself.
const setup = window.kiranaSetup;
const form = /** @type {HTMLFormElement} */ (document.getElementById('connect'));
const address = /** @type {HTMLInputElement} */ (document.getElementById('address'));
const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));
const status = /** @type {HTMLElement} */ (document.getElementById('status'));

/** @param {string} text @param {boolean} [error] */
function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle('error', error);
}

setup.currentServer().then((server) => {
  if (server !== null && address.value === '') address.value = server;
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  say('Testing the connection…');
  try {
    const result = await setup.connectToServer(address.value);
    if (result.ok) say(`Connected to ${result.server}. Opening the seller screens…`);
    else say(result.message, true);
  } catch {
    say('The app could not test this address. Please try again.', true);
  } finally {
    button.disabled = false;
  }
});
