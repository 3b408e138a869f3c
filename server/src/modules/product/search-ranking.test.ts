import { productPageAnswerSchema } from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createCategory, createProduct } from '../../test/factories.js';

/** 24 of Haldiram's: names that hold 'haldi', 'aloo', 'dal', 'kaju', 'poha' and 'salt'. */
const HALDIRAMS = [
  'Aloo Bhujia',
  'Bhujia Sev',
  'Moong Dal',
  'Navratan Mixture',
  'Khatta Meetha',
  'Soan Papdi',
  'Rasgulla',
  'Gulab Jamun',
  'Kaju Katli',
  'Salted Peanuts',
  'Cornflakes Mixture',
  'Mini Samosa',
  'Panchratan',
  'Chana Dal',
  'Plain Bhujia',
  'Masala Peanuts',
  'Lite Chiwda',
  'Tasty Nuts',
  'Punjabi Tadka',
  'Diet Chiwda',
  'Rasmalai',
  'Instant Poha',
  'Instant Upma',
  'Dal Biji',
].map((name) => `Haldiram's ${name}`);

/**
 * A kirana's catalogue with the lookalikes that once came first: Muesli and Bubble Tea speak of
 * milk, Haldiram's hold 'haldi', Good Day folds as 'gud' (jaggery).
 */
const CATALOGUE: [string, string[]][] = [
  ['Toned Milk', ['Fresh toned milk, 3% fat']],
  ['Full Cream Milk', ['Rich and creamy']],
  ['Britannia Milk Bikis', ['Milk biscuits for children']],
  ['Chocolate Milkshake', ['Cold chocolate milk drink']],
  ['Fruit & Nut Muesli', ['Best with cold milk']],
  ['Bubble Tea', ['Brown sugar milk tea with tapioca pearls']],
  ['Fresh Curd', ['Set curd']],
  ['Greek Yogurt', ['Thick and creamy']],
  ['Amul Butter', ['Salted butter']],
  ['Peanut Butter', ['Crunchy']],
  ['Paneer', ['Soft cottage cheese']],
  ['Desi Ghee', ['Pure cow ghee']],
  ['Farm Eggs', ['A tray of 6']],
  ['Potato', ['Fresh from the farm']],
  ['Onion', ['Red onions']],
  ['Tomato', ['Ripe and red']],
  ['Cherry Tomatoes', ['Sweet']],
  ['Tomato Ketchup', ['Made with ripe tomatoes']],
  ['Green Peas', ['Shelled']],
  ['Green Chilli', ['Hot']],
  ['Ginger', ['Fresh ginger root']],
  ['Garlic', ['Fresh garlic']],
  ['Lemon', ['Juicy']],
  ['Coriander Leaves', ['A bunch']],
  ['Lady Finger (Bhindi)', ['Tender okra']],
  ['Mixed Vegetables', ['Frozen: carrot, beans, peas']],
  ['Banana', ['Robusta']],
  ['Shimla Apple', ['Crisp']],
  ['Alphonso Mango', ['From Ratnagiri']],
  ['Coconut', ['Whole']],
  ['Aashirvaad Whole Wheat Atta', ['Chakki fresh']],
  ['Maida', ['Refined wheat flour']],
  ['Besan', ['Gram flour']],
  ['Bombay Rava', ['For upma and halwa']],
  ['Basmati Rice', ['Long grain']],
  ['Sona Masoori Rice', ['Everyday rice']],
  ['Toor Dal', ['Unpolished']],
  ['Moong Dal', ['Yellow, split']],
  ['Sugar', ['Refined']],
  ['Jaggery', ['Organic']],
  ['Tata Salt', ['Iodised']],
  ['Mustard Oil', ['Kachi ghani']],
  ['Sunflower Oil', ['Refined']],
  ['Poha', ['Thick flattened rice']],
  ['Turmeric Powder', ['Pure turmeric']],
  ['Organic Turmeric Root', ['Fresh']],
  ['Red Chilli Powder', ['Hot and red']],
  ['Cumin Seeds', ['Whole']],
  ['Coriander Powder', ['Ground']],
  ['Green Cardamom', ['Whole pods']],
  ['Cinnamon Sticks', ['Ceylon']],
  ['Asafoetida', ['Strong']],
  ['Garam Masala', ['A blend of spices']],
  ['Tata Tea Gold', ['Assam tea leaves']],
  ['Instant Coffee', ['Rich']],
  ['Britannia Good Day Cookies', ['Cashew cookies']],
  ['Maggi Masala Noodles', ['Two-minute noodles']],
  ['Lifebuoy Soap', ['Germ protection']],
  ['Surf Excel Detergent', ['Washing powder']],
  ['Almonds', ['California']],
  ['Cashews', ['Whole, W320']],
  ...HALDIRAMS.map((name): [string, string[]] => [name, ['Namkeen and sweets']]),
];

