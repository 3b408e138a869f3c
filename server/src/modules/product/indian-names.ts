/**
 * Indian names of groceries, as shoppers type them in Latin letters and in Devanagari, and the
 * English words a shop's catalogue uses for them (docs/catalogue.md#indian-names). Search looks
 * a shopper's words up here and in the seller's own additions (`search_names`). Spellings vary:
 * the common ones are each listed, and {@link foldSpelling} finds the others.
 */
const NAMES: Record<string, readonly string[]> = {
  milk: ['doodh', 'dudh', 'dhoodh', 'dooddh', 'दूध'],
  curd: ['dahi', 'dahee', 'दही'],
  yogurt: ['dahi', 'dahee', 'दही'],
  dahi: ['dahee', 'दही'],
  buttermilk: ['chaas', 'chhaas', 'chhachh', 'mattha', 'majjige', 'छाछ', 'मट्ठा'],
  lassi: ['लस्सी'],
  butter: ['makhan', 'makkhan', 'makhkhan', 'bennai', 'मक्खन'],
  cream: ['malai', 'मलाई'],
  paneer: ['panir', 'paner', 'पनीर'],
  ghee: ['ghi', 'desi ghee', 'घी', 'देसी घी'],
  cheese: ['chees', 'चीज़'],
  egg: ['anda', 'ande', 'andey', 'अंडा', 'अंडे', 'अण्डा'],
  vegetables: ['sabzi', 'sabji', 'subzi', 'sabjee', 'tarkari', 'सब्ज़ी', 'सब्जी', 'तरकारी'],
  potato: ['aloo', 'alu', 'aalu', 'aaloo', 'batata', 'बटाटा', 'आलू'],
  onion: ['pyaz', 'pyaj', 'pyaaz', 'pyaaj', 'piyaz', 'piyaj', 'kanda', 'प्याज़', 'प्याज', 'कांदा'],
  tomato: ['tamatar', 'tamaatar', 'tamater', 'tamatur', 'टमाटर'],
  carrot: ['gajar', 'gaajar', 'गाजर'],
  spinach: ['palak', 'paalak', 'पालक'],
  brinjal: ['baingan', 'baigan', 'bengan', 'begun', 'बैंगन'],
  okra: ['bhindi', 'bhendi', 'भिंडी'],
  cauliflower: ['gobi', 'gobhi', 'phool gobi', 'phool gobhi', 'phoolgobi', 'फूलगोभी', 'गोभी'],
  cabbage: ['patta gobi', 'patta gobhi', 'band gobhi', 'bandh gobi', 'पत्ता गोभी', 'बंद गोभी'],
  peas: ['matar', 'mattar', 'matter', 'मटर'],
  chilli: ['mirch', 'mirchi', 'hari mirch', 'lal mirch', 'मिर्च', 'मिर्ची', 'हरी मिर्च', 'लाल मिर्च'],
  capsicum: ['shimla mirch', 'शिमला मिर्च'],
  ginger: ['adrak', 'adrakh', 'अदरक'],
  garlic: ['lehsun', 'lahsun', 'lehson', 'lasun', 'lahsan', 'लहसुन'],
  lemon: ['nimbu', 'neembu', 'nimboo', 'limbu', 'नींबू', 'निम्बू', 'नीबू'],
  cucumber: ['kheera', 'khira', 'खीरा'],
  coriander: ['dhania', 'dhaniya', 'dhaniyaa', 'kothimbir', 'धनिया'],
  mint: ['pudina', 'podina', 'पुदीना'],
  fenugreek: ['methi', 'मेथी'],
  pumpkin: ['kaddu', 'kaddoo', 'कद्दू'],
  gourd: ['lauki', 'ghiya', 'karela', 'tinda', 'dudhi', 'लौकी', 'करेला'],
  radish: ['mooli', 'muli', 'मूली'],
  beans: ['sem', 'फली', 'rajma', 'राजमा'],
  mushroom: ['khumb', 'khumbi', 'खुम्ब'],
  corn: ['makka', 'makki', 'bhutta', 'मक्का', 'भुट्टा'],
  apple: ['seb', 'saib', 'सेब'],
  banana: ['kela', 'kele', 'केला'],
  mango: ['aam', 'आम'],
  orange: ['santra', 'santara', 'narangi', 'संतरा'],
  grapes: ['angoor', 'angur', 'अंगूर'],
  pomegranate: ['anar', 'anaar', 'अनार'],
  papaya: ['papita', 'पपीता'],
  watermelon: ['tarbooz', 'tarbuj', 'tarbuz', 'तरबूज'],
  pineapple: ['ananas', 'अनानास'],
  guava: ['amrood', 'amrud', 'peru', 'अमरूद'],
  coconut: ['nariyal', 'nariyel', 'नारियल'],
  rice: ['chawal', 'chaval', 'chaawal', 'chanwal', 'चावल'],
  atta: ['aata', 'gehun ka atta', 'chakki atta', 'आटा'],
  maida: ['मैदा'],
  flour: ['maida', 'मैदा'],
  wheat: ['gehun', 'gehu', 'gehoon', 'गेहूं', 'गेहूँ'],
  semolina: ['suji', 'sooji', 'soojee', 'rava', 'rawa', 'सूजी', 'रवा'],
  suji: ['sooji', 'soojee', 'rava', 'rawa', 'सूजी', 'रवा'],
  rava: ['rawa', 'suji', 'sooji', 'soojee', 'सूजी', 'रवा'],
  besan: ['gram flour', 'baisan', 'बेसन'],
  dal: ['daal', 'dhal', 'dall', 'दाल'],
  lentils: ['dal', 'daal', 'dhal', 'दाल'],
  chickpeas: ['chana', 'channa', 'chole', 'kabuli chana', 'चना', 'छोले'],
  chana: ['channa', 'चना'],
  sugar: ['cheeni', 'chini', 'shakkar', 'shakar', 'चीनी', 'शक्कर'],
  jaggery: ['gud', 'gur', 'gudh', 'गुड़', 'गुड'],
  salt: ['namak', 'nimak', 'नमक'],
  oil: ['tel', 'tael', 'तेल'],
  tea: ['chai', 'chaay', 'chai patti', 'chaipatti', 'चाय', 'चाय पत्ती'],
  coffee: ['kaafi', 'kofi', 'कॉफ़ी', 'कॉफी'],
  honey: ['shahad', 'shehad', 'shahed', 'शहद'],
  turmeric: ['haldi', 'haladi', 'हल्दी'],
  cumin: ['jeera', 'jira', 'zeera', 'jeeru', 'जीरा'],
  mustard: ['sarson', 'sarso', 'rai', 'सरसों', 'राई'],
  cardamom: ['elaichi', 'ilaichi', 'elachi', 'इलायची'],
  cinnamon: ['dalchini', 'dalcheeni', 'दालचीनी'],
  clove: ['laung', 'lavang', 'लौंग'],
  pepper: ['kali mirch', 'काली मिर्च'],
  asafoetida: ['hing', 'heeng', 'हींग'],
  spices: ['masala', 'मसाला'],
  bread: ['double roti', 'pav', 'pao', 'ब्रेड', 'पाव'],
  biscuit: ['biskut', 'biskit', 'बिस्कुट'],
  snacks: ['namkeen', 'नमकीन'],
  water: ['pani', 'paani', 'पानी'],
  soap: ['sabun', 'saabun', 'साबुन'],
  detergent: ['surf', 'washing powder', 'सर्फ'],
  noodles: ['maggi', 'मैगी'],
  vermicelli: ['sevai', 'seviyan', 'semiya', 'सेवई'],
  poha: ['pauwa', 'chivda', 'पोहा'],
  peanuts: ['moongphali', 'mungfali', 'singdana', 'मूंगफली'],
  almonds: ['badam', 'baadam', 'बादाम'],
  cashew: ['kaju', 'काजू'],
  raisins: ['kishmish', 'kismis', 'किशमिश'],
  'puffed rice': ['murmura', 'mamra', 'मुरमुरा'],
};

