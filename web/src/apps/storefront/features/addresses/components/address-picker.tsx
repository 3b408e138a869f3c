import type { Address } from '@kirana/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../../../common/ui/button';
import './address-picker.css';

interface AddressPickerProps {
  addresses: readonly Address[];
  chosenId: string | null;
  onChoose: (id: string) => void;
}

/** One line for an address, as the cart and the orders show it. */
export function formatAddress(address: Address): string {
  return [address.street, address.city, address.state, address.zipcode, address.country].join(', ');
}

/** The saved addresses as radio buttons, each with an edit link, and a link to add one. */
export function AddressPicker({ addresses, chosenId, onChoose }: AddressPickerProps) {
  return (
    <fieldset className="address-picker">
      <legend>Delivery Address</legend>
      {addresses.length === 0 ? (
        <p className="muted">No address saved yet.</p>
      ) : (
        <ul role="list">
          {addresses.map((address) => (
            <li key={address._id} className="address-option">
              <label>
                <input
                  type="radio"
                  name="delivery-address"
                  value={address._id}
                  checked={address._id === chosenId}
                  onChange={() => onChoose(address._id)}
                />
                <span>
                  <strong>
                    {address.firstName} {address.lastName}
                  </strong>
                  <span className="address-option__line">{formatAddress(address)}</span>
                </span>
              </label>
              <Link
                to={`/add-address?id=${encodeURIComponent(address._id)}`}
                className="address-option__edit"
              >
                Edit<span className="visually-hidden"> address {formatAddress(address)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/add-address" className={buttonClass({ variant: 'secondary', size: 'small' })}>
        Add address
      </Link>
    </fieldset>
  );
}
