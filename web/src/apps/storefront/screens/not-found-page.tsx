import { Link } from 'react-router';
import '../../../common/ui/button.css';

export function NotFoundPage() {
  return (
    <section className="container section message-page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>We could not find this page in the store.</p>
      <Link to="/" className="button">
        Back to the home page
      </Link>
    </section>
  );
}
