import './stock-switch.css';
interface StockSwitchProps {
  /** Names the switch, e.g. 'Carrot in stock'. */
  label: string;
  checked: boolean;
  /** The change is on its way to the server; further presses wait for it. */
  pending: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off switch: a checkbox with the switch role, so it is read out as "on" or "off". */
export function StockSwitch({ label, checked, pending, onChange }: StockSwitchProps) {
  return (
    <label className="seller-switch" data-pending={pending ? 'true' : undefined}>
      <input
        type="checkbox"
        role="switch"
        className="seller-switch__input"
        checked={checked}
        aria-label={label}
        aria-busy={pending}
        onChange={(event) => {
          if (!pending) onChange(event.target.checked);
        }}
      />
      <span className="seller-switch__track" aria-hidden="true">
        <span className="seller-switch__thumb" />
      </span>
      <span className="seller-switch__text" aria-hidden="true">
        {checked ? 'In stock' : 'Out of stock'}
      </span>
    </label>
  );
}
