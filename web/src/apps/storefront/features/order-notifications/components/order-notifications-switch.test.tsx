import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../../lib/query-client';
import type { PushState } from '../../../../../common/push/web-push';
import { orderNotificationsKey } from '../queries';
import { ORDER_NOTIFICATION_TEXTS as TEXTS } from '../texts';
import { OrderNotificationsSwitch } from './order-notifications-switch';

const USER = '0190a5b2-7c3e-7a10-9000-000000000001';

/** The switch's markup with the browser's answer `state` (none: still asking). */
function rendered(state?: PushState): string {
  const client = createQueryClient();
  if (state) client.setQueryData(orderNotificationsKey(USER), state);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <OrderNotificationsSwitch userId={USER} />
    </QueryClientProvider>,
  );
}

/** The switch button's opening tag. */
const button = (html: string) => /<button[^>]*>/.exec(html)?.[0] ?? '';

describe('the "Notify me about my orders" switch', () => {
  it('is a switch named by its label, waiting (disabled) while the browser is asked', () => {
    const html = rendered();
    expect(button(html)).toMatch(/role="switch"/);
    expect(button(html)).toMatch(/aria-checked="false"/);
    expect(button(html)).toMatch(/aria-busy="true"/);
    expect(button(html)).toMatch(/disabled/);
    expect(html).toContain(TEXTS.control);
  });

  it('shows on and off, and can be pressed either way', () => {
    expect(button(rendered('on'))).toMatch(/aria-checked="true"/);
    expect(button(rendered('on'))).not.toMatch(/disabled/);
    expect(button(rendered('off'))).toMatch(/aria-checked="false"/);
    expect(button(rendered('off'))).not.toMatch(/disabled/);
  });

  it('says why it cannot be on: a browser that cannot notify (disabled), or notifications blocked', () => {
    const unsupported = rendered('unsupported');
    expect(button(unsupported)).toMatch(/disabled/);
    expect(unsupported).toContain(TEXTS.unsupported);
    const blocked = rendered('blocked');
    const described = /aria-describedby="([^"]+)"/.exec(button(blocked))?.[1];
    expect(blocked).toContain(`id="${described}"`);
    expect(blocked).toContain(TEXTS.blocked);
    expect(rendered('on')).not.toContain(TEXTS.blocked);
  });
});
