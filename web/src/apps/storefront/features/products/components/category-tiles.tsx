import { categoryHref, type CategoryDto } from '@kirana/shared';
import { Link } from 'react-router';
import { serverUrl } from '../../../../../lib/server-origin';
import './category-tiles.css';

interface CategoryTilesProps {
  categories: readonly CategoryDto[];
}

export function CategoryTiles({ categories }: CategoryTilesProps) {
  return (
    <ul className="category-tiles" role="list">
      {categories.map((category) => (
        <li key={category.path}>
          <Link
            to={categoryHref(category)}
            className="category-tile"
            style={{ backgroundColor: category.bgColor }}
          >
            <img
              src={serverUrl(category.image)}
              width="96"
              height="96"
              alt=""
              loading="lazy"
              decoding="async"
              className="category-tile__image"
            />
            <span className="category-tile__label">{category.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
