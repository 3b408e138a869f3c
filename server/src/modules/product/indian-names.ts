/**
 * Indian names of groceries, as shoppers type them in Latin letters and in Devanagari, and the
 * English words a shop's catalogue uses for them (design: Catalogue at shop scale). Search looks
 * a shopper's words up here and in the seller's own additions (`search_names`). Spellings vary:
 * the common ones are each listed.
 */
const NAMES: Record<string, readonly string[]> = {
  milk: ['doodh', 'dudh', 'दूध'],
  curd: ['dahi', 'दही'],
  yogurt: ['dahi', 'दही'],
  buttermilk: ['chaas', 'chhaas', 'mattha', 'छाछ'],
  butter: ['makhan', 'makkhan', 'मक्खन'],
  cream: ['malai', 'मलाई'],
  paneer: ['panir', 'पनीर'],
  ghee: ['ghi', 'घी'],
  cheese: ['chees'],
  egg: ['anda', 'ande', 'अंडा', 'अंडे'],
  potato: ['aloo', 'alu', 'batata', 'आलू'],
  onion: ['pyaz', 'pyaaz', 'piyaz', 'kanda', 'प्याज़', 'प्याज'],
  tomato: ['tamatar', 'tamater', 'टमाटर'],
  carrot: ['gajar', 'गाजर'],
  spinach: ['palak', 'पालक'],
  brinjal: ['baingan', 'begun', 'बैंगन'],
  okra: ['bhindi', 'भिंडी'],
  cauliflower: ['gobi', 'gobhi', 'phool gobi', 'phool gobhi', 'फूलगोभी', 'गोभी'],
  cabbage: ['patta gobi', 'patta gobhi', 'band gobhi', 'पत्ता गोभी', 'बंद गोभी'],
  peas: ['matar', 'mattar', 'मटर'],
  chilli: ['mirch', 'mirchi', 'hari mirch', 'मिर्च', 'मिर्ची'],
  capsicum: ['shimla mirch', 'शिमला मिर्च'],
  ginger: ['adrak', 'अदरक'],
  garlic: ['lehsun', 'lahsun', 'lasun', 'लहसुन'],
  lemon: ['nimbu', 'neembu', 'limbu', 'नींबू', 'निम्बू'],
  cucumber: ['kheera', 'khira', 'खीरा'],
  coriander: ['dhania', 'dhaniya', 'धनिया'],
  mint: ['pudina', 'पुदीना'],
  fenugreek: ['methi', 'मेथी'],
  pumpkin: ['kaddu', 'कद्दू'],
  gourd: ['lauki', 'ghiya', 'karela', 'tinda', 'लौकी', 'करेला'],
  radish: ['mooli', 'muli', 'मूली'],
  beans: ['sem', 'फली', 'rajma', 'राजमा'],
  mushroom: ['khumb', 'खुम्ब'],
  corn: ['makka', 'bhutta', 'मक्का', 'भुट्टा'],
  apple: ['seb', 'saib', 'सेब'],
  banana: ['kela', 'केला'],
  mango: ['aam', 'आम'],
  orange: ['santra', 'santara', 'narangi', 'संतरा'],
  grapes: ['angoor', 'angur', 'अंगूर'],
  pomegranate: ['anar', 'anaar', 'अनार'],
  papaya: ['papita', 'पपीता'],
  watermelon: ['tarbooz', 'tarbuj', 'तरबूज'],
  pineapple: ['ananas', 'अनानास'],
  guava: ['amrood', 'amrud', 'अमरूद'],
  coconut: ['nariyal', 'नारियल'],
  rice: ['chawal', 'chaval', 'चावल'],
  atta: ['aata', 'gehun ka atta', 'आटा'],
  flour: ['atta', 'aata', 'maida', 'आटा', 'मैदा'],
  wheat: ['gehun', 'gehu', 'गेहूं'],
  semolina: ['suji', 'sooji', 'rava', 'rawa', 'सूजी'],
  besan: ['gram flour', 'बेसन'],
  dal: ['daal', 'dhal', 'दाल'],
  lentils: ['dal', 'daal', 'दाल'],
  chickpeas: ['chana', 'chole', 'kabuli chana', 'चना', 'छोले'],
  sugar: ['cheeni', 'chini', 'shakkar', 'चीनी', 'शक्कर'],
  jaggery: ['gud', 'gur', 'गुड़', 'गुड'],
  salt: ['namak', 'नमक'],
  oil: ['tel', 'तेल'],
  tea: ['chai', 'chai patti', 'चाय', 'चाय पत्ती'],
  coffee: ['kaafi', 'कॉफ़ी', 'कॉफी'],
  honey: ['shahad', 'shehad', 'शहद'],
  turmeric: ['haldi', 'हल्दी'],
  cumin: ['jeera', 'zeera', 'जीरा'],
  mustard: ['sarson', 'rai', 'सरसों', 'राई'],
  cardamom: ['elaichi', 'ilaichi', 'इलायची'],
  cinnamon: ['dalchini', 'दालचीनी'],
  clove: ['laung', 'lavang', 'लौंग'],
  pepper: ['kali mirch', 'काली मिर्च'],
  bread: ['double roti', 'pav', 'pao', 'ब्रेड', 'पाव'],
  biscuit: ['biskut', 'बिस्कुट'],
  snacks: ['namkeen', 'नमकीन'],
  water: ['pani', 'paani', 'पानी'],
  soap: ['sabun', 'साबुन'],
  detergent: ['surf', 'washing powder', 'सर्फ'],
  noodles: ['maggi', 'मैगी'],
  vermicelli: ['sevai', 'seviyan', 'सेवई'],
  poha: ['pauwa', 'chivda', 'पोहा'],
  peanuts: ['moongphali', 'mungfali', 'मूंगफली'],
  almonds: ['badam', 'बादाम'],
  cashew: ['kaju', 'काजू'],
  raisins: ['kishmish', 'किशमिश'],
};

/**
 * The English words for each Indian name (lower case, inner spaces collapsed), e.g.
 * `doodh` → milk, `दूध` → milk, `dal` → dal, lentils.
 */
export const INDIAN_NAMES: ReadonlyMap<string, readonly string[]> = (() => {
  const meanings = new Map<string, string[]>();
  for (const [english, names] of Object.entries(NAMES)) {
    for (const name of names) {
      const key = normalizeName(name);
      meanings.set(key, [...(meanings.get(key) ?? []), english]);
    }
  }
  return meanings;
})();

/** A name as looked up: lower case, trimmed, inner spaces collapsed, Unicode composed (NFC). */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}
