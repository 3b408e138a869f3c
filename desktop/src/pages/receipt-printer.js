// @ts-check
/* global window, document, HTMLElement, HTMLInputElement, Option */
// The Receipt printer window (tray menu, Receipt printer…): picks the printer the Counter
// screen's receipts go to. The main process checks what is saved again.
/** @typedef {import('../ipc-contract.js').CounterPreferences} CounterPreferences */
/** @typedef {import('../ipc-contract.js').ReceiptPrinter} ReceiptPrinter */

const setup = window.kiranaSetup;
const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const form = /** @type {HTMLFormElement} */ (byId('preferences'));
const network = byId('network');
const system = byId('system');
const host = /** @type {HTMLInputElement} */ (byId('host'));
const port = /** @type {HTMLInputElement} */ (byId('port'));
const printer = /** @type {HTMLSelectElement} */ (byId('printer'));
const lookAgain = /** @type {HTMLButtonElement} */ (byId('look-again'));
const modeEscpos = /** @type {HTMLInputElement} */ (byId('mode-escpos'));
const modeHint = byId('mode-hint');
const drawer = /** @type {HTMLInputElement} */ (byId('drawer'));
const counterAtStart = /** @type {HTMLInputElement} */ (byId('counter-at-start'));
const save = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));
const status = byId('status');

const DEFAULT_PORT = 9100;
// A host name or an IPv4 address, or an IPv6 address; the main process checks it exactly.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;

/** @param {string} text @param {boolean} [error] */
function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle('error', error);
}

/** @param {string} name */
function checked(name) {
  const input = form.querySelector(`input[name="${name}"]:checked`);
  return input instanceof HTMLInputElement ? input.value : null;
}

/** @param {string} name @param {string} value */
function check(name, value) {
  const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
  if (input instanceof HTMLInputElement) input.checked = true;
}

/** Shows the fields of the chosen kind of printer, and the drawer only where it can open. */
function showChoice() {
  const kind = checked('kind');
  network.hidden = kind !== 'network';
  system.hidden = kind !== 'system';
  const escpos = kind === 'network' || (kind === 'system' && checked('mode') === 'escpos');
  drawer.disabled = !escpos;
}

/**
 * Lists the system's printers, keeping `keep` (the saved one) even when it is not found now.
 * @param {string | null} keep
 */
async function listPrinters(keep) {
  const { printers, rawPrinting } = await setup.systemPrinters();
  printer.replaceChildren(
    ...printers.map(
      ({ name, label }) => new Option(label === name ? name : `${label} (${name})`, name),
    ),
  );
  if (keep !== null && !printers.some(({ name }) => name === keep)) {
    printer.prepend(new Option(`${keep} (not found now)`, keep));
  }
  if (keep !== null) printer.value = keep;
  const none = printer.options.length === 0;
  printer.disabled = none;
  if (none) printer.append(new Option('No printer is installed on this computer', ''));
  // Windows has no raw queue the app can reach: a system printer prints a page there.
  modeEscpos.disabled = !rawPrinting;
  modeHint.hidden = rawPrinting;
  if (!rawPrinting) check('mode', 'page');
  showChoice();
}

/** @param {CounterPreferences} preferences */
function fill(preferences) {
  const saved = preferences.receiptPrinter;
  check('kind', saved.kind);
  host.value = saved.kind === 'network' ? saved.host : '';
  port.value = String(saved.kind === 'network' ? saved.port : DEFAULT_PORT);
  check('mode', saved.kind === 'system' ? saved.mode : 'escpos');
  check('width', String(preferences.receiptWidth));
  drawer.checked = preferences.openDrawerOnCash;
  counterAtStart.checked = preferences.openCounterAtStart;
  return saved.kind === 'system' ? saved.name : null;
}

/**
 * The printer as the form says, or why not, naming the field to fix.
 * @returns {{ ok: true; printer: ReceiptPrinter } | { ok: false; message: string; field: HTMLElement }}
 */
function chosenPrinter() {
  const kind = checked('kind');
  if (kind === 'network') {
    const address = host.value.trim();
    if (address === '') return { ok: false, message: "Enter the printer's address", field: host };
    if (/^[^:]+:\d+$/.test(address)) {
      return {
        ok: false,
        message: 'Enter the port in its own box, not in the address',
        field: host,
      };
    }
    if (!HOST.test(address)) {
      return { ok: false, message: `"${address}" is not a printer address`, field: host };
    }
    const number = Number(port.value.trim() || DEFAULT_PORT);
    if (!Number.isInteger(number) || number < 1 || number > 65535) {
      return { ok: false, message: 'The port is a number from 1 to 65535', field: port };
    }
    return { ok: true, printer: { kind: 'network', host: address, port: number } };
  }
  if (kind === 'system') {
    if (printer.value === '') return { ok: false, message: 'Choose a printer', field: printer };
    const mode = checked('mode') === 'page' ? 'page' : 'escpos';
    return { ok: true, printer: { kind: 'system', name: printer.value, mode } };
  }
  return { ok: true, printer: { kind: 'none' } };
}

form.addEventListener('change', showChoice);

form.addEventListener('input', (event) => {
  if (event.target instanceof HTMLElement) event.target.removeAttribute('aria-invalid');
});

lookAgain.addEventListener('click', async () => {
  lookAgain.disabled = true;
  try {
    await listPrinters(printer.value || null);
    say('');
  } catch {
    say('The app could not list the printers. Please try again.', true);
  } finally {
    lookAgain.disabled = false;
  }
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const chosen = chosenPrinter();
  if (!chosen.ok) {
    chosen.field.setAttribute('aria-invalid', 'true');
    chosen.field.focus();
    say(chosen.message, true);
    return;
  }
  save.disabled = true;
  say('Saving…');
  try {
    const saved = await setup.saveCounterPreferences({
      receiptPrinter: chosen.printer,
      receiptWidth: checked('width') === '58' ? 58 : 80,
      openDrawerOnCash: drawer.checked,
      openCounterAtStart: counterAtStart.checked,
    });
    say(
      saved.label === null
        ? 'Saved. No receipt printer: receipts print through the print dialog.'
        : `Saved. Receipts print on ${saved.label}.`,
    );
  } catch {
    say('The settings could not be saved: check the printer and try again.', true);
  } finally {
    save.disabled = false;
  }
});

setup.counterPreferences().then(
  async (preferences) => {
    const saved = fill(preferences);
    showChoice();
    try {
      await listPrinters(saved);
    } catch {
      say('The app could not list the printers: try Look again.', true);
    }
  },
  () => {
    save.disabled = true;
    say('The app could not read its printer settings. Close this window and try again.', true);
  },
);