/** What a shopper types → the product that must come first. */
const FIRST: [string, string][] = [
  ['haldi', 'Turmeric Powder'],
  ['हल्दी', 'Turmeric Powder'],
  ['doodh', 'Toned Milk'],
  ['dudh', 'Toned Milk'],
  ['दूध', 'Toned Milk'],
  ['टमाटर', 'Tomato'],
  ['tamatar', 'Tomato'],
  ['tamaatar', 'Tomato'],
  ['aloo', 'Potato'],
  ['aalu', 'Potato'],
  ['aaloo', 'Potato'],
  ['alloo', 'Potato'],
  ['आलू', 'Potato'],
  ['pyaz', 'Onion'],
  ['pyaj', 'Onion'],
  ['pyaaz', 'Onion'],
  ['kanda', 'Onion'],
  ['प्याज़', 'Onion'],
  ['jeera', 'Cumin Seeds'],
  ['zeera', 'Cumin Seeds'],
  ['जीरा', 'Cumin Seeds'],
  ['dhaniya', 'Coriander Leaves'],
  ['mirchi', 'Green Chilli'],
  ['मिर्च', 'Green Chilli'],
  ['adrak', 'Ginger'],
  ['lehsun', 'Garlic'],
  ['लहसुन', 'Garlic'],
  ['chawal', 'Basmati Rice'],
  ['चावल', 'Basmati Rice'],
  ['atta', 'Aashirvaad Whole Wheat Atta'],
  ['aata', 'Aashirvaad Whole Wheat Atta'],
  ['maida', 'Maida'],
  ['मैदा', 'Maida'],
  ['besan', 'Besan'],
  ['sooji', 'Bombay Rava'],
  ['dal', 'Moong Dal'],
  ['daal', 'Moong Dal'],
  ['cheeni', 'Sugar'],
  ['chini', 'Sugar'],
  ['चीनी', 'Sugar'],
  ['namak', 'Tata Salt'],
  ['नमक', 'Tata Salt'],
  ['tel', 'Mustard Oil'],
  ['ghee', 'Desi Ghee'],
  ['घी', 'Desi Ghee'],
  ['dahi', 'Fresh Curd'],
  ['paneer', 'Paneer'],
  ['पनीर', 'Paneer'],
  ['makhan', 'Amul Butter'],
  ['anda', 'Farm Eggs'],
  ['अंडा', 'Farm Eggs'],
  ['sabzi', 'Mixed Vegetables'],
  ['सब्ज़ी', 'Mixed Vegetables'],
  ['bhindi', 'Lady Finger (Bhindi)'],
  ['kela', 'Banana'],
  ['seb', 'Shimla Apple'],
  ['nariyal', 'Coconut'],
  ['gud', 'Jaggery'],
  ['poha', 'Poha'],
  ['kaju', 'Cashews'],
  ['badam', 'Almonds'],
  ['elaichi', 'Green Cardamom'],
  ['dalchini', 'Cinnamon Sticks'],
  ['hing', 'Asafoetida'],
  ['sabun', 'Lifebuoy Soap'],
  // English names keep their own ranking; a folded spelling never outranks the words typed.
  ['turmeric', 'Turmeric Powder'],
  ['tomato', 'Tomato'],
  ['tomatto', 'Tomato'],
  ['good', 'Britannia Good Day Cookies'],
  ['maggi', 'Maggi Masala Noodles'],
];

describe('search ranks the products an Indian name names first (table of queries)', () => {
  // The run's API tests share one database: this file's catalogue sits in a category of its own.
  const shelf = `Kirana-${randomUUID().slice(0, 8)}`;

  const app = useTestApp();
  beforeAll(async () => {
    const em = app.orm.em.fork();
    await createCategory(em, shelf);
    for (const [name, description] of CATALOGUE) {
      await createProduct(em, { name, description, category: shelf });
    }
  });

  const search = async (q: string): Promise<string[]> => {
    const response = await app
      .http()
      .get(`/api/product/search?q=${encodeURIComponent(q)}&category=${shelf}&limit=100`)
      .expect(200);
    return productPageAnswerSchema.parse(response.body).products.map((product) => product.name);
  };

  test.each(FIRST)('%s → %s first', async (query, first) => {
    expect((await search(query))[0]).toBe(first);
  });

  test('haldi: every Turmeric before any of the 24 Haldiram’s, which still follow', async () => {
    const names = await search('haldi');
    expect(names.slice(0, 2)).toEqual(['Turmeric Powder', 'Organic Turmeric Root']);
    expect(names.filter((name) => name.startsWith("Haldiram's"))).toHaveLength(24);
  });

  test('doodh and दूध: the milks before Muesli and Bubble Tea, which speak of milk only', async () => {
    for (const query of ['doodh', 'दूध']) {
      const names = await search(query);
      const last = Math.max(
        ...['Toned Milk', 'Full Cream Milk'].map((milk) => names.indexOf(milk)),
      );
      expect(names.indexOf('Fruit & Nut Muesli')).toBeGreaterThan(last);
      expect(names.indexOf('Bubble Tea')).toBeGreaterThan(last);
    }
  });
});
