interface StarRatingProps {
  rating: number;
  outOf?: number;
}

/** A row of stars read out as "Rated 4 out of 5". */
export function StarRating({ rating, outOf = 5 }: StarRatingProps) {
  return (
    <span className="star-rating" role="img" aria-label={`Rated ${rating} out of ${outOf}`}>
      {Array.from({ length: outOf }, (_, index) => (
        <svg
          key={index}
          className={index < rating ? 'star star--filled' : 'star'}
          viewBox="0 0 20 20"
          width="14"
          height="14"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
