import { TOASTS } from '@kirana/shared';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { useEffect, useState } from 'react';
import { attachToaster } from '../lib/toast';
import './toaster.css';

/**
 * notistack's toasts, mounted on the first `toast` call (a lazy chunk of its own). They rise from
 * the bottom of the screen, clear of the navigation (the logo, the cart, Login) on a phone, and
 * above an open dialog; the same text twice at once shows once (three quick 'Added to Cart' are
 * one toast); a success takes away the errors on screen (lib/toast.ts); each leaves on time,
 * whether or not the page has the focus.
 */
export default function Toaster() {
  const [layer] = useState(toastLayer);
  // In the page while mounted (in an effect: StrictMode's trial unmount takes it out and back).
  useEffect(() => {
    document.body.append(layer);
    return () => layer.remove();
  }, [layer]);
  useEffect(() => {
    const errors = new Set<SnackbarKey>();
    // The texts on screen and not yet leaving. notistack's own preventDuplicate also drops a text
    // whose toast is on its way out, so a second 'Order accepted' then never showed.
    const open = new Set<string>();
    const clearErrors = () => {
      for (const key of errors) closeSnackbar(key);
      errors.clear();
    };
    return attachToaster({
      show({ message, variant, autoHideDuration }) {
        if (variant === 'success') clearErrors();
        if (open.has(message)) return;
        open.add(message);
        raise(layer);
        enqueueSnackbar(message, {
          variant,
          autoHideDuration,
          onEnter: (_node, _appearing, key) => {
            if (variant === 'error') errors.add(key);
          },
          onClose: () => open.delete(message),
          onExited: (_node, key) => errors.delete(key),
        });
      },
      clearErrors,
    });
  }, [layer]);
  return (
    <SnackbarProvider
      domRoot={layer}
      maxSnack={TOASTS.max}
      autoHideDuration={TOASTS.blankMs}
      // Each toast leaves on time even while a frame has the focus: the payment window's took the
      // page's, and toasts then stayed over its buttons for as long as it was open.
      disableWindowBlurListener
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    />
  );
}

/**
 * The toasts' own layer: a manual popover, which the browser puts in its top layer, so that a
 * toast shows above an open modal dialog (the login's error) instead of under its backdrop.
 */
function toastLayer(): HTMLElement {
  const layer = document.createElement('div');
  layer.className = 'toast-layer';
  layer.popover = 'manual';
  return layer;
}

/**
 * Shown, and above a modal dialog opened since (shown again, which puts it on top): only then,
 * so that the toasts on screen are not taken away and announced anew by every new one.
 */
function raise(layer: HTMLElement): void {
  if (typeof layer.showPopover !== 'function' || !layer.isConnected) return;
  if (!layer.matches(':popover-open')) layer.showPopover();
  else if (document.querySelector('dialog:modal')) {
    layer.hidePopover();
    layer.showPopover();
  }
}
