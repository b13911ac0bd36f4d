// The sale's customer, found by name or phone as the cashier types; optional.
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { ariaKeys } from '../till/shortcuts';
import { useWords } from '../words';

export type Customer = MethodOutput<'searchCustomers'>[number];

export function CustomerPicker(props: {
  customer: Customer | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (customer: Customer | undefined) => void;
}) {
  const words = useWords();
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
        {words.t('till.customer.chosen')} <strong>{props.customer.name}</strong>
        {props.customer.phone ? ` (${props.customer.phone})` : ''}{' '}
        <button type="button" onClick={() => choose(undefined)}>
          {words.t('till.customer.none')}
        </button>
      </p>
    );
  return (
    <div class="field customer-search">
      <label for="customer-search">{words.t('till.customer.search')}</label>
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
        <ul class="customer-results" aria-label={words.t('till.customer.matching')}>
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
      {query.trim() !== '' && found.length === 0 && (
        <p class="hint">{words.t('till.customer.noMatch')}</p>
      )}
    </div>
  );
}
