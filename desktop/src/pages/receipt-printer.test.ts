import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, test, vi } from 'vitest';
import type { CounterPreferences, KiranaSetupBridge, SystemPrinters } from '../ipc-contract.js';

const html = readFileSync(new URL('./receipt-printer.html', import.meta.url), 'utf8');
const script = readFileSync(new URL('./receipt-printer.js', import.meta.url), 'utf8');

type Listener = (event: FakeEvent) => void | Promise<void>;

interface FakeEvent {
  target: FakeElement;
  preventDefault(): void;
}

/**
 * Just enough of a DOM element for the page's script, made from the page's own markup so the
 * script and the HTML are checked together: ids, names, values, hidden and disabled.
 */
class FakeElement {
  readonly listeners = new Map<string, Listener[]>();
  readonly attributes = new Map<string, string>();
  hidden = false;
  disabled = false;
  textContent = '';
  readonly classes = new Set<string>();
  readonly classList = {
    toggle: (name: string, force: boolean) =>
      force ? this.classes.add(name) : this.classes.delete(name),
  };
  constructor(
    readonly tag: string,
    readonly page: FakePage,
  ) {}
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Runs the listeners, as the element's own event or one bubbling from `target`. */
  async dispatch(type: string, target: FakeElement = this) {
    const event = { target, preventDefault: () => {} };
    await Promise.all((this.listeners.get(type) ?? []).map((listener) => listener(event)));
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  focus() {
    this.page.focused = this;
  }
}

class FakeInput extends FakeElement {
  value = '';
  name = '';
  type = '';
  #checked = false;
  get checked() {
    return this.#checked;
  }
  /** A radio button checked unchecks the others of its group, as in a browser. */
  set checked(checked: boolean) {
    if (checked && this.type === 'radio') {
      for (const other of this.page.radios(this.name)) other.#checked = false;
    }
    this.#checked = checked;
  }
}

class FakeOption {
  constructor(
    readonly text: string,
    readonly value: string,
  ) {}
}

class FakeSelect extends FakeElement {
  options: FakeOption[] = [];
  #value = '';
  get value() {
    return this.options.some((option) => option.value === this.#value)
      ? this.#value
      : (this.options[0]?.value ?? '');
  }
  set value(value: string) {
    this.#value = value;
  }
  replaceChildren(...options: FakeOption[]) {
    this.options = options;
  }
  prepend(option: FakeOption) {
    this.options.unshift(option);
  }
  append(option: FakeOption) {
    this.options.push(option);
  }
}

class FakePage {
  readonly byId = new Map<string, FakeElement>();
  readonly inputs: FakeInput[] = [];
  readonly buttons: FakeElement[] = [];
  focused: FakeElement | null = null;

  constructor(markup: string) {
    for (const [, tag, attributeText] of markup.matchAll(
      /<(input|select|button|form|div|p)\b([^>]*)>/g,
    )) {
      const attributes = new Map(
        [...attributeText!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
          name!,
          value ?? '',
        ]),
      );
      const element =
        tag === 'input'
          ? Object.assign(new FakeInput(tag, this), {
              name: attributes.get('name') ?? '',
              value: attributes.get('value') ?? '',
              type: attributes.get('type') ?? '',
            })
          : tag === 'select'
            ? new FakeSelect(tag, this)
            : new FakeElement(tag!, this);
      element.hidden = attributes.has('hidden');
      element.disabled = attributes.has('disabled');
      for (const [name, value] of attributes) element.setAttribute(name, value);
      const id = attributes.get('id');
      if (id) this.byId.set(id, element);
      if (element instanceof FakeInput) this.inputs.push(element);
      if (tag === 'button') this.buttons.push(element);
    }
    // The form answers the few selectors the script asks.
    Object.assign(this.form, {
      querySelector: (selector: string) => {
        if (selector === 'button[type="submit"]') {
          return this.buttons.find((button) => button.getAttribute('type') === 'submit');
        }
        const checked = /^input\[name="(\w+)"\]:checked$/.exec(selector);
        if (checked) return this.radios(checked[1]!).find((input) => input.checked) ?? null;
        const valued = /^input\[name="(\w+)"\]\[value="(\w+)"\]$/.exec(selector);
        if (valued) {
          return this.radios(valued[1]!).find((input) => input.value === valued[2]) ?? null;
        }
        throw new Error(`the fake page does not answer ${selector}`);
      },
    });
  }

