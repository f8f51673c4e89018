import { DOUGH_OFFER, type Allergen, type DietMark, type DoughOffer } from '../../src/domain';
import type { SeedData, SeedPost, SeedProduct } from './seed-types';

/** A product as listed below, before the allergen table gives it its facts. */
type ListedProduct = Omit<SeedProduct, 'allergens' | 'may_contain' | 'diet' | 'frozen' | 'baseDough'>;

/** Doughs offered on pizzas (pinse only come gluten free as an alternative). */
const ALL_DOUGHS = ['Impasto integrale', 'Impasto ai cereali', 'Senza glutine', 'Doppio impasto'];
const PINSA_DOUGHS = ['Senza glutine'];

/** What every seeded product with a picture names: its picture is /images/products/<slug>.svg. */
const pictured = (categoryId: number, name: string, slug: string, priceCents: number, description: string) => ({
  categoryId,
  name,
  description,
  imageUrl: `/images/products/${slug}.svg`,
  priceCents,
});

function pizza(
  categoryId: number,
  name: string,
  slug: string,
  priceCents: number,
  description: string,
  note: string | null = null,
  allowVariants: DoughOffer = DOUGH_OFFER.chosen,
): ListedProduct {
  return {
    ...pictured(categoryId, name, slug, priceCents, description),
    visible: true,
    isUpsell: false,
    allowVariants,
    note,
    variants: categoryId === 13 ? [...PINSA_DOUGHS] : [...ALL_DOUGHS],
  };
}

function plain(
  categoryId: number,
  name: string,
  slug: string,
  priceCents: number,
  description: string,
  options: { note?: string; isUpsell?: boolean; visible?: boolean } = {},
): ListedProduct {
  return {
    ...pictured(categoryId, name, slug, priceCents, description),
    visible: options.visible ?? true,
    isUpsell: options.isUpsell ?? false,
    allowVariants: DOUGH_OFFER.plainOnly,
    note: options.note ?? null,
    variants: [],
  };
}

function ingredient(name: string, priceCents: number, description = ''): ListedProduct {
  return {
    categoryId: 9,
    name,
    description,
    imageUrl: null,
    priceCents,
    visible: true,
    isUpsell: false,
    allowVariants: DOUGH_OFFER.plainOnly,
    note: null,
    variants: [],
  };
}

