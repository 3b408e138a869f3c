import { describe, expect, it, vi } from 'vitest';
import type { RazorpayConstructor } from './razorpay';
import { CheckoutScriptError, loadCheckoutScript, type ScriptPage } from './load-checkout-script';
import { CHECKOUT_SCRIPT_BROKEN, CHECKOUT_SCRIPT_FAILED } from './messages';

const Razorpay = vi.fn() as unknown as RazorpayConstructor;

type Outcome = 'load' | 'error' | 'load-without-razorpay';

/** A page whose added scripts load (setting up `window.Razorpay`) or fail, in turn as told. */
function fakePage(outcomes: Outcome[]) {
  const added: FakeScript[] = [];
  const scripts: FakeScript[] = [];
  const window: { Razorpay?: RazorpayConstructor } = {};
  class FakeScript {
    src = '';
    async = false;
    private listeners = new Map<string, () => void>();
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    remove() {
      scripts.splice(scripts.indexOf(this), 1);
    }
    settle(outcome: Outcome) {
      if (outcome === 'load') window.Razorpay = Razorpay;
      this.listeners.get(outcome === 'error' ? 'error' : 'load')?.();
    }
  }
  const page = {
    document: {
      baseURI: 'https://shop.example.in/cart',
      scripts,
      createElement: () => new FakeScript(),
      head: {
        append(script: FakeScript) {
          added.push(script);
          scripts.push(script);
          const outcome = outcomes.shift() ?? 'error';
          queueMicrotask(() => script.settle(outcome));
        },
      },
    },
    window,
  } as unknown as ScriptPage;
  return { page, added, scripts, window };
}

let counter = 0;
/** A script URL no other test has loaded (loads are remembered per page, i.e. per module). */
const freshSrc = () => `/payments/sandbox/checkout.js?test=${(counter += 1)}`;

describe('loadCheckoutScript', () => {
  it('adds one script tag, resolved against the page, and answers window.Razorpay', async () => {
    const { page, added } = fakePage(['load']);
    const src = freshSrc();
    await expect(loadCheckoutScript(src, page)).resolves.toBe(Razorpay);
    expect(added).toHaveLength(1);
    expect(added[0]!.src).toBe(`https://shop.example.in${src}`);
    expect(added[0]!.async).toBe(true);
  });

  it('loads the script once however many payments ask for it', async () => {
    const { page, added } = fakePage(['load', 'load']);
    const src = freshSrc();
    const [first, second] = await Promise.all([
      loadCheckoutScript(src, page),
      loadCheckoutScript(src, page),
    ]);
    await loadCheckoutScript(src, page);
    expect(first).toBe(Razorpay);
    expect(second).toBe(Razorpay);
    expect(added).toHaveLength(1);
  });

  it('reuses a script already on the page once it has set up window.Razorpay', async () => {
    const { page, added, scripts, window } = fakePage([]);
    const src = freshSrc();
    scripts.push({ src: `https://shop.example.in${src}` } as never);
    window.Razorpay = Razorpay;
    await expect(loadCheckoutScript(src, page)).resolves.toBe(Razorpay);
    expect(added).toHaveLength(0);
  });

  it('rejects clearly when the script fails to load, removes its tag, and tries again next time', async () => {
    const { page, added, scripts } = fakePage(['error', 'load']);
    const src = freshSrc();
    const failure = await loadCheckoutScript(src, page).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckoutScriptError);
    expect((failure as CheckoutScriptError).message).toBe(CHECKOUT_SCRIPT_FAILED);
    expect((failure as CheckoutScriptError).url).toBe(`https://shop.example.in${src}`);
    expect(scripts).toHaveLength(0);

    await expect(loadCheckoutScript(src, page)).resolves.toBe(Razorpay);
    expect(added).toHaveLength(2);
  });

  it('rejects when the script loads but sets up no window.Razorpay', async () => {
    const { page } = fakePage(['load-without-razorpay']);
    await expect(loadCheckoutScript(freshSrc(), page)).rejects.toThrow(CHECKOUT_SCRIPT_BROKEN);
  });
});
