/*
 * Web Push in Kirana's service workers, imported by both (agents-sw.js for the agents' alerts of
 * new orders, shop-sw.js for the notifications of a shopper's orders); each gives its own pages,
 * icon, texts and routes.
 *
 * - Each push message is { title, body, tag, url } (see @kirana/shared PushAlert), shown as a
 *   notification that replaces an earlier one with the same tag (the same order).
 * - A tap opens the message's page, if it is one of the worker's, else the worker's home page.
 * - A subscription the browser renews is sent to the server again, and the old one forgotten.
 */
self.kiranaPush = ({ inScope, home, icon, fallback, routes, open }) => {
  /** A page of the worker's to open: `url` when it is one, else its home page. */
  const pageOf = (url) => {
    try {
      const page = new URL(url, self.location.origin);
      if (page.origin === self.location.origin && inScope(page)) return page.href;
    } catch {
      // Not a URL: the home page.
    }
    return new URL(home, self.location.origin).href;
  };

  /** The notification a push message carries; one that is not still says `fallback`. */
  const read = (data) => {
    let message = {};
    try {
      message = data?.json() ?? {};
    } catch {
      // Not JSON: the general notification.
    }
    const text = (value, otherwise) => (typeof value === 'string' && value ? value : otherwise);
    return {
      title: text(message.title, fallback.title),
      body: text(message.body, fallback.body),
      tag: text(message.tag, fallback.tag),
      url: pageOf(message.url),
    };
  };

  self.addEventListener('push', (event) => {
    const message = read(event.data);
    event.waitUntil(
      self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        renotify: true,
        icon,
        badge: icon,
        data: { url: message.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(open(pageOf(event.notification.data?.url)));
  });

  /** The browser renewed the subscription: the server learns the new one (and forgets the old). */
  self.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(
      (async () => {
        const options = event.oldSubscription?.options;
        const renewed =
          event.newSubscription ??
          (options ? await self.registration.pushManager.subscribe(options) : null);
        const post = (path, body) =>
          fetch(path, {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
        if (renewed) await post(routes.subscribe, renewed.toJSON());
        if (event.oldSubscription)
          await post(routes.unsubscribe, { endpoint: event.oldSubscription.endpoint });
      })().catch(() => undefined),
    );
  });
};
