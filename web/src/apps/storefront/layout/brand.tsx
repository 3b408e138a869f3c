import { Link } from 'react-router';
import { useKnownShop } from '../../../common/shop-settings/cache';
import './brand.css';

/** The shop's logo and its name (once known), linking home. */
export function Brand() {
  const name = useKnownShop()?.name;
  return (
    <Link to="/" className="brand" aria-label={name ? `${name} home` : 'Home'}>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M8 13h16l-2 11H10z" fill="#fff" />
        <path
          d="M12 13l4-6 4 6"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">{name}</span>
    </Link>
  );
}
