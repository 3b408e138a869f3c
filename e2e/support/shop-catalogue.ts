import { CATALOGUE_COLUMNS } from '@kirana/shared';

/*
 * A real shop's catalogue for the browser tests and the benchmarks (bench/catalogue-scale.mjs):
 * brands × items × sizes in every category, some under the Indian names shoppers type. Plain
 * TypeScript that Node runs as it is (type stripping), so the benchmarks import it too.
 */

const BRANDS = [
  'Amul',
  'Aashirvaad',
  'Tata',
  'Fortune',
  'Britannia',
  'Haldiram',
  'Mother Dairy',
  'Patanjali',
  'Nestle',
  'Parle',
  'MTR',
  'Everest',
  'Dabur',
  'Saffola',
  'Daawat',
  'India Gate',
  'Catch',
  'Kissan',
  'Maggi',
  'Lijjat',
  'Bikaji',
  'Paper Boat',
  'Real',
  'Nandini',
  'Heritage',
];
/** Items per category path; some are the Indian names shoppers type. */
const ITEMS: Record<string, string[]> = {
  Vegetables: [
    'Tomato',
    'Onion',
    'Potato',
    'Carrot',
    'Spinach',
    'Okra',
    'Brinjal',
    'Cauliflower',
    'Cabbage',
    'Green Peas',
    'Capsicum',
    'Ginger',
    'Garlic',
    'Lemon',
    'Cucumber',
    'Coriander',
  ],
  Fruits: [
    'Apple',
    'Banana',
    'Mango',
    'Orange',
    'Grapes',
    'Pomegranate',
    'Papaya',
    'Guava',
    'Watermelon',
    'Pineapple',
    'Chikoo',
    'Custard Apple',
  ],
  Drinks: [
    'Cola',
    'Lemonade',
    'Mango Drink',
    'Aam Panna',
    'Jaljeera',
    'Orange Juice',
    'Mineral Water',
    'Soda',
    'Cold Coffee',
    'Lassi',
  ],
  Instant: [
    'Noodles',
    'Poha Mix',
    'Upma Mix',
    'Cup Soup',
    'Pasta',
    'Ready Dal Makhani',
    'Rajma Masala',
    'Instant Idli Mix',
    'Khichdi',
  ],
  Dairy: [
    'Toned Milk',
    'Full Cream Milk',
    'Curd',
    'Paneer',
    'Butter',
    'Ghee',
    'Cheese Slices',
    'Buttermilk',
    'Fresh Cream',
    'Dahi',
  ],
  Bakery: ['Bread', 'Brown Bread', 'Pav', 'Rusk', 'Cake', 'Cookies', 'Bun', 'Khari'],
  Grains: [
    'Atta',
    'Basmati Rice',
    'Sona Masoori Rice',
    'Toor Dal',
    'Moong Dal',
    'Chana Dal',
    'Besan',
    'Sooji',
    'Sugar',
    'Salt',
    'Poha',
    'Rajma',
  ],
};
const SIZES = ['100 g', '200 g', '250 g', '500 g', '1 kg', '2 kg', '5 kg', '500 ml', '1 l', '2 l'];

/** The catalogue's CSV: `count` distinct products, cycling brands × items × sizes. */
export function catalogueCsv(count: number): Buffer {
  // The import's own columns, pictures left out (this catalogue has none) and the count read
  // (its counts are typed, as by hand).
  const header = CATALOGUE_COLUMNS.filter(
    (column) => column !== 'images' && column !== 'stockCountRead',
  );
  const rows: string[][] = [header];
  const combos = Object.entries(ITEMS).flatMap(([category, items]) =>
    items.flatMap((item) => BRANDS.map((brand) => ({ category, item, brand }))),
  );
  for (let n = 0; n < count; n += 1) {
    const { category, item, brand } = combos[n % combos.length]!;
    const size = SIZES[Math.floor(n / combos.length) % SIZES.length]!;
    const price = 20 + ((n * 37) % 480);
    const product = {
      sku: `SKU-${String(n).padStart(6, '0')}`,
      name: `${brand} ${item} ${size}`,
      category,
      price: String(price),
      offerPrice: String(price - (n % 5)),
      description: `${item} by ${brand}|Pack of ${size}`,
      weight: size,
      barcode: String(8_900_000_000_000 + n),
      // Every tenth out of stock; every third counted (none at 0 units while in stock), the
      // others not (`-`: imported again, a count a test set is taken off).
      inStock: n % 10 === 0 ? 'false' : 'true',
      stockCount: n % 3 === 0 ? String(n % 50) : '-',
    };
    rows.push(header.map((column) => product[column as keyof typeof product]));
  }
  // No cell here needs quotes.
  return Buffer.from(rows.map((row) => row.join(',')).join('\r\n'));
}
