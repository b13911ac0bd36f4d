// The catalog as tiles, for touch and mouse. Out of the Tab order: the keyboard scans or
// searches instead of walking every tile.
import type { ProductView as Product } from '../../../domain/sale';
import { useWords } from '../words';

export function ProductGrid(props: {
  products: Product[];
  money: (minor: number) => string;
  onAdd: (product: Product) => void;
}) {
  const words = useWords();
  return (
    <ul class="product-grid">
      {props.products.map((product) => (
        <li key={product.id}>
          <button
            type="button"
            class="product"
            tabIndex={-1}
            onClick={() => props.onAdd(product)}
            aria-label={words.t('till.products.add', {
              name: product.name,
              price: props.money(product.priceMinor),
            })}
          >
            <span class="product-name">{product.name}</span>
            {/* A space between name and price: "Avocado 1,50 €" read as words, not "Avocado1". */}{' '}
            <span class="product-price">{props.money(product.priceMinor)}</span>
          </button>
        </li>
      ))}
      {props.products.length === 0 && <li class="empty">{words.t('till.products.none')}</li>}
    </ul>
  );
}
