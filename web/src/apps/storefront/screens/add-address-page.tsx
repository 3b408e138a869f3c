import type { AddressInput, User } from '@kirana/shared';
import { useMutation, useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadBoundary } from '../../../common/ui/load-boundary';
import { Spinner } from '../../../common/ui/spinner';
import { addressMutations } from '../session/address-mutations';
import { addressQueries } from '../session/address-queries';
import { AddressForm } from '../features/addresses/components/address-form';
import { authCheckedAtom, userAtom } from '../session/user';
import { DeliveryAreaNote } from '../features/shop-terms/components/delivery-area-note';
import './add-address-page.css';

/**
 * `/add-address`: a new delivery address, or with `?id=` a change to a saved one. Only for a
 * logged-in shopper; anyone else goes to the cart. After saving, back to the cart.
 */
export function AddAddressPage() {
  const user = useAtomValue(userAtom);
  const authChecked = useAtomValue(authCheckedAtom);
  const { reset: retryAddresses } = useQueryErrorResetBoundary();
  const [params] = useSearchParams();
  const editId = params.get('id');

  if (!authChecked) return <Spinner label="Checking your login…" />;
  if (!user) return <Navigate to="/cart" replace />;

  return (
    <section className="container section" aria-labelledby="address-heading">
      <div className="address-page">
        <div className="address-page__form">
          <h1 id="address-heading">
            {editId ? 'Edit' : 'Add'} shipping <span className="text-primary">address</span>
          </h1>
          <LoadBoundary onRetry={retryAddresses} fallback={<Spinner label="Loading…" />}>
            <AddressEditor user={user} editId={editId} />
          </LoadBoundary>
        </div>
      </div>
    </section>
  );
}

function AddressEditor({ user, editId }: { user: User; editId: string | null }) {
  const addresses = useSuspenseQuery(addressQueries.list(user._id)).data;
  const saveAddress = useMutation(addressMutations.save());
  const navigate = useNavigate();
  const editing = editId ? addresses.find((address) => address._id === editId) : undefined;

  if (editId && !editing) {
    return <p className="empty-state">This address is not among your saved addresses.</p>;
  }

  const save = async (address: AddressInput) => {
    await saveAddress.mutateAsync({ id: editing?._id, address });
    void navigate('/cart');
  };

  return (
    <AddressForm
      key={editing?._id ?? 'new'}
      initial={editing ?? fromAccount(user)}
      submitLabel="Save address"
      onSubmit={save}
      busy={saveAddress.isPending}
      zipcodeNote={(zipcode, id) => <DeliveryAreaNote zipcode={zipcode} id={id} />}
    />
  );
}

/** What the shopper's account already says of a new address: their name and email. */
function fromAccount(user: User): Partial<AddressInput> {
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' '), email: user.email };
}