const listed: ListedProduct[] = [
  // 1 — Pizze Classiche
  pizza(1, 'Margherita', 'margherita', 650, 'Pomodoro San Marzano, fior di latte, basilico fresco, olio extravergine d’oliva', null, 0),
  pizza(1, 'Marinara', 'marinara', 550, 'Pomodoro San Marzano, aglio, origano, olio extravergine d’oliva', null, 0),
  pizza(1, 'Diavola', 'diavola', 800, 'Pomodoro San Marzano, fior di latte, salame piccante calabrese, olio al peperoncino', 'Piccante', 0),
  pizza(
    1,
    'Capricciosa',
    'capricciosa',
    950,
    'Pomodoro, fior di latte, prosciutto cotto, funghi champignon, carciofini, olive nere, uovo sodo',
    null,
    0,
  ),
  pizza(1, 'Napoli', 'napoli', 750, 'Pomodoro San Marzano, fior di latte, alici di Cetara, origano, olio extravergine d’oliva', null, 0),
  pizza(
    1,
    'Quattro Stagioni',
    'quattro-stagioni',
    950,
    'Pomodoro, fior di latte e, a spicchi, prosciutto cotto, funghi, carciofini e olive nere',
    null,
    0,
  ),

  // 2 — Pizze Bianche
  pizza(
    2,
    'Patate e rosmarino',
    'patate-e-rosmarino',
    750,
    'Fior di latte, patate tagliate sottili, rosmarino, sale grosso, olio extravergine d’oliva',
  ),
  pizza(2, 'Fiori di zucca e alici', 'fiori-di-zucca-e-alici', 900, 'Fior di latte, fiori di zucca freschi, alici di Cetara, pepe nero'),
  pizza(2, 'Quattro formaggi', 'quattro-formaggi', 950, 'Fior di latte, gorgonzola dolce, pecorino romano DOP, scaglie di grana padano'),
  pizza(
    2,
    'Salsiccia e friarielli',
    'salsiccia-e-friarielli',
    1000,
    'Fior di latte, salsiccia di maiale sbriciolata, friarielli ripassati in padella, peperoncino',
  ),

  // 3 — Pizze Speciali
  pizza(
    3,
    'Carbonara',
    'carbonara',
    1100,
    'Fior di latte, guanciale croccante, crema d’uovo e pecorino romano, pepe nero macinato al momento',
  ),
  pizza(
    3,
    'Amatriciana',
    'amatriciana',
    1000,
    'Pomodoro San Marzano, fior di latte, guanciale di Amatrice, pecorino romano, un pizzico di peperoncino',
  ),
  pizza(
    3,
    'Romolo',
    'romolo',
    1100,
    'La pizza della casa: pomodorini, mozzarella di bufala, carciofi alla romana, guanciale croccante, mentuccia',
  ),

  // 4 — Pizze Gourmet
  pizza(
    4,
    'Mortadella e pistacchio',
    'mortadella-e-pistacchio',
    1200,
    'Fior di latte, mortadella di Bologna IGP, burrata pugliese, granella di pistacchio di Bronte',
    'Contiene frutta a guscio',
  ),
  pizza(
    4,
    'Bufala e crudo',
    'bufala-e-crudo',
    1200,
    'Pomodoro San Marzano, mozzarella di bufala campana DOP, prosciutto crudo di Parma 24 mesi, rucola',
  ),
  pizza(
    4,
    'Porcini e tartufo',
    'porcini-e-tartufo',
    1200,
    'Fior di latte, funghi porcini trifolati, crema di tartufo nero, scaglie di grana padano',
  ),

  // 13 — Pinse Romane
  pizza(13, 'Pinsa Margherita', 'pinsa-margherita', 800, 'Pomodoro San Marzano, fior di latte, basilico fresco, olio extravergine d’oliva'),
  pizza(
    13,
    'Pinsa mortadella e stracciatella',
    'pinsa-mortadella-e-stracciatella',
    1200,
    'Mortadella IGP, stracciatella di burrata, granella di pistacchio, scorza di limone',
    'Contiene frutta a guscio',
  ),
  pizza(
    13,
    'Pinsa crudo e burrata',
    'pinsa-crudo-e-burrata',
    1300,
    'Pomodorini confit, burrata pugliese, prosciutto crudo di Parma, rucola, olio extravergine d’oliva',
  ),
  pizza(
    13,
    'Pinsa cicoria e salsiccia',
    'pinsa-cicoria-e-salsiccia',
    1100,
    'Fior di latte, cicoria ripassata con aglio e peperoncino, salsiccia di maiale, pecorino romano',
    'Piccante',
  ),

  // 14 — Pizze Vegane
  pizza(
    14,
    'Vegana classica',
    'vegana-classica',
    850,
    'Pomodoro San Marzano, mozzarella vegetale di anacardi, basilico fresco, olio extravergine d’oliva',
    'Contiene frutta a guscio',
  ),
  pizza(14, 'Ortolana', 'ortolana', 950, 'Pomodoro, zucchine, melanzane e peperoni grigliati, pomodorini, origano, basilico'),
  pizza(
    14,
    'Ceci, funghi e rosmarino',
    'ceci-funghi-e-rosmarino',
    900,
    'Crema di ceci, funghi champignon, patate, rosmarino, olio extravergine d’oliva',
  ),

  // 10 — Componi la tua pizza
  pizza(
    10,
    'Pizza componi tu',
    'pizza-componi-tu',
    500,
    'Base con pomodoro e fior di latte: aggiungi gli ingredienti che preferisci e crea la tua pizza. Ogni ingrediente ha il suo prezzo.',
  ),

  // 5 — Calzoni
  plain(
    5,
    'Calzone classico',
    'calzone-classico',
    900,
    'Ripieno di pomodoro, fior di latte e prosciutto cotto, chiuso a mezzaluna e cotto nel forno',
  ),
  plain(
    5,
    'Calzone ricotta e salame',
    'calzone-ricotta-e-salame',
    950,
    'Ripieno di ricotta di pecora, fior di latte, salame piccante e pepe nero',
    { note: 'Piccante' },
  ),

  // 11 — Focacce
  plain(11, 'Focaccia rosmarino e sale', 'focaccia-rosmarino-e-sale', 400, 'Olio extravergine d’oliva, rosmarino fresco, sale grosso'),
  plain(11, 'Focaccia con pomodorini', 'focaccia-con-pomodorini', 550, 'Pomodorini freschi, origano, olio extravergine d’oliva'),

  // 12 — Focacce Farcite
  plain(12, 'Focaccia e mortazza', 'focaccia-e-mortazza', 800, 'Focaccia calda farcita con mortadella di Bologna IGP tagliata al momento'),
  plain(
    12,
    'Focaccia crudo e bufala',
    'focaccia-crudo-e-bufala',
    950,
    'Focaccia farcita con prosciutto crudo di Parma, mozzarella di bufala e rucola',
  ),

  // 6 — Fritti e Antipasti
  plain(6, 'Supplì al telefono', 'suppli-al-telefono', 250, 'Riso al sugo di pomodoro, cuore di mozzarella filante, panatura croccante', {
    isUpsell: true,
  }),
  plain(6, 'Fiori di zucca fritti', 'fiori-di-zucca-fritti', 350, 'Fiori di zucca ripieni di mozzarella e alici, in pastella leggera'),
  plain(
    6,
    'Crocchette di patate',
    'crocchette-di-patate',
    400,
    'Quattro crocchette di patate, grana padano e prezzemolo, fritte al momento',
  ),
  plain(6, 'Olive ascolane', 'olive-ascolane', 500, 'Dieci olive verdi ripiene di carne, impanate e fritte'),
  plain(
    6,
    'Bruschetta omaggio',
    'bruschetta-omaggio',
    0,
    'Pane casereccio tostato con pomodoro fresco, basilico e olio extravergine: te la offriamo noi',
    { visible: false },
  ),

  // 7 — Bevande
  plain(7, 'Acqua naturale 50 cl', 'acqua-naturale-50-cl', 150, 'Acqua minerale naturale in bottiglia da 50 cl'),
  plain(7, 'Coca-Cola lattina 33 cl', 'coca-cola-lattina-33-cl', 250, 'Coca-Cola in lattina da 33 cl, servita fredda', { isUpsell: true }),
  plain(7, 'Birra Peroni 66 cl', 'birra-peroni-66-cl', 400, 'Birra lager italiana in bottiglia da 66 cl', { isUpsell: true }),
  plain(
    7,
    'Birra artigianale 50 cl',
    'birra-artigianale-50-cl',
    600,
    'Bionda non filtrata di un birrificio artigianale dei Castelli Romani, bottiglia da 50 cl',
  ),
  plain(
    7,
    'Vino rosso della casa 50 cl',
    'vino-rosso-della-casa-50-cl',
    600,
    'Cesanese del Lazio, rosso morbido e profumato, bottiglia da 50 cl',
  ),
  plain(7, 'Lattina omaggio', 'lattina-omaggio', 0, 'Una bibita in lattina da 33 cl in omaggio', { visible: false }),

  // 8 — Dolci
  plain(8, 'Tiramisù', 'tiramisu', 500, 'Savoiardi inzuppati nel caffè, crema al mascarpone, cacao amaro', {
    isUpsell: true,
    note: 'Contiene uova',
  }),
  plain(8, 'Panna cotta', 'panna-cotta', 450, 'Panna cotta alla vaniglia con coulis di frutti di bosco'),
  plain(
    8,
    'Cannolo siciliano',
    'cannolo-siciliano',
    400,
    'Cialda croccante ripiena di ricotta di pecora, gocce di cioccolato e granella di pistacchio',
    { isUpsell: true, note: 'Contiene frutta a guscio' },
  ),

  // 9 — Ingredienti (additions)
  ingredient('Mozzarella di bufala', 200),
  ingredient('Mozzarella senza lattosio', 150),
  ingredient('Funghi', 100),
  ingredient('Salame piccante', 150),
  ingredient('Prosciutto cotto', 150),
  ingredient('Prosciutto crudo', 200),
  ingredient('Olive', 100),
  ingredient('Carciofi', 150),
  ingredient('Acciughe', 100),
  ingredient('Rucola', 80),
  ingredient('Pomodorini', 100),
  ingredient('Grana', 120),
  ingredient('Gorgonzola', 150),
  ingredient('Patate', 100),
  ingredient('Salsiccia', 150),
  ingredient('Friarielli', 150),
];

