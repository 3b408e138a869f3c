import { useQuery } from '@tanstack/react-query';
import { shopQueries } from '../../../../../common/shop-settings/queries';
import './delivery-area-note.css';

/**
 * Under the address form's PIN code, once it has six digits: whether the shop delivers there,
 * and if not, where it does ("We deliver to 411001, 411002 …").
 */
export function DeliveryAreaNote({ zipcode, id }: { zipcode: string; id: string }) {
  const { data } = useQuery(shopQueries.serviceable(zipcode));
  return (
    <p id={id} role="status" className="delivery-area-note">
      {data && (
        <span className={data.serviceable ? 'delivery-area-note--ok' : 'delivery-area-note--no'}>
          {data.message}
        </span>
      )}
    </p>
  );
}
