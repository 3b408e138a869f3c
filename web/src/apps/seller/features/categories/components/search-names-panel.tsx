import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { succeeded } from '../../../failure-message';
import { categoryMutations } from '../mutations';
import { searchNameQueries } from '../queries';
import { Button } from '../../../../../common/ui/button';
import { Note, Panel } from '../../../ui/seller-page';
import { Field } from '../../../../../common/ui/field';
import '../../../ui/seller-form.css';
import './search-names-panel.css';

/**
 * The names shoppers type for groceries (doodh, दूध, aloo …): search knows many already; the
 * seller adds the shop's own, each with the word of the catalogue it means.
 */
export function SearchNamesPanel() {
  const id = useId();
  const { data: names } = useQuery(searchNameQueries.searchNames());
  const add = useMutation(categoryMutations.addSearchName());
  const remove = useMutation(categoryMutations.removeSearchName());
  const [name, setName] = useState('');
  const [means, setMeans] = useState('');
  const busy = add.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await succeeded(add.mutateAsync({ name, means }))) {
      setName('');
      setMeans('');
    }
  }

  return (
    <Panel title="Names shoppers type">
      <Note>
        Search already knows the common Indian names of groceries, in English letters and in
        Devanagari (doodh, दूध, aloo, atta …). Add the shop’s own: what shoppers type, and the word
        your products use for it.
      </Note>
      <form className="seller-form seller-form--wide" onSubmit={submit} aria-busy={busy}>
        <div className="seller-field-row">
          <Field id={`${id}-name`} label="Shoppers type">
            {(control) => (
              <input
                {...control}
                required
                maxLength={60}
                placeholder="e.g. thandai"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <Field id={`${id}-means`} label="Meaning">
            {(control) => (
              <input
                {...control}
                required
                maxLength={60}
                placeholder="e.g. milkshake"
                value={means}
                onChange={(event) => setMeans(event.target.value)}
              />
            )}
          </Field>
        </div>
        <div>
          <Button type="submit" look="seller" disabled={busy}>
            {busy ? 'Adding…' : 'Add name'}
          </Button>
        </div>
      </form>
      {names && names.length > 0 && (
        <ul className="seller-search-names" aria-label="The shop’s own names">
          {names.map((entry) => (
            <li key={entry._id}>
              <span>
                {entry.name} → {entry.means}
              </span>
              <Button
                type="button"
                look="seller"
                variant="secondary"
                size="small"
                onClick={() => remove.mutate(entry._id)}
              >
                Remove<span className="visually-hidden"> {entry.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
