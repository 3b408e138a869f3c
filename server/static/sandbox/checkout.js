/*
 * The payment sandbox's stand-in for Razorpay's checkout.js (https://checkout.razorpay.com/v1/
 * checkout.js): `new Razorpay(options)`, `.on('payment.failed', fn)`, `.open()`, `.close()`,
 * with `options.handler` and `options.modal.ondismiss`. `open()` lays a full-screen frame of
 * pay.html (beside this script) over the page, where a person pays or fails the payment; the
 * frame reports back by postMessage, and only messages from this script's own origin count.
 */
(() => {
  'use strict';

  // Where this script came from: pay.html is beside it, on the same origin.
  const scriptUrl = new URL(
    document.currentScript?.src || '/payments/sandbox/checkout.js',
    document.baseURI,
  );
  const SANDBOX_ORIGIN = scriptUrl.origin;
  const PAY_PAGE = new URL('pay.html', scriptUrl);
  const MESSAGE_SOURCE = 'kirana-sandbox';

  /** What pay.html is told, in its URL's fragment (which never reaches a server). */
  const pageOptions = (options) => ({
    key: options.key,
    order_id: options.order_id,
    name: options.name,
    description: options.description,
    image: options.image,
    prefill: options.prefill ?? {},
    theme: options.theme ?? {},
  });

  class Razorpay {
    #options;
    #listeners = new Map();
    #overlay = null;
    #frame = null;
    #returnFocus = null;
    #bodyOverflow = '';

    constructor(options) {
      if (!options || typeof options !== 'object')
        throw new TypeError('Razorpay: options required');
      if (!options.key) throw new Error('Razorpay: options.key is required');
      if (!options.order_id) throw new Error('Razorpay: options.order_id is required');
      this.#options = options;
    }

    /** Calls `listener(response)` on `event`; the sandbox sends 'payment.failed'. */
    on(event, listener) {
      if (typeof listener !== 'function') return this;
      const listeners = this.#listeners.get(event) ?? [];
      listeners.push(listener);
      this.#listeners.set(event, listeners);
      return this;
    }

    /** Shows the payment page over everything; a second call while it shows does nothing. */
    open() {
      if (this.#overlay) return this;
      const overlay = document.createElement('div');
      overlay.dataset.kiranaSandboxCheckout = '';
      // Styled through the CSSOM, which a strict style-src allows (a style attribute it would not).
      Object.assign(overlay.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgb(16 24 40 / 60%)',
      });

      const frame = document.createElement('iframe');
      frame.title = 'Test payment (sandbox)';
      frame.src = `${PAY_PAGE.href}#${encodeURIComponent(JSON.stringify(pageOptions(this.#options)))}`;
      Object.assign(frame.style, {
        position: 'absolute',
        inset: '0',
        width: '100%',
        height: '100%',
        border: '0',
        background: 'transparent',
      });
      overlay.append(frame);

      this.#returnFocus = document.activeElement;
      this.#bodyOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      document.body.append(overlay);
      this.#overlay = overlay;
      this.#frame = frame;
      window.addEventListener('message', this.#onMessage);
      overlay.addEventListener('keydown', this.#onKeyDown);
      frame.focus();
      return this;
    }

    /** Takes the payment page away and reports nothing, as Razorpay's `close()`. */
    close() {
      if (!this.#overlay) return this;
      window.removeEventListener('message', this.#onMessage);
      this.#overlay.remove();
      this.#overlay = null;
      this.#frame = null;
      document.body.style.overflow = this.#bodyOverflow;
      const returnFocus = this.#returnFocus;
      this.#returnFocus = null;
      if (returnFocus?.isConnected && typeof returnFocus.focus === 'function') returnFocus.focus();
      return this;
    }

    #emit(event, response) {
      for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(response);
    }

    #dismiss() {
      this.close();
      this.#options.modal?.ondismiss?.();
    }

    #onKeyDown = (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      this.#dismiss();
    };

    #onMessage = (event) => {
      if (event.origin !== SANDBOX_ORIGIN) return;
      if (!this.#frame || event.source !== this.#frame.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.source !== MESSAGE_SOURCE) return;
      switch (data.type) {
        case 'success':
          this.close();
          this.#options.handler?.(data.response);
          break;
        case 'failed':
          // As Razorpay's: the failure is reported and the page stays open for another try.
          this.#emit('payment.failed', { error: data.error });
          break;
        case 'dismiss':
          this.#dismiss();
          break;
      }
    };
  }

  window.Razorpay = Razorpay;
})();
