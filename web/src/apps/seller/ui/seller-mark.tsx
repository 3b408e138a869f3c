import './seller-mark.css';
/** The shop's mark for the seller screens: a basket in the brand green. Decorative. */
export function SellerMark() {
  return (
    <svg
      className="seller-mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" />
      <path d="M8 13h16l-2 10H10z" />
      <path d="M12 13l4-5 4 5" />
    </svg>
  );
}
