// The sandbox's seed data: two shops, thirty products (ids in both documented formats:
// prefixed `prod_…` and UUIDs; each with an EAN-13 barcode) and ten customers. Prices are
// in minor units (cents).

export const SEED_SHOPS = [
  { id: 'shop_downtown', name: 'Corner Grocer, Downtown', currency: 'USD' },
  { id: 'shop_market', name: 'Corner Grocer, Market Street', currency: 'USD' },
];

const PRODUCTS = [
  { id: 'prod_8Hq2x', name: 'Sourdough loaf', priceMinor: 450, category: 'Bakery' },
  { id: 'prod_3Jk9w', name: 'Croissant', priceMinor: 175, category: 'Bakery' },
  { id: 'prod_7Bn4t', name: 'Wholemeal bread', priceMinor: 325, category: 'Bakery' },
  { id: 'prod_2Mz8r', name: 'Blueberry muffin', priceMinor: 225, category: 'Bakery' },
  { id: 'prod_5Cv1q', name: 'Whole milk 1 l', priceMinor: 129, category: 'Dairy' },
  { id: 'prod_9Xd6p', name: 'Greek yogurt 500 g', priceMinor: 349, category: 'Dairy' },
  { id: 'prod_4Fg7s', name: 'Cheddar 200 g', priceMinor: 399, category: 'Dairy' },
  { id: 'prod_6Lh2u', name: 'Free-range eggs, 12', priceMinor: 419, category: 'Dairy' },
  { id: 'prod_1Qw5e', name: 'Butter 250 g', priceMinor: 289, category: 'Dairy' },
  { id: 'prod_8Ty3i', name: 'Bananas (per kg)', priceMinor: 119, category: 'Produce' },
  { id: 'prod_2Op9a', name: 'Apples (per kg)', priceMinor: 299, category: 'Produce' },
  { id: 'prod_7Sd4f', name: 'Tomatoes (per kg)', priceMinor: 349, category: 'Produce' },
  { id: 'prod_3Gh6j', name: 'Avocado', priceMinor: 150, category: 'Produce' },
  { id: 'prod_5Kl8z', name: 'Potatoes 2 kg', priceMinor: 259, category: 'Produce' },
  { id: 'prod_9Xc1v', name: 'Onions 1 kg', priceMinor: 139, category: 'Produce' },
  {
    id: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11',
    name: 'Ground coffee 250 g',
    priceMinor: 799,
    category: 'Pantry',
  },
  {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Black tea, 80 bags',
    priceMinor: 449,
    category: 'Pantry',
  },
  {
    id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
    name: 'Basmati rice 1 kg',
    priceMinor: 379,
    category: 'Pantry',
  },
  {
    id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
    name: 'Spaghetti 500 g',
    priceMinor: 159,
    category: 'Pantry',
  },
  {
    id: '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c',
    name: 'Olive oil 500 ml',
    priceMinor: 899,
    category: 'Pantry',
  },
  {
    id: '5a6b7c8d-9e0f-4a1b-8c3d-4e5f6a7b8c9d',
    name: 'Chopped tomatoes 400 g',
    priceMinor: 99,
    category: 'Pantry',
  },
  {
    id: '6b7c8d9e-0f1a-4b2c-9d4e-5f6a7b8c9d0e',
    name: 'Peanut butter 340 g',
    priceMinor: 329,
    category: 'Pantry',
  },
  {
    id: '7c8d9e0f-1a2b-4c3d-8e5f-6a7b8c9d0e1f',
    name: 'Honey 340 g',
    priceMinor: 549,
    category: 'Pantry',
  },
  {
    id: '8d9e0f1a-2b3c-4d4e-9f6a-7b8c9d0e1f2a',
    name: 'Sparkling water 1.5 l',
    priceMinor: 89,
    category: 'Drinks',
  },
  {
    id: '9e0f1a2b-3c4d-4e5f-8a7b-8c9d0e1f2a3b',
    name: 'Orange juice 1 l',
    priceMinor: 299,
    category: 'Drinks',
  },
  {
    id: 'af0a1b2c-4d5e-4f6a-9b8c-9d0e1f2a3b4c',
    name: 'Cola 330 ml',
    priceMinor: 125,
    category: 'Drinks',
  },
  {
    id: 'b01b2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Dark chocolate 100 g',
    priceMinor: 249,
    category: 'Snacks',
  },
  {
    id: 'c12c3d4e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    name: 'Salted crisps 150 g',
    priceMinor: 199,
    category: 'Snacks',
  },
  {
    id: 'd23d4e5f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
    name: 'Dish soap 500 ml',
    priceMinor: 229,
    category: 'Household',
  },
  {
    id: 'e34e5f6a-8b9c-4d0e-9f2a-3b4c5d6e7f80',
    name: 'Paper towels, 2 rolls',
    priceMinor: 349,
    category: 'Household',
  },
];

/** An EAN-13: twelve digits and their GS1 check digit. */
export function ean13(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((total, digit, index) => {
    return total + Number(digit) * (index % 2 === 0 ? 1 : 3);
  }, 0);
  return twelveDigits + String((10 - (sum % 10)) % 10);
}

/** The products, each with a realistic EAN-13 (GS1 prefix 50, company 12345). */
export const SEED_PRODUCTS = PRODUCTS.map((product, index) => ({
  ...product,
  barcode: ean13(`5012345${String(index + 1).padStart(5, '0')}`),
}));

export const SEED_CUSTOMERS = [
  { id: 'cus_amina', name: 'Amina Njoroge', email: 'amina@example.com', phone: '+254 700 000 101' },
  { id: 'cus_brian', name: 'Brian Otieno', email: 'brian@example.com', phone: '+254 700 000 102' },
  { id: 'cus_chen', name: 'Chen Wei', email: 'chen@example.com', phone: null },
  { id: 'cus_diana', name: 'Diana Moreau', email: null, phone: '+33 6 00 00 01 04' },
  { id: 'cus_emeka', name: 'Emeka Okafor', email: 'emeka@example.com', phone: '+234 800 000 0105' },
  { id: 'cus_fatima', name: 'Fatima Zahra', email: 'fatima@example.com', phone: null },
  {
    id: 'cus_gustavo',
    name: 'Gustavo Silva',
    email: 'gustavo@example.com',
    phone: '+55 11 90000 0107',
  },
  { id: 'cus_hana', name: 'Hana Sato', email: null, phone: '+81 90 0000 0108' },
  { id: 'cus_ivan', name: 'Ivan Petrov', email: 'ivan@example.com', phone: null },
  { id: 'cus_julia', name: 'Julia Kowalska', email: 'julia@example.com', phone: '+48 600 000 110' },
];
