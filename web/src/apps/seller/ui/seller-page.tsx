import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import './seller-page.css';

/* A seller screen's parts, which alone use seller-page.css: the page and its head, panels, sections, notes. */

interface SellerPageProps {
  /** The browser tab's title, before ' · Kirana Seller'. */
  title: string;
  /** The page's heading: `title` when left out. */
  heading?: string;
  /** What stands beside the heading: a note, the live status, a button. */
  head?: ReactNode;
  /** More class names, for a screen's own layout. */
  className?: string;
  children: ReactNode;
}

/** A seller screen: its tab title, its head, and its content. */
export function SellerPage({ title, heading = title, head, className, children }: SellerPageProps) {
  return (
    <div className={className ? `seller-page ${className}` : 'seller-page'}>
      <title>{`${title} · Kirana Seller`}</title>
      <header className="seller-page__head">
        <h1>{heading}</h1>
        {head}
      </header>
      {children}
    </div>
  );
}

interface BoxProps {
  /** Its heading (an h2), which names it for screen readers; none for a panel without one. */
  title?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A bordered panel: a form, a report, a step. As a `form` when it is given `onSubmit`, so that its
 * button submits it.
 */
export function Panel({
  title,
  className,
  onSubmit,
  children,
}: BoxProps & { onSubmit?: (event: FormEvent<HTMLFormElement>) => void }) {
  const id = useId();
  const props = {
    className: className ? `seller-panel ${className}` : 'seller-panel',
    'aria-labelledby': title === undefined ? undefined : id,
  };
  const body = (
    <>
      {title !== undefined && (
        <h2 id={id} className="seller-panel__title">
          {title}
        </h2>
      )}
      {children}
    </>
  );
  if (onSubmit)
    return (
      <form {...props} onSubmit={onSubmit}>
        {body}
      </form>
    );
  return title === undefined ? <div {...props}>{body}</div> : <section {...props}>{body}</section>;
}

/** A titled part of a screen, under the panels; its heading may take the focus (`titleRef`). */
export function Section({
  title,
  titleRef,
  className,
  children,
}: BoxProps & { titleRef?: Ref<HTMLHeadingElement> }) {
  const id = useId();
  return (
    <section
      className={className ? `seller-section ${className}` : 'seller-section'}
      aria-labelledby={id}
    >
      <h2
        id={id}
        className="seller-section__title"
        ref={titleRef}
        tabIndex={titleRef ? -1 : undefined}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A muted line that explains: a count, what a panel is for, what a list holds. */
export function Note({ status, children }: { status?: boolean; children: ReactNode }) {
  return (
    <p className="seller-page__note" role={status ? 'status' : undefined}>
      {children}
    </p>
  );
}

/** What stands where a list would: nothing yet, nothing found. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="seller-empty">{children}</p>;
}

/** A warning said in place: a locked delivery PIN, an agent still holding cash. */
export function Alert({ status, children }: { status?: boolean; children: ReactNode }) {
  return (
    <p className="seller-alert" role={status ? 'status' : undefined}>
      {children}
    </p>
  );
}
