import { CHECKOUT_SCRIPT_BROKEN, CHECKOUT_SCRIPT_FAILED } from './messages';
import type { RazorpayConstructor } from './razorpay';

/** The Checkout script could not be loaded, or loaded without setting up `window.Razorpay`. */
export class CheckoutScriptError extends Error {
  override readonly name = 'CheckoutScriptError';

  constructor(
    message: string,
    /** The script's absolute URL. */
    readonly url: string,
  ) {
    super(message);
  }
}

/** The parts of the page a Checkout script is loaded into (the browser's, or a test's). */
export interface ScriptPage {
  document: Pick<Document, 'baseURI' | 'head' | 'scripts' | 'createElement'>;
  window: Pick<Window, 'Razorpay'>;
}

/** Loads by absolute URL: each runs once per page, and a failed one is forgotten. */
const loads = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Loads the Checkout script at `src` (absolute, or relative to the page) with a `<script>` tag,
 * once: later calls share the first load, and a script already on the page that has set up
 * `window.Razorpay` is used as it is. Resolves to `window.Razorpay`. Rejects with
 * `CheckoutScriptError` when the script fails to load or sets up nothing; the next call then
 * tries again with a fresh tag.
 */
export function loadCheckoutScript(
  src: string,
  page: ScriptPage = { document, window },
): Promise<RazorpayConstructor> {
  const url = new URL(src, page.document.baseURI).href;
  const held = loads.get(url);
  if (held) return held;
  const load = inject(url, page);
  loads.set(url, load);
  load.catch(() => {
    if (loads.get(url) === load) loads.delete(url);
  });
  return load;
}

function inject(url: string, { document, window }: ScriptPage): Promise<RazorpayConstructor> {
  const present = Array.from(document.scripts).find((script) => script.src === url);
  if (present && window.Razorpay) return Promise.resolve(window.Razorpay);
  // A tag that failed or is of unknown state: a fresh one tells for sure.
  present?.remove();

  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (message: string) => {
      script.remove();
      reject(new CheckoutScriptError(message, url));
    };
    script.addEventListener(
      'load',
      () => {
        const Razorpay = window.Razorpay;
        if (Razorpay) resolve(Razorpay);
        else fail(CHECKOUT_SCRIPT_BROKEN);
      },
      { once: true },
    );
    script.addEventListener('error', () => fail(CHECKOUT_SCRIPT_FAILED), { once: true });
    script.async = true;
    script.src = url;
    document.head.append(script);
  });
}
