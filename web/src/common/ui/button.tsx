import type { ComponentProps } from 'react';
import './button.css';

/** Whose buttons: the shop's, the seller's screens' or the agents' large touch buttons. */
export type ButtonLook = 'shop' | 'seller' | 'agent';

/**
 * `secondary`: on the surface with a border; `ghost`: transparent with a border (the shop's on
 * its coloured panels); `danger-outline`: the seller's secondary button in the danger colour;
 * `cash`: the agents' cash step; `icon`: a round icon-only button; `link`: looks like a link.
 */
export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'soft'
  | 'ghost'
  | 'danger'
  | 'danger-outline'
  | 'cash'
  | 'icon'
  | 'link';

export interface ButtonStyle {
  look?: ButtonLook;
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  /** As wide as its container. */
  block?: boolean;
  /** Not yet tappable (just appeared where another step's button was) but not looking disabled. */
  arming?: boolean;
  /** The caller's own class, for its place in the layout. */
  className?: string | undefined;
}

/** The classes of a button of `style`: for a link that looks like a button. */
export function buttonClass({
  look = 'shop',
  variant = 'primary',
  size = 'medium',
  block = false,
  arming = false,
  className,
}: ButtonStyle = {}): string {
  const own =
    variant === 'icon' || variant === 'link'
      ? [variant]
      : [
          look,
          variant !== 'primary' && `${look}-${variant}`,
          size !== 'medium' && `${look}-${size}`,
          block && 'block',
          arming && `${look}-arming`,
        ];
  return [...own.filter(Boolean).map((name) => `ui-button--${name}`), className]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ComponentProps<'button'> &
  ButtonStyle & {
    /** While true the button spins and is disabled, so a second tap sends nothing. */
    pending?: boolean;
  };

/** A button in one of the house's looks, owning its styles. */
export function Button({
  look,
  variant,
  size,
  block,
  arming,
  className,
  pending = false,
  disabled,
  'aria-busy': busy,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      className={buttonClass({ look, variant, size, block, arming, className })}
      disabled={pending || disabled}
      aria-busy={pending || busy}
    >
      {pending && <span className="ui-button--spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
