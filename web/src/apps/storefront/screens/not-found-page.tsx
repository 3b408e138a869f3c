import { Link } from 'react-router';
import { buttonClass } from '../../../common/ui/button';

export function NotFoundPage() {
  return (
    <section className="container section message-page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>We could not find this page in the store.</p>
      <Link to="/" className={buttonClass()}>
        Back to the home page
      </Link>
    </section>
  );
}
