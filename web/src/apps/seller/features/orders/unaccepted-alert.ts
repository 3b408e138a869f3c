import {
  formatAmount,
  SELLER_MESSAGES,
  ORDER_CURRENCY,
  orderNumber,
  type SellerOrder,
} from '@kirana/shared';
import { desktop } from '../../../../lib/desktop-bridge';

/**
 * Where this browser stands on the counter's alerts: 'ask' (it can show them, the seller has not
 * been asked), 'blocked' (the seller or the browser said no: only the browser's site settings
 * can turn them on), or null (on, or nothing to ask: the desktop app, or no notifications).
 */
export type BrowserAlerts = 'ask' | 'blocked' | null;

export function browserAlerts(): BrowserAlerts {
  if (desktop || !('Notification' in globalThis)) return null;
  if (Notification.permission === 'default') return 'ask';
  return Notification.permission === 'denied' ? 'blocked' : null;
}

/** Asks the browser to allow alerts; answers where it then stands. */
export async function askForBrowserAlerts(): Promise<BrowserAlerts> {
  const answer = await Notification.requestPermission();
  return answer === 'granted' ? null : answer === 'denied' ? 'blocked' : 'ask';
}

let audio: AudioContext | null = null;

/** Two short rising tones, made on the spot: the browser's stand-in for the desktop chime. */
function chime(): void {
  if (!('AudioContext' in globalThis)) return;
  audio ??= new AudioContext();
  const start = audio.currentTime;
  for (const [index, frequency] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.2, start + index * 0.18);
    volume.gain.exponentialRampToValueAtTime(0.001, start + index * 0.18 + 0.16);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + index * 0.18);
    tone.stop(start + index * 0.18 + 0.16);
  }
}

/**
 * The counter's alert for an open order no agent has accepted in time: inside the desktop app
 * its notification and chime; in a browser, the browser's notification (once the seller allowed
 * them, one per order at a time) and a chime. The screen's toast comes on top, in both.
 */
export function alertUnaccepted(order: SellerOrder): void {
  if (desktop) {
    desktop.unacceptedOrder(order).catch((error: unknown) => {
      console.warn('The desktop app refused the no-agent alert', error);
    });
    return;
  }
  if ('Notification' in globalThis && Notification.permission === 'granted') {
    const notice = new Notification(SELLER_MESSAGES.noAgentTitle(orderNumber(order._id)), {
      body: SELLER_MESSAGES.noAgentBody(formatAmount(order.amount, ORDER_CURRENCY)),
      tag: `no-agent-${order._id}`,
    });
    notice.onclick = () => {
      globalThis.focus();
      notice.close();
    };
  }
  try {
    chime();
  } catch (error) {
    // A browser that will not play a sound before the seller has touched the page.
    console.warn('The no-agent chime could not play', error);
  }
}