const CLASSIC = 'Impasto classico';
const PINSA = 'Impasto per pinsa';
/** The dough each category's products are made on (its allergens add to the toppings'); others are not made on a dough. */
const BASE_DOUGH_BY_CATEGORY: Record<number, string> = {
  1: CLASSIC,
  2: CLASSIC,
  3: CLASSIC,
  4: CLASSIC,
  14: CLASSIC,
  10: CLASSIC,
  5: CLASSIC,
  11: CLASSIC,
  12: CLASSIC,
  13: PINSA,
};

interface Facts {
  contains?: Allergen[];
  may?: Allergen[];
  diet?: DietMark[];
  frozen?: true;
}
const VEGAN: DietMark[] = ['vegetarian', 'vegan'];

/**
 * The 'tabella allergeni' the counter keeps: what each product contains of its own (a product made on
 * a dough lists its toppings; the dough adds gluten, and soy for the pinsa). Grana Padano carries egg
 * lysozyme; the ascolana's filling has celery; mortadella may hold pistachio.
 */
const ALLERGEN_TABLE: Record<string, Facts> = {
  Margherita: { contains: ['milk'], diet: ['vegetarian'] },
  Marinara: { diet: VEGAN },
  Diavola: { contains: ['milk'], diet: ['spicy'] },
  Capricciosa: { contains: ['eggs', 'milk'] },
  Napoli: { contains: ['fish', 'milk'] },
  'Quattro Stagioni': { contains: ['milk'] },
  'Patate e rosmarino': { contains: ['milk'], diet: ['vegetarian'] },
  'Fiori di zucca e alici': { contains: ['fish', 'milk'] },
  'Quattro formaggi': { contains: ['eggs', 'milk'], diet: ['vegetarian'] },
  'Salsiccia e friarielli': { contains: ['milk'], diet: ['spicy'] },
  Carbonara: { contains: ['eggs', 'milk'] },
  Amatriciana: { contains: ['milk'] },
  Romolo: { contains: ['milk'] },
  'Mortadella e pistacchio': { contains: ['milk', 'nuts'] },
  'Bufala e crudo': { contains: ['milk'] },
  'Porcini e tartufo': { contains: ['eggs', 'milk'], diet: ['vegetarian'] },
  'Pinsa Margherita': { contains: ['milk'], diet: ['vegetarian'] },
  'Pinsa mortadella e stracciatella': { contains: ['milk', 'nuts'] },
  'Pinsa crudo e burrata': { contains: ['milk'] },
  'Pinsa cicoria e salsiccia': { contains: ['milk'], diet: ['spicy'] },
  'Vegana classica': { contains: ['nuts'], diet: VEGAN },
  Ortolana: { diet: VEGAN },
  'Ceci, funghi e rosmarino': { diet: VEGAN },
  'Pizza componi tu': { contains: ['milk'], diet: ['vegetarian'] },
  'Calzone classico': { contains: ['milk'] },
  'Calzone ricotta e salame': { contains: ['milk'], diet: ['spicy'] },
  'Focaccia rosmarino e sale': { diet: VEGAN },
  'Focaccia con pomodorini': { diet: VEGAN },
  'Focaccia e mortazza': { may: ['nuts'] },
  'Focaccia crudo e bufala': { contains: ['milk'] },
  'Supplì al telefono': { contains: ['gluten', 'eggs', 'milk'], diet: ['vegetarian'] },
  'Fiori di zucca fritti': { contains: ['gluten', 'fish', 'milk'] },
  'Crocchette di patate': { contains: ['gluten', 'eggs', 'milk'], diet: ['vegetarian'] },
  'Olive ascolane': { contains: ['gluten', 'eggs', 'milk', 'celery'], frozen: true },
  'Bruschetta omaggio': { contains: ['gluten'], diet: VEGAN },
  'Acqua naturale 50 cl': {},
  'Coca-Cola lattina 33 cl': {},
  'Birra Peroni 66 cl': { contains: ['gluten'] },
  'Birra artigianale 50 cl': { contains: ['gluten'] },
  'Vino rosso della casa 50 cl': { contains: ['sulphites'] },
  'Lattina omaggio': {},
  Tiramisù: { contains: ['gluten', 'eggs', 'milk'], diet: ['vegetarian'] },
  'Panna cotta': { contains: ['milk'] },
  'Cannolo siciliano': { contains: ['gluten', 'eggs', 'milk', 'nuts'] },
  'Mozzarella di bufala': { contains: ['milk'] },
  'Mozzarella senza lattosio': { contains: ['milk'] },
  Funghi: {},
  'Salame piccante': {},
  'Prosciutto cotto': {},
  'Prosciutto crudo': {},
  Olive: {},
  Carciofi: {},
  Acciughe: { contains: ['fish'] },
  Rucola: {},
  Pomodorini: {},
  Grana: { contains: ['eggs', 'milk'] },
  Gorgonzola: { contains: ['milk'] },
  Patate: {},
  Salsiccia: {},
  Friarielli: {},
};

