/*
 * The payment sandbox's page (pay.html), framed by the sandbox's checkout.js over the store's
 * page. It reads Checkout's options from its URL's fragment, the order's amount from the
 * sandbox, and lets a person pay or fail the payment; it tells checkout.js what happened by
 * postMessage: `{ source: 'kirana-sandbox', type: 'success' | 'failed' | 'dismiss', … }`.
 */
(() => {
  'use strict';

  const MESSAGE_SOURCE = 'kirana-sandbox';
  const UNREACHABLE = 'Could not reach the payment sandbox. Check the connection and try again.';
  const UNREADABLE = 'The payment sandbox sent an answer this page does not understand.';

  const byId = (id) => document.getElementById(id);
  const ui = {
    sheet: byId('sheet'),
    logo: byId('logo'),
    storeName: byId('store-name'),
    description: byId('description'),
    amount: byId('amount'),
    payerNameRow: byId('payer-name-row'),
    payerName: byId('payer-name'),
    payerEmailRow: byId('payer-email-row'),
    payerEmail: byId('payer-email'),
    problem: byId('problem'),
    status: byId('status'),
    pay: byId('pay'),
    fail: byId('fail'),
    close: byId('close'),
  };

  /** A failure to show on the page; `final` when trying again cannot help. */
  class Problem extends Error {
    constructor(message, final = false) {
      super(message);
      this.final = final;
    }
  }

  /** Checkout's options, as checkout.js put them in the fragment; null when missing. */
  function readOptions() {
    try {
      const options = JSON.parse(decodeURIComponent(location.hash.slice(1)));
      return options && typeof options === 'object' ? options : null;
    } catch {
      return null;
    }
  }

  const text = (value) => (typeof value === 'string' ? value.trim() : '');

  /** The page that framed this one, to which results go, and only there. */
  function parentOrigin() {
    try {
      return window.parent.location.origin;
    } catch {
      // A parent on another origin (a storefront served elsewhere): ask the browser.
    }
    const ancestors = location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) return ancestors[0];
    try {
      return new URL(document.referrer).origin;
    } catch {
      return location.origin;
    }
  }

  function tell(message) {
    window.parent.postMessage({ source: MESSAGE_SOURCE, ...message }, parentOrigin());
  }

  function money(paise, currency) {
    const amount = (paise / 100).toLocaleString('en-IN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return currency === 'INR' ? `₹${amount}` : `${currency} ${amount}`;
  }

  function showProblem(message) {
    ui.problem.textContent = message;
  }

  function hideProblem() {
    ui.problem.textContent = '';
  }

  function setButtons(enabled) {
    ui.pay.disabled = !enabled;
    ui.fail.disabled = !enabled;
  }

  /** Calls the sandbox on this page's origin; answers its JSON, or throws a `Problem`. */
  async function call(url, init = {}) {
    let response;
    try {
      response = await fetch(url, {
        ...init,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      });
    } catch {
      throw new Problem(UNREACHABLE);
    }
    let body = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: told below.
    }
    if (!response.ok) {
      const description = text(body?.error?.description);
      throw new Problem(
        description || `The payment sandbox refused (HTTP ${response.status}).`,
        response.status < 500,
      );
    }
    if (!body || typeof body !== 'object') throw new Problem(UNREADABLE);
    return body;
  }

  function showOptions(options) {
    const name = text(options?.name) || 'Payment';
    ui.storeName.textContent = name;
    document.title = `Test payment · ${name}`;
    ui.description.textContent = text(options?.description);

    const image = text(options?.image);
    if (/^(https?:|\/)/i.test(image)) {
      ui.logo.addEventListener('error', () => (ui.logo.hidden = true), { once: true });
      ui.logo.src = image;
      ui.logo.hidden = false;
    }
    const color = text(options?.theme?.color);
    if (/^#[0-9a-f]{3,8}$/i.test(color)) {
      document.documentElement.style.setProperty('--theme', color);
    }
    const payerName = text(options?.prefill?.name);
    const payerEmail = text(options?.prefill?.email);
    ui.payerName.textContent = payerName;
    ui.payerNameRow.hidden = payerName === '';
    ui.payerEmail.textContent = payerEmail;
    ui.payerEmailRow.hidden = payerEmail === '';
  }

  const options = readOptions();
  const orderUrl = (path = '') =>
    new URL(`orders/${encodeURIComponent(text(options?.order_id))}${path}`, location.href);
  let order = null;
  let busy = false;

  async function loadOrder() {
    if (!text(options?.key) || !text(options?.order_id)) {
      ui.amount.textContent = '—';
      showProblem('This page was opened without a payment to make.');
      return;
    }
    if (window.parent === window) {
      ui.amount.textContent = '—';
      showProblem('Open this page from the store’s checkout.');
      return;
    }
    const url = orderUrl();
    url.searchParams.set('key_id', options.key);
    try {
      order = await call(url);
      if (!Number.isInteger(order.amount) || typeof order.currency !== 'string') {
        throw new Problem(UNREADABLE);
      }
    } catch (problem) {
      order = null;
      ui.amount.textContent = '—';
      showProblem(problem.message);
      return;
    }
    const amount = money(order.amount, order.currency);
    ui.amount.textContent = amount;
    ui.pay.textContent = `Pay ${amount}`;
    if (order.status === 'paid') {
      showProblem('This order is paid already.');
      return;
    }
    setButtons(true);
  }

  async function attempt(outcome) {
    if (busy || !order) return;
    busy = true;
    setButtons(false);
    hideProblem();
    ui.status.textContent = outcome === 'success' ? 'Paying…' : 'Failing the payment…';
    try {
      const answer = await call(orderUrl('/pay'), {
        method: 'POST',
        body: JSON.stringify({ key_id: options.key, outcome }),
      });
      if (answer.error) {
        // A failed attempt: reported, and the page stays for another try, as Razorpay's does.
        ui.status.textContent = '';
        showProblem(`Payment failed: ${text(answer.error.description) || 'no reason given'}`);
        tell({ type: 'failed', error: answer.error });
        setButtons(true);
        return;
      }
      const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = answer;
      if (!razorpay_payment_id || !razorpay_order_id || !razorpay_signature) {
        throw new Problem(UNREADABLE);
      }
      ui.status.textContent = 'Paid. Returning to the store…';
      tell({
        type: 'success',
        response: { razorpay_payment_id, razorpay_order_id, razorpay_signature },
      });
    } catch (problem) {
      ui.status.textContent = '';
      showProblem(problem.message);
      setButtons(!(problem instanceof Problem && problem.final));
    } finally {
      busy = false;
    }
  }

  const dismiss = () => tell({ type: 'dismiss' });

  ui.pay.addEventListener('click', () => void attempt('success'));
  ui.fail.addEventListener('click', () => void attempt('failure'));
  ui.close.addEventListener('click', dismiss);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dismiss();
  });

  showOptions(options);
  ui.sheet.focus();
  void loadOrder();
})();
