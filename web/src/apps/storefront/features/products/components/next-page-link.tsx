import type { Ref } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../../../common/ui/spinner';
import { buttonClass } from '../../../../../common/ui/button';
import './next-page-link.css';

interface NextPageLinkProps {
  /** The next page's own address (`?page=N`), for a browser without scripts and for crawlers. */
  to: string;
  label: string;
  /** With scripts: the next page joins the list on screen, the address stays. */
  onMore: () => void;
  loading: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Under a list shown a page at a time: the link to its next page, and the loading sign. */
export function NextPageLink({ to, label, onMore, loading, ref }: NextPageLinkProps) {
  return (
    <>
      {loading && <Spinner label="Loading more products…" />}
      <Link
        ref={ref}
        to={to}
        className={buttonClass({ variant: 'ghost', className: 'pager pager--next' })}
        onClick={(event) => {
          event.preventDefault();
          onMore();
        }}
      >
        {label}
      </Link>
    </>
  );
}
