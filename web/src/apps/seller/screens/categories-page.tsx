import { useMutation, useQuery } from '@tanstack/react-query';
import { IMAGE_TYPES, type CategoryDto } from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import { categoryQueries } from '../../../common/catalogue/queries';
import { succeeded } from '../failure-message';
import { categoryMutations } from '../features/categories/mutations';
import { SearchNamesPanel } from '../features/categories/components/search-names-panel';
import { LoadProblem } from '../ui/load-problem';
import { Panel, SellerPage } from '../ui/seller-page';
import { Button } from '../../../common/ui/button';
import { Field } from '../../../common/ui/field';
import '../ui/seller-form.css';
import './categories-page.css';

/** A path from a label, as the seller would write it: 'Personal Care' → 'Personal-Care'. */
export function pathFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^[^A-Za-z]+|-+$/g, '')
    .slice(0, 40);
}

/**
 * /seller/categories: the shop's categories, in the storefront's order. The seller adds one
 * (label, path, colour, tile picture), renames, recolours, moves or hides one; a path, once
 * made, stays (links and other clients use it). Below, the names shoppers type for groceries
 * that the shop adds to search.
 */
export function CategoriesPage() {
  const { data: categories, isError, refetch } = useQuery(categoryQueries.all());

  return (
    <SellerPage title="Categories">
      <Panel title="Add a category">
        <NewCategoryForm />
      </Panel>

      <Panel title="The shop’s categories">
        {categories === undefined && isError ? (
          <LoadProblem
            message="The categories could not be loaded."
            onRetry={() => void refetch()}
          />
        ) : categories === undefined ? (
          <Spinner label="Loading categories…" />
        ) : (
          <ul className="seller-categories" role="list">
            {categories.map((category) => (
              <li key={category._id}>
                <CategoryForm category={category} />
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <SearchNamesPanel />
    </SellerPage>
  );
}

function NewCategoryForm() {
  const save = useMutation(categoryMutations.save());
  const id = useId();
  const [text, setText] = useState('');
  const [path, setPath] = useState<string | null>(null);
  const [bgColor, setBgColor] = useState('#E8F5E9');
  const [image, setImage] = useState<File | null>(null);
  const busy = save.isPending;
  const [round, setRound] = useState(0);
  const shownPath = path ?? pathFromLabel(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await succeeded(save.mutateAsync({ text, path: shownPath, bgColor, image }));
    if (!saved) return;
    setText('');
    setPath(null);
    setImage(null);
    // A new file input: the chosen picture goes with the category just added.
    setRound((n) => n + 1);
  }

  return (
    <form className="seller-form seller-form--wide" onSubmit={submit} aria-busy={busy}>
      <div className="seller-field-row">
        <Field id={`${id}-text`} label="Label">
          {(control) => (
            <input
              {...control}
              required
              maxLength={60}
              placeholder="e.g. Personal Care"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-path`}
          label="Path in the address"
          hint={`/products/${shownPath.toLowerCase() || '…'}: letters, digits and hyphens; it never changes once added.`}
        >
          {(control) => (
            <input
              {...control}
              required
              maxLength={40}
              // CATEGORY_PATH_PATTERN, written for the attribute's `v` flag (a hyphen escaped).
              pattern={'[A-Za-z][A-Za-z0-9\\-]{0,39}'}
              value={shownPath}
              onChange={(event) => setPath(event.target.value)}
            />
          )}
        </Field>
        <ColourField id={`${id}-colour`} value={bgColor} onChange={setBgColor} />
      </div>
      <TileField key={round} id={`${id}-image`} onChange={setImage} />
      <div>
        <Button type="submit" look="seller" disabled={busy}>
          {busy ? 'Adding…' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}

function CategoryForm({ category }: { category: CategoryDto }) {
  const save = useMutation(categoryMutations.save());
  const id = useId();
  const [text, setText] = useState(category.text);
  const [bgColor, setBgColor] = useState(category.bgColor);
  const [position, setPosition] = useState(String(category.position));
  const [shown, setShown] = useState(!category.hidden);
  const [image, setImage] = useState<File | null>(null);
  const busy = save.isPending;
  const [round, setRound] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await succeeded(
      save.mutateAsync({
        id: category._id,
        text,
        bgColor,
        position: Number(position),
        hidden: !shown,
        image,
      }),
    );
    if (saved) {
      setImage(null);
      setRound((n) => n + 1);
    }
  }

  return (
    <form
      className="seller-category"
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-name`}
    >
      <img className="seller-category__tile" src={category.image} alt="" width="64" height="64" />
      <p className="seller-category__name" id={`${id}-name`}>
        {category.text}{' '}
        <span className="seller-category__path">/{category.path.toLowerCase()}</span>
      </p>
      <Field id={`${id}-text`} label="Label">
        {(control) => (
          <input
            {...control}
            required
            maxLength={60}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <ColourField id={`${id}-colour`} value={bgColor} onChange={setBgColor} />
      <Field id={`${id}-position`} label="Order" className="seller-category__position">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            required
            value={position}
            onChange={(event) => setPosition(event.target.value)}
          />
        )}
      </Field>
      <label className="seller-check">
        <input
          type="checkbox"
          checked={shown}
          onChange={(event) => setShown(event.target.checked)}
        />
        Shown on the storefront
      </label>
      <TileField key={round} id={`${id}-image`} onChange={setImage} label="New picture" />
      <Button type="submit" look="seller" variant="secondary" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

function ColourField(props: { id: string; value: string; onChange: (colour: string) => void }) {
  return (
    <Field id={props.id} label="Tile colour">
      {(control) => (
        <input
          {...control}
          type="color"
          value={props.value.toLowerCase()}
          onChange={(event) => props.onChange(event.target.value.toUpperCase())}
        />
      )}
    </Field>
  );
}

function TileField(props: { id: string; onChange: (file: File | null) => void; label?: string }) {
  return (
    <Field id={props.id} label={props.label ?? 'Tile picture'} optional>
      {(control) => (
        <input
          {...control}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => props.onChange(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
