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
/**
 * Each item's HSN code and GST rate in percent, as a branded (pre-packaged) pack of it is taxed
 * since 22 September 2025: fresh produce, milk, paneer, bread and salt 0 %, packaged staples,
 * dairy and snacks 5 %, sweetened or aerated drinks 40 %. The shop switched to `regular` sells
 * all of it.
 */
const TAX: Record<string, [hsn: string, rate: number]> = {
  ...Object.fromEntries(ITEMS.Vegetables!.map((item) => [item, ['0709', 0]])),
  Tomato: ['0702', 0],
  Onion: ['0703', 0],
  Garlic: ['0703', 0],
  Potato: ['0701', 0],
  Carrot: ['0706', 0],
  Cauliflower: ['0704', 0],
  Cabbage: ['0704', 0],
  'Green Peas': ['0708', 0],
  Ginger: ['0910', 0],
  Lemon: ['0805', 0],
  Cucumber: ['0707', 0],
  ...Object.fromEntries(ITEMS.Fruits!.map((item) => [item, ['0810', 0]])),
  Apple: ['0808', 0],
  Banana: ['0803', 0],
  Mango: ['0804', 0],
  Guava: ['0804', 0],
  Orange: ['0805', 0],
  Grapes: ['0806', 0],
  Papaya: ['0807', 0],
  Watermelon: ['0807', 0],
  Pineapple: ['0804', 0],
  Cola: ['2202', 40],
  Lemonade: ['2202', 40],
  'Mango Drink': ['2202', 5],
  'Aam Panna': ['2202', 5],
  Jaljeera: ['2202', 40],
  'Orange Juice': ['2009', 5],
  'Mineral Water': ['2201', 5],
  Soda: ['2201', 5],
  'Cold Coffee': ['2202', 5],
  Lassi: ['0403', 5],
  ...Object.fromEntries(ITEMS.Instant!.map((item) => [item, ['2106', 5]])),
  Noodles: ['1902', 5],
  Pasta: ['1902', 5],
  'Cup Soup': ['2104', 5],
  'Rajma Masala': ['0910', 5],
  'Toned Milk': ['0401', 0],
  'Full Cream Milk': ['0401', 0],
  Curd: ['0403', 5],
  Dahi: ['0403', 5],
  Buttermilk: ['0403', 5],
  Paneer: ['0406', 0],
  'Cheese Slices': ['0406', 5],
  Butter: ['0405', 5],
  Ghee: ['0405', 5],
  'Fresh Cream': ['0401', 5],
  ...Object.fromEntries(ITEMS.Bakery!.map((item) => [item, ['1905', 5]])),
  Bread: ['1905', 0],
  'Brown Bread': ['1905', 0],
  Pav: ['1905', 0],
  Atta: ['1101', 5],
  'Basmati Rice': ['1006', 5],
  'Sona Masoori Rice': ['1006', 5],
  'Toor Dal': ['0713', 5],
  'Moong Dal': ['0713', 5],
  'Chana Dal': ['0713', 5],
  Rajma: ['0713', 5],
  Besan: ['1106', 5],
  Sooji: ['1103', 5],
  Sugar: ['1701', 5],
  Salt: ['2501', 0],
  Poha: ['1904', 5],
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
      hsn: TAX[item]![0],
      gstRate: String(TAX[item]![1]),
    };
    rows.push(header.map((column) => product[column as keyof typeof product]));
  }
  // No cell here needs quotes.
  return Buffer.from(rows.map((row) => row.join(',')).join('\r\n'));
}