/** A name as looked up: lower case, trimmed, inner spaces collapsed, Unicode composed (NFC). */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * A name with its spelling's usual variations folded away, so that spellings the list lacks
 * still find it: 'aaloo' and 'aalu' as 'alu', 'doodh' as 'dudh', 'pyaaz' and 'pyaj' as 'pyaj',
 * 'jeera' and 'zeera' as 'jira'. Latin letters: ee → i, oo → u, z → j, w → v, then a letter
 * doubled counts once ('makkhan', 'aata'); Devanagari: the nukta dropped (प्याज़ as प्याज) and
 * the candrabindu read as the anusvara (मूँगफली as मूंगफली).
 */
export function foldSpelling(name: string): string {
  return normalizeName(name)
    .normalize('NFD')
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .normalize('NFC')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/([a-z])\1+/g, '$1');
}

/** The English words for each name of the list, by the name as typed and by its folded spelling. */
const [BY_NAME, BY_FOLDED] = (() => {
  const byName = new Map<string, string[]>();
  const byFolded = new Map<string, string[]>();
  const add = (meanings: Map<string, string[]>, key: string, english: string) => {
    const known = meanings.get(key) ?? [];
    if (!known.includes(english)) meanings.set(key, [...known, english]);
  };
  for (const [english, names] of Object.entries(NAMES)) {
    for (const name of names) {
      add(byName, normalizeName(name), english);
      add(byFolded, foldSpelling(name), english);
    }
  }
  return [byName, byFolded];
})();

/**
 * The phrases of `text` (normalized) to look up among the Indian names: the whole text, each
 * word and each pair of neighbouring words ('phool gobhi', 'kali mirch').
 */
export function phrasesOf(text: string): string[] {
  const words = text.split(' ');
  const pairs = words.slice(1).map((word, index) => `${words[index]} ${word}`);
  return [...new Set([text, ...words, ...pairs])];
}

/** An English word of the catalogue that a shopper's Indian name means. */
export interface Meaning {
  means: string;
  /** The whole of what was typed is the name ('haldi'), not one word of it ('haldi powder'). */
  whole: boolean;
  /** Found by its folded spelling alone ('aaaloo'): a guess, since an English word may fold so too. */
  guessed: boolean;
}

/**
 * What the phrases of `text` (normalized) mean by the shipped list: `doodh` → milk, `दूध` →
 * milk, `aalu` → potato, `daal` → dal and lentils, `phool gobhi` → cauliflower.
 */
export function shippedMeanings(text: string): Meaning[] {
  return phrasesOf(text).flatMap((phrase) => {
    const listed = BY_NAME.get(phrase);
    const meanings = listed ?? BY_FOLDED.get(foldSpelling(phrase)) ?? [];
    return meanings.map((means) => ({ means, whole: phrase === text, guessed: !listed }));
  });
}
