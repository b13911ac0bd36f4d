// The sale's customer, found by name or phone as the cashier types; optional.
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { ariaKeys } from '../till/shortcuts';

export type Customer = MethodOutput<'searchCustomers'>[number];

export function CustomerPicker(props: {
  customer: Customer | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (customer: Customer | undefined) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Customer[]>([]);
  useEffect(() => {
    if (query.trim() === '') return setFound([]);
    let current = true;
    void api.searchCustomers({ query, limit: 5 }).then((result) => {
      if (current && result.ok) setFound(result.value);
    });
    return () => {
      current = false;
    };
  }, [query]);

  const choose = (customer: Customer | undefined) => {
    props.onChange(customer);
    setQuery('');
  };

  if (props.customer)
    return (
      <p class="customer-chosen">
        Customer: <strong>{props.customer.name}</strong>
        {props.customer.phone ? ` (${props.customer.phone})` : ''}{' '}
        <button type="button" onClick={() => choose(undefined)}>
          No customer
        </button>
      </p>
    );
  return (
    <div class="field customer-search">
      <label for="customer-search">Customer (optional): name or phone</label>
      <input
        id="customer-search"
        ref={props.inputRef}
        type="search"
        autoComplete="off"
        value={query}
        aria-keyshortcuts={ariaKeys('customer')}
        onInput={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && found[0]) {
            event.preventDefault();
            choose(found[0]);
          }
        }}
      />
      {found.length > 0 && (
        <ul class="customer-results" aria-label="Matching customers">
          {found.map((customer) => (
            <li key={customer.id}>
              <button type="button" onClick={() => choose(customer)}>
                {customer.name}
                {customer.phone ? ` · ${customer.phone}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.trim() !== '' && found.length === 0 && <p class="hint">No customer matches.</p>}
    </div>
  );
}
