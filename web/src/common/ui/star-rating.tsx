import type { CSSProperties } from 'react';
import './star-rating.css';

interface StarRatingProps {
  rating: number;
  outOf?: number;
}

/**
 * A row of stars read out as "Rated 4 out of 5": one element, its stars drawn by the style sheet
 * (a card repeats it, and five inline pictures made up half of a card's markup).
 */
export function StarRating({ rating, outOf = 5 }: StarRatingProps) {
  return (
    <span
      className="star-rating"
      role="img"
      aria-label={`Rated ${rating} out of ${outOf}`}
      style={{ '--rating': rating, '--stars': outOf } as CSSProperties}
    />
  );
}