/** Every listed product with its row of the table: a product missing from it stops the seed. */
const products: SeedProduct[] = listed.map((p) => {
  const facts = ALLERGEN_TABLE[p.name];
  if (!facts) throw new Error(`Seed product ${p.name}: not in the allergen table`);
  return {
    ...p,
    allergens: facts.contains ?? [],
    may_contain: facts.may ?? [],
    diet: facts.diet ?? [],
    frozen: facts.frozen ?? false,
    baseDough: BASE_DOUGH_BY_CATEGORY[p.categoryId] ?? null,
  };
});

const posts: SeedPost[] = [
  {
    slug: 'il-nostro-impasto-72-ore-di-lievitazione',
    title: 'Il nostro impasto: 72 ore di lievitazione',
    description:
      'Perché la nostra pizza è così leggera e digeribile? Il segreto è un impasto che riposa tre giorni in cella frigo. Vi raccontiamo come lo prepariamo, passo dopo passo.',
    content:
      '<p>Ogni mattina, prima ancora di accendere il forno, Marco prepara l’impasto che useremo <strong>fra tre giorni</strong>. Sembra una follia, ma è proprio questo il segreto della nostra pizza.</p>' +
      '<h2>Poco lievito, tanto tempo</h2>' +
      '<p>Usiamo pochissimo lievito di birra e lasciamo che sia il tempo a fare il lavoro: <em>72 ore</em> di maturazione lenta in cella a 4 °C. Gli amidi si trasformano in zuccheri semplici e le proteine si scompongono, così l’impasto diventa più leggero e digeribile.</p>' +
      '<ul><li>farina di tipo 1 macinata a pietra</li><li>acqua ad alta idratazione</li><li>sale marino di Trapani</li><li>olio extravergine d’oliva della Sabina</li></ul>' +
      '<p>Il risultato è una base sottile e croccante, alla romana, che non vi lascerà quella sete fastidiosa a fine serata.</p>',
    imageUrl: '/images/blog/il-nostro-impasto-72-ore-di-lievitazione.svg',
    publishedAt: '2026-01-10T10:00:00.000Z',
  },
  {
    slug: 'arriva-la-pinsa-mortadella-e-stracciatella',
    title: 'Arriva la pinsa mortadella e stracciatella',
    description:
      'Una novità che aspettavate in tanti: la nostra pinsa romana si veste di mortadella IGP, stracciatella fresca e pistacchio. La trovate nel menu da questa settimana.',
    content:
      '<p>Dopo mesi di prove in cucina, la nuova <strong>pinsa mortadella e stracciatella</strong> è finalmente nel menu.</p>' +
      '<p>La base è la nostra pinsa: un impasto di farine di frumento, riso e soia, molto idratato, che in cottura diventa croccante fuori e morbidissimo dentro. Appena sfornata la condiamo a crudo con mortadella di Bologna IGP tagliata al momento, stracciatella di burrata e granella di pistacchio.</p>' +
      '<p>Il tocco finale? Un filo di scorza di limone grattugiata, che rende tutto più fresco. <em>Provatela e diteci cosa ne pensate!</em></p>',
    imageUrl: '/images/blog/arriva-la-pinsa-mortadella-e-stracciatella.svg',
    publishedAt: '2026-02-03T11:00:00.000Z',
  },
  {
    slug: 'in-visita-al-caseificio-dei-nostri-latticini',
    title: 'In visita al caseificio dei nostri latticini',
    description:
      'Siamo stati nell’Agro Pontino a trovare la famiglia che ogni giorno ci porta fior di latte e bufala. Una mattina tra stalle, caldaie e mozzarelle ancora calde.',
    content:
      '<p>La qualità di una pizza dipende anche da chi lavora con noi. Per questo, una volta l’anno, andiamo a trovare i nostri fornitori.</p>' +
      '<h2>Una famiglia, tre generazioni</h2>' +
      '<p>Il caseificio che ci fornisce il <strong>fior di latte</strong> e la <strong>mozzarella di bufala</strong> è a pochi chilometri da Latina. Lo gestisce la stessa famiglia da tre generazioni, con una quarantina di bufale al pascolo.</p>' +
      '<p>Abbiamo assistito alla filatura a mano e assaggiato la mozzarella appena fatta: un’emozione che vorremmo farvi provare a ogni morso. Se volete saperne di più sui formaggi a denominazione di origine, trovate <a href="https://example.org">qui una buona guida</a>.</p>',
    imageUrl: '/images/blog/in-visita-al-caseificio-dei-nostri-latticini.svg',
    publishedAt: '2026-02-21T09:30:00.000Z',
  },
  {
    slug: 'la-nostra-storia-da-nonno-romolo-a-oggi',
    title: 'La nostra storia: da nonno Romolo a oggi',
    description:
      'Tutto è cominciato nel 1978, con un forno a legna e una piccola bottega a Monteverde. Ecco come la pizzeria di nonno Romolo è arrivata fino a noi, tra farina e ricordi.',
    content:
      '<p>Nel 1978 <strong>Romolo Ceccarelli</strong>, fornaio di Trastevere, aprì una piccola pizzeria al taglio in via di Donna Olimpia. Tre tavoli, un forno a legna e la pizza bianca che il quartiere imparò presto ad amare.</p>' +
      '<p>Negli anni Novanta il figlio Franco ha aggiunto la pizza tonda, sottile e scrocchiarella come si fa a Roma. Oggi in cucina ci sono i nipoti, Marco e Giulia, che hanno portato la pinsa, le pizze gourmet e la consegna a domicilio.</p>' +
      '<p>Molte cose sono cambiate, ma non la ricetta dei supplì della nonna e l’abitudine di salutare per nome chi entra dalla porta. <em>Grazie a tutti voi che ci scegliete da quasi cinquant’anni.</em></p>',
    imageUrl: '/images/blog/la-nostra-storia-da-nonno-romolo-a-oggi.svg',
    publishedAt: '2026-03-14T10:00:00.000Z',
  },
  {
    slug: 'pasqua-e-pasquetta-siamo-aperti',
    title: 'Pasqua e Pasquetta: siamo aperti',
    description:
      'Quest’anno il forno resta acceso anche a Pasqua e a Pasquetta. Ordinate online per tempo: le fasce orarie della sera si riempiono in fretta durante le feste.',
    content:
      '<p>Buone notizie per chi non vuole cucinare durante le feste: <strong>domenica 5 e lunedì 6 aprile</strong> saremo regolarmente aperti dalle 18:00.</p>' +
      '<p>Pasquetta cade di lunedì, il nostro giorno di chiusura, ma per una volta faremo un’eccezione. Il menu sarà quello di sempre, con in più la pizza con la coratella di abbacchio e carciofi, solo per questi due giorni.</p>' +
      '<p>Vi consigliamo di ordinare con qualche ora di anticipo: nei giorni di festa le fasce orarie tra le 20:00 e le 21:00 sono le prime a esaurirsi.</p>',
    imageUrl: null,
    publishedAt: '2026-03-28T16:00:00.000Z',
  },
  {
    slug: 'ora-consegniamo-anche-all-eur',
    title: 'Ora consegniamo anche all’Eur',
    description:
      'Da questo mese la nostra consegna a domicilio arriva fino all’Eur. Stesse pizze, stessi tempi: il fattorino parte con la pizza appena sfornata, nella borsa termica.',
    content:
      '<p>Ce lo avete chiesto in tanti e finalmente ci siamo: <strong>da maggio consegniamo anche all’Eur</strong>.</p>' +
      '<p>Abbiamo aggiunto un fattorino in più il venerdì e il sabato sera, così da mantenere i tempi di consegna a cui siete abituati. Le zone servite ora sono:</p>' +
      '<ul><li>Monteverde e Portuense</li><li>Trastevere e Testaccio</li><li>Marconi, Ostiense e Garbatella</li><li>San Giovanni e Prati</li><li>Eur</li></ul>' +
      '<p>Per controllare se il vostro indirizzo è coperto basta scegliere la zona al momento dell’ordine.</p>',
    imageUrl: '/images/blog/ora-consegniamo-anche-all-eur.svg',
    publishedAt: '2026-04-24T12:00:00.000Z',
  },
  {
    slug: 'tre-nuove-pizze-vegane-nel-nostro-menu',
    title: 'Tre nuove pizze vegane nel nostro menu',
    description:
      'Mozzarella di anacardi, verdure grigliate e crema di ceci: ecco le tre pizze vegane che abbiamo aggiunto al menu, pensate per piacere proprio a tutti, non solo ai vegani.',
    content:
      '<p>Da oggi il nostro menu ha una sezione tutta nuova: le <strong>pizze vegane</strong>.</p>' +
      '<ul><li><strong>Vegana classica</strong>: pomodoro San Marzano, mozzarella vegetale di anacardi e basilico.</li><li><strong>Ortolana</strong>: zucchine, melanzane e peperoni grigliati da noi ogni pomeriggio.</li><li><strong>Ceci, funghi e rosmarino</strong>: una bianca con crema di ceci e patate.</li></ul>' +
      '<p>Il nostro impasto è già vegano: solo farina, acqua, sale, lievito e olio. Per le pizze vegane usiamo palette e teglie dedicate.</p>',
    imageUrl: null,
    publishedAt: '2026-05-16T10:00:00.000Z',
  },
  {
    slug: 'orari-estivi-e-ferie-di-agosto',
    title: 'Orari estivi e ferie di agosto',
    description:
      'L’estate è arrivata e con lei i tavoli all’aperto. Ecco gli orari dei mesi caldi e le date della chiusura per ferie di agosto, così potete organizzarvi per tempo.',
    content:
      '<p>Da <strong>lunedì 15 giugno</strong> apriamo i tavoli sul marciapiede: prenotate per non restare senza posto nelle sere più calde.</p>' +
      '<h2>Gli orari</h2>' +
      '<p>Il forno si accende alle 18:00 e l’ultimo ordine online si può ritirare o ricevere alle 22:00, dal martedì alla domenica. Il lunedì restiamo chiusi.</p>' +
      '<h2>Le ferie</h2>' +
      '<p>Ci prendiamo una pausa <em>da lunedì 10 a domenica 23 agosto</em>. Riapriamo martedì 25 agosto, con le pizze di sempre e tanta voglia di rivedervi.</p>',
    imageUrl: '/images/blog/orari-estivi-e-ferie-di-agosto.svg',
    publishedAt: '2026-06-12T08:00:00.000Z',
  },
  {
    slug: 'il-suppli-perfetto-secondo-nonna-lina',
    title: 'Il supplì perfetto secondo nonna Lina',
    description:
      'Riso cotto nel sugo, cuore di mozzarella e doppia panatura: la ricetta dei nostri supplì al telefono è quella di nonna Lina, e non l’abbiamo mai cambiata di una virgola.',
    content:
      '<p>Il supplì è il re dei fritti romani, e a casa nostra ha una regina: <strong>nonna Lina</strong>, la moglie di Romolo.</p>' +
      '<p>Il riso va cotto direttamente nel sugo di pomodoro, come un risotto, e lasciato raffreddare su un vassoio fino al giorno dopo. Poi si forma il supplì con le mani bagnate, si mette al centro un cubetto di mozzarella e si passa due volte nell’uovo e nel pangrattato.</p>' +
      '<script>alert(1)</script>' +
      '<p>Si chiama <em>al telefono</em> perché, quando lo spezzi, la mozzarella filante ricorda il filo della cornetta. Provatelo con una Peroni ghiacciata!</p>',
    imageUrl: '/images/blog/il-suppli-perfetto-secondo-nonna-lina.svg',
    publishedAt: '2026-07-08T15:00:00.000Z',
  },
  {
    slug: 'una-serata-di-beneficenza-a-monteverde',
    title: 'Una serata di beneficenza a Monteverde',
    description:
      'Giovedì 17 settembre l’incasso di tutte le pizze andrà alla casa famiglia del quartiere. Una serata per stare insieme, mangiare bene e dare una mano a chi ne ha bisogno.',
    content:
      '<p>Giovedì <strong>17 settembre</strong>, in via del tutto eccezionale, doneremo l’intero incasso della serata alla casa famiglia di Monteverde che da anni accoglie bambini e ragazzi del quartiere.</p>' +
      '<p>Ci saranno musica dal vivo, un banco di dolci preparati dalle mamme della scuola di via Ozanam e una lotteria con premi offerti dai negozi della zona.</p>' +
      '<p>Valgono anche gli ordini online e a domicilio: <em>ogni pizza conta</em>. Vi aspettiamo numerosi!</p>',
    imageUrl: null,
    publishedAt: '2026-09-05T10:00:00.000Z',
  },
  {
    slug: 'autunno-tornano-porcini-e-tartufo',
    title: 'Autunno: tornano porcini e tartufo',
    description:
      'Con le prime piogge tornano i funghi porcini e il tartufo nero. La nostra pizza gourmet d’autunno è di nuovo disponibile, finché dura la stagione. Non perdetela.',
    content:
      '<p>Ogni anno, a fine settembre, c’è chi ci chiama per chiedere se è tornata. Sì: la pizza <strong>Porcini e tartufo</strong> è di nuovo nel menu.</p>' +
      '<p>I porcini arrivano freschi dai boschi della Tuscia e li trifoliamo ogni pomeriggio con aglio e prezzemolo. Sopra, una crema di tartufo nero e scaglie di grana padano.</p>' +
      '<p>La prepariamo solo finché dura la stagione dei funghi, quindi <em>non aspettate troppo</em>.</p>',
    imageUrl: '/images/blog/autunno-tornano-porcini-e-tartufo.svg',
    publishedAt: '2026-09-29T11:00:00.000Z',
  },
  {
    slug: 'ritirate-in-pizzeria-e-risparmiate-il-15',
    title: 'Ritirate in pizzeria e risparmiate il 15%',
    description:
      'Chi ordina online e passa a ritirare in pizzeria ha diritto al 15% di sconto, per ordini da almeno 15 euro. Lo sconto si applica da solo, senza bisogno di alcun codice.',
    content:
      '<p>Abitate vicino o passate di qui tornando a casa? Allora conviene <strong>ritirare in pizzeria</strong>.</p>' +
      '<p>Per ogni ordine online da almeno 15 € con ritiro al banco applichiamo automaticamente uno sconto del <strong>15%</strong>. Non serve inserire codici: basta scegliere il ritiro al momento dell’ordine.</p>' +
      '<ul><li>scegliete le pizze e la fascia oraria</li><li>selezionate «Ritiro in pizzeria»</li><li>passate a prenderle ancora calde</li></ul>' +
      '<p>Lo sconto non si somma ad altre promozioni.</p>',
    imageUrl: null,
    publishedAt: '2026-10-20T09:00:00.000Z',
  },
  {
    slug: 'il-menu-di-natale-di-da-romolo',
    title: 'Il menu di Natale di Da Romolo',
    description:
      'Per le feste arrivano la pizza con baccalà e puntarelle, il panettone artigianale e i biglietti regalo. Ecco tutto quello che vi abbiamo preparato per il Natale 2026.',
    content:
      '<p>Il Natale da Romolo ha sempre avuto un sapore speciale, e quest’anno abbiamo preparato qualche sorpresa.</p>' +
      '<h2>Le novità delle feste</h2>' +
      '<ul><li><strong>Pizza baccalà e puntarelle</strong>, omaggio alla vigilia romana</li><li>Pinsa con stracchino, salsiccia e melagrana</li><li>Panettone artigianale del nostro forno, anche da portare via</li></ul>' +
      '<p>Cercate un regalo? I nostri <em>biglietti regalo</em> sono disponibili in pizzeria da 20, 30 e 50 €.</p>' +
      '<p>Il 24 e il 31 dicembre chiudiamo alle 21:00, il 25 dicembre restiamo chiusi. Buone feste da tutta la famiglia!</p>',
    imageUrl: '/images/blog/il-menu-di-natale-di-da-romolo.svg',
    publishedAt: '2026-11-15T10:00:00.000Z',
  },
];