  get form() {
    return this.element('preferences');
  }

  element(id: string): FakeElement {
    const element = this.byId.get(id);
    if (!element) throw new Error(`the page has no #${id}`);
    return element;
  }

  input(id: string) {
    return this.element(id) as FakeInput;
  }

  get select() {
    return this.element('printer') as FakeSelect;
  }

  radios(name: string) {
    return this.inputs.filter((input) => input.name === name);
  }

  checked(name: string) {
    return this.radios(name).find((input) => input.checked)?.value ?? null;
  }

  /** Clicks a radio button: it alone of its group is checked, and the form hears the change. */
  async choose(name: string, value: string) {
    const radio = this.radios(name).find((input) => input.value === value)!;
    radio.checked = true;
    await this.form.dispatch('change', radio);
  }

  async submit() {
    await this.form.dispatch('submit');
  }

  get status() {
    const status = this.element('status');
    return { text: status.textContent, error: status.classes.has('error') };
  }
}

const NETWORK: CounterPreferences = {
  receiptPrinter: { kind: 'network', host: '192.168.1.50', port: 9100 },
  receiptWidth: 58,
  openDrawerOnCash: true,
  openCounterAtStart: false,
};
const PRINTERS: SystemPrinters = {
  printers: [
    { name: 'HP_LaserJet', label: 'HP LaserJet' },
    { name: 'TVS_RP_3160', label: 'TVS RP 3160' },
  ],
  rawPrinting: true,
};

/** Runs the page's script against the fake page and a fake `window.kiranaSetup`. */
async function open(
  preferences: CounterPreferences | Error = NETWORK,
  printers: SystemPrinters = PRINTERS,
) {
  const page = new FakePage(html);
  const setup = {
    counterPreferences: vi.fn(async () => {
      if (preferences instanceof Error) throw preferences;
      return preferences;
    }),
    systemPrinters: vi.fn(async () => printers),
    saveCounterPreferences: vi.fn(async (saved: CounterPreferences) =>
      saved.receiptPrinter.kind === 'none'
        ? { configured: false, label: null }
        : { configured: true, label: `the printer · ${saved.receiptWidth} mm` },
    ),
  } satisfies Partial<KiranaSetupBridge>;
  runInNewContext(script, {
    window: { kiranaSetup: setup },
    document: { getElementById: (id: string) => page.byId.get(id) ?? null },
    HTMLElement: FakeElement,
    HTMLInputElement: FakeInput,
    Option: FakeOption,
  });
  await vi.waitFor(() => {
    if (preferences instanceof Error) expect(page.status.error).toBe(true);
    else expect(setup.systemPrinters).toHaveBeenCalled();
  });
  await new Promise((settled) => setTimeout(settled, 0));
  return { page, setup };
}

describe('the Receipt printer page', () => {
  test('shows the saved network printer, its paper and the drawer, with only its own fields', async () => {
    const { page } = await open();
    expect(page.checked('kind')).toBe('network');
    expect(page.input('host').value).toBe('192.168.1.50');
    expect(page.input('port').value).toBe('9100');
    expect(page.element('network').hidden).toBe(false);
    expect(page.element('system').hidden).toBe(true);
    expect(page.checked('width')).toBe('58');
    expect(page.input('drawer')).toMatchObject({ checked: true, disabled: false });
    expect(page.input('counter-at-start').checked).toBe(false);
  });

  test('lists the system’s printers by the names people see, keeping a saved one not found now', async () => {
    const { page } = await open({
      ...NETWORK,
      receiptPrinter: { kind: 'system', name: 'Old_Epson', mode: 'page' },
    });
    expect(page.checked('kind')).toBe('system');
    expect(page.element('system').hidden).toBe(false);
    expect(page.select.options.map(({ text, value }) => [text, value])).toEqual([
      ['Old_Epson (not found now)', 'Old_Epson'],
      ['HP LaserJet (HP_LaserJet)', 'HP_LaserJet'],
      ['TVS RP 3160 (TVS_RP_3160)', 'TVS_RP_3160'],
    ]);
    expect(page.select.value).toBe('Old_Epson');
    expect(page.checked('mode')).toBe('page');
    // A printed page cannot open the drawer.
    expect(page.input('drawer').disabled).toBe(true);
    await page.choose('mode', 'escpos');
    expect(page.input('drawer').disabled).toBe(false);
  });

  test('on Windows the ESC/POS mode is off, says why, and the page mode is chosen', async () => {
    const { page } = await open(
      { ...NETWORK, receiptPrinter: { kind: 'system', name: 'TVS_RP_3160', mode: 'escpos' } },
      { ...PRINTERS, rawPrinting: false },
    );
    expect(page.input('mode-escpos').disabled).toBe(true);
    expect(page.element('mode-hint').hidden).toBe(false);
    expect(page.checked('mode')).toBe('page');
    expect(page.input('drawer').disabled).toBe(true);
  });

  test('saves the form as the preferences, and says where receipts now print', async () => {
    const { page, setup } = await open();
    await page.choose('kind', 'system');
    page.select.value = 'TVS_RP_3160';
    await page.choose('mode', 'escpos');
    await page.choose('width', '80');
    page.input('counter-at-start').checked = true;
    await page.submit();
    expect(setup.saveCounterPreferences).toHaveBeenCalledWith({
      receiptPrinter: { kind: 'system', name: 'TVS_RP_3160', mode: 'escpos' },
      receiptWidth: 80,
      openDrawerOnCash: true,
      openCounterAtStart: true,
    });
    expect(page.status).toEqual({
      text: 'Saved. Receipts print on the printer · 80 mm.',
      error: false,
    });

    await page.choose('kind', 'none');
    expect(page.element('network').hidden && page.element('system').hidden).toBe(true);
    await page.submit();
    expect(setup.saveCounterPreferences).toHaveBeenLastCalledWith(
      expect.objectContaining({ receiptPrinter: { kind: 'none' } }),
    );
    expect(page.status.text).toBe(
      'Saved. No receipt printer: receipts print through the print dialog.',
    );
  });

  test('a network printer is saved with its address trimmed and its port as a number', async () => {
    const { page, setup } = await open();
    page.input('host').value = '  printer.local ';
    page.input('port').value = '9101';
    await page.submit();
    expect(setup.saveCounterPreferences).toHaveBeenCalledWith(
      expect.objectContaining({
        receiptPrinter: { kind: 'network', host: 'printer.local', port: 9101 },
      }),
    );
  });

  test.each([
    ['', '9100', 'host', "Enter the printer's address"],
    ['192.168.1.50:9100', '9100', 'host', 'Enter the port in its own box, not in the address'],
    ['http://printer', '9100', 'host', '"http://printer" is not a printer address'],
    ['192.168.1.50', '70000', 'port', 'The port is a number from 1 to 65535'],
    ['192.168.1.50', '91.5', 'port', 'The port is a number from 1 to 65535'],
  ])(
    'address %j port %j: the %s field is marked and focused, "%s" shown, nothing saved',
    async (host, port, field, message) => {
      const { page, setup } = await open();
      page.input('host').value = host;
      page.input('port').value = port;
      await page.submit();
      expect(page.status).toEqual({ text: message, error: true });
      expect(page.input(field).getAttribute('aria-invalid')).toBe('true');
      expect(page.focused).toBe(page.input(field));
      expect(setup.saveCounterPreferences).not.toHaveBeenCalled();
      // Typing again clears the mark.
      await page.form.dispatch('input', page.input(field));
      expect(page.input(field).getAttribute('aria-invalid')).toBeNull();
    },
  );

  test('a save the app refuses is shown as an error on the page', async () => {
    const { page, setup } = await open();
    setup.saveCounterPreferences.mockRejectedValueOnce(new Error('refused'));
    await page.submit();
    expect(page.status).toEqual({
      text: 'The settings could not be saved: check the printer and try again.',
      error: true,
    });
  });

  test('settings that cannot be read are an error, and Save is off', async () => {
    const { page } = await open(new Error('refused'));
    expect(page.status).toEqual({
      text: 'The app could not read its printer settings. Close this window and try again.',
      error: true,
    });
    expect(page.buttons.find((button) => button.getAttribute('type') === 'submit')!.disabled).toBe(
      true,
    );
  });

  test('every field has a label, and the page allows only its own script and style', () => {
    for (const id of ['host', 'port', 'printer']) {
      expect(html).toContain(`<label for="${id}">`);
    }
    expect(html).toContain(`content="default-src 'none'; script-src 'self'; style-src 'self'"`);
    expect(html).toMatch(/role="status" aria-live="polite"/);
  });
});