export const seedData: SeedData = {
  settings: {
    shop_name: 'Pizzeria Da Romolo',
    shop_address: 'Via di Donna Olimpia 48, 00152 Roma',
    shop_phone_1: '06 5823 4417',
    shop_phone_2: '+39 347 218 9035',
    shop_legal_line: 'Da Romolo S.r.l. — P.IVA 09876543210',
    ecommerce_variants: 'yes',
    // Monday the oven rests; dinner from 18:00 to the 22:00 slot on the other days.
    weekly_hours: JSON.stringify(
      Array.from({ length: 7 }, (_, weekday) => ({ lunch: null, dinner: weekday === 1 ? null : { first: '18:00', last: '22:00' } })),
    ),
    slot_capacity: '10',
    lead_minutes: '30',
    shop_closed: '0',
    closed_message: '',
    homepage_field_1: 'La pizza romana, dal 1978',
    homepage_field_2:
      'Da quasi cinquant’anni sforniamo a Monteverde la pizza sottile e scrocchiarella della tradizione romana. La ricetta è quella di nonno Romolo; a portarla avanti oggi sono i suoi nipoti.',
    homepage_field_3: 'Un impasto che sa aspettare',
    homepage_field_4:
      'Il nostro impasto lievita lentamente per 72 ore in cella frigo, con pochissimo lievito e farina di tipo 1 macinata a pietra. Il risultato è una pizza leggera, fragrante e facile da digerire.',
    homepage_field_5:
      'Scegliamo ogni ingrediente con cura: pomodoro San Marzano, fior di latte e bufala dall’Agro Pontino, olio extravergine della Sabina, salumi di piccoli produttori.',
    homepage_field_6:
      'Provate anche la nostra pinsa romana: un impasto di frumento, riso e soia, croccante fuori e soffice dentro, condita a crudo appena sfornata.',
    homepage_field_7: 'Consegna a domicilio',
    homepage_field_8:
      'Ordinate online e scegliete la fascia oraria: vi portiamo la pizza calda a casa, da Monteverde all’Eur. Se preferite ritirarla in pizzeria, avete il 15% di sconto.',
    // No field repeats the opening hours: the home page tells them from weekly_hours.
    homepage_field_9: '',
    homepage_field_10: '',
  },
  zones: [
    'Monteverde',
    'Trastevere',
    'Testaccio',
    'San Giovanni',
    'Prati',
    'Ostiense',
    'Garbatella',
    'Portuense',
    'Marconi',
    'Eur',
    'Zona non riconosciuta',
    'Altra zona',
  ],
  categories: [
    { id: 1, name: 'Pizze Classiche', sorting: 1, visible: true, additionsEnabled: true, group: 'pizze' },
    { id: 2, name: 'Pizze Bianche', sorting: 2, visible: true, additionsEnabled: true, group: 'pizze' },
    { id: 3, name: 'Pizze Speciali', sorting: 3, visible: true, additionsEnabled: true, group: 'pizze' },
    { id: 4, name: 'Pizze Gourmet', sorting: 4, visible: true, additionsEnabled: true, group: 'pizze' },
    { id: 13, name: 'Pinse Romane', sorting: 5, visible: true, additionsEnabled: true, group: 'pizze' },
    { id: 14, name: 'Pizze Vegane', sorting: 6, visible: true, additionsEnabled: true, group: 'pizze' },
    { id: 10, name: 'Componi la tua pizza', sorting: 7, visible: true, additionsEnabled: true, group: 'compositions' },
    { id: 5, name: 'Calzoni', sorting: 8, visible: true, additionsEnabled: true, group: 'calzoni' },
    { id: 11, name: 'Focacce', sorting: 9, visible: true, additionsEnabled: true, group: 'calzoni' },
    { id: 12, name: 'Focacce Farcite', sorting: 10, visible: true, additionsEnabled: true, group: 'calzoni' },
    { id: 6, name: 'Fritti e Antipasti', sorting: 11, visible: true, additionsEnabled: false, group: null },
    { id: 7, name: 'Bevande', sorting: 12, visible: true, additionsEnabled: false, group: null },
    { id: 8, name: 'Dolci', sorting: 13, visible: true, additionsEnabled: false, group: null },
    { id: 9, name: 'Ingredienti', sorting: 14, visible: false, additionsEnabled: false, group: null },
  ],
  variants: [
    { name: 'Impasto integrale', priceModifierCents: 150, allergens: ['gluten'], may_contain: [] },
    { name: 'Impasto ai cereali', priceModifierCents: 150, allergens: ['gluten', 'sesame'], may_contain: ['soybeans'] },
    { name: 'Doppio impasto', priceModifierCents: 200, allergens: ['gluten'], may_contain: [] },
    // Baked in the same oven as the rest: 'Può contenere tracce di glutine'.
    { name: 'Senza glutine', priceModifierCents: 300, allergens: [], may_contain: ['gluten'] },
    { name: CLASSIC, priceModifierCents: 0, allergens: ['gluten'], may_contain: [], base: true },
    { name: PINSA, priceModifierCents: 0, allergens: ['gluten', 'soybeans'], may_contain: [], base: true },
  ],
  products,
  posts,
  discounts: [
    {
      code: 'RITIRO-IN-PIZZERIA',
      kind: 'percent',
      amount: 15,
      minOrderCents: 1500,
      delivery: 'ritiro',
      label: 'Sconto 15% ritiro in pizzeria',
      validFrom: null,
      validUntil: null,
      active: true,
    },
    {
      code: 'BENVENUTO5',
      kind: 'fixed',
      amount: 500,
      minOrderCents: 2000,
      delivery: null,
      label: 'Sconto di benvenuto 5 €',
      validFrom: null,
      validUntil: null,
      active: true,
    },
    {
      code: 'ESTATE2025',
      kind: 'percent',
      amount: 10,
      minOrderCents: 0,
      delivery: null,
      label: 'Sconto estate 10%',
      validFrom: '2025-06-01',
      validUntil: '2025-08-31',
      active: true,
    },
    {
      code: 'VECCHIO10',
      kind: 'percent',
      amount: 10,
      minOrderCents: 0,
      delivery: null,
      label: 'Vecchio sconto 10%',
      validFrom: null,
      validUntil: null,
      active: false,
    },
  ],
  clients: [
    { name: 'Mario Rossi', telephone: '3331234567', address: 'Via Giacinto Carini 21', zone: 'Monteverde', cap: '00152' },
    { name: 'Giulia Bianchi', telephone: '0658201934', address: 'Via della Lungaretta 85', zone: 'Trastevere', cap: '00153' },
    { name: 'Alessandro Conti', telephone: '3479876543', address: 'Via Marmorata 40', zone: 'Testaccio', cap: '00153' },
    { name: 'Francesca Ricci', telephone: '3286543210', address: 'Via Appia Nuova 112', zone: 'San Giovanni', cap: '00183' },
    { name: 'Luca Marini', telephone: '+393391122334', address: 'Via Cola di Rienzo 203', zone: 'Prati', cap: '00192' },
    { name: 'Chiara Esposito', telephone: '3405566778', address: 'Via Giovanni da Empoli 16', zone: 'Garbatella', cap: '00154' },
    { name: 'Stefano Galli', telephone: '0655301288', address: 'Viale Marconi 275', zone: 'Marconi', cap: '00146' },
    { name: 'Valentina De Santis', telephone: '3662049871', address: 'Viale Europa 64', zone: 'Eur', cap: '00144' },
  ],
};
