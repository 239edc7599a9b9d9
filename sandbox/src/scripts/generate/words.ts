/** Words the generated shop is made of: people and places per country, and what it sells. */

export const FIRST_NAMES = [
  "Anna", "Ben", "Clara", "David", "Elena", "Felix", "Greta", "Hugo", "Ines", "Jonas", "Katrin", "Lars", "Marta", "Noah",
  "Olga", "Paul", "Rosa", "Simon", "Tara", "Uwe", "Vera", "Wim", "Yara", "Zoe", "Léa", "Zoë", "Jürgen", "Søren", "Åsa",
  "Chloé", "Mateo", "Lucía", "Giulia", "Marco", "Sophie", "Liam", "Olivia", "Ethan", "Mia", "Lucas", "Emma", "Noé",
  "Inès", "Joaquín", "Siobhán", "Aoife", "Niamh", "Eero", "Aino", "Frederik", "Maja", "Björn", "Sanne", "Daan",
]
export const LAST_NAMES = [
  "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Dubois", "Martin", "Bernard",
  "Moreau", "García", "Fernández", "López", "Rossi", "Russo", "Ferrari", "Esposito", "de Jong", "Jansen", "Visser",
  "Peeters", "Janssens", "Gruber", "Huber", "Silva", "Santos", "Murphy", "O'Brien", "Kelly", "Virtanen", "Korhonen",
  "Nielsen", "Jensen", "Andersson", "Johansson", "Smith", "Johnson", "Williams", "Brown", "Tremblay", "Gagnon", "Roy",
  "Nguyen", "Kowalski", "Novák", "Yılmaz", "Papadopoulos", "Ó Súilleabháin",
]

/** Cities with a postal code pattern (# a digit, A a letter) per country of the sandbox's regions. */
export const PLACES: Record<string, { cities: readonly string[]; postal: string; phone: string; weight: number }> = {
  de: { cities: ["Berlin", "Hamburg", "München", "Köln", "Leipzig", "Dresden"], postal: "#####", phone: "+49 30", weight: 22 },
  fr: { cities: ["Paris", "Lyon", "Marseille", "Toulouse", "Nantes"], postal: "#####", phone: "+33 1", weight: 14 },
  es: { cities: ["Madrid", "Barcelona", "Valencia", "Sevilla"], postal: "#####", phone: "+34 91", weight: 8 },
  it: { cities: ["Milano", "Roma", "Torino", "Napoli", "Bologna"], postal: "#####", phone: "+39 02", weight: 8 },
  nl: { cities: ["Amsterdam", "Rotterdam", "Utrecht", "Den Haag"], postal: "#### AA", phone: "+31 20", weight: 7 },
  be: { cities: ["Bruxelles", "Antwerpen", "Gent", "Liège"], postal: "####", phone: "+32 2", weight: 4 },
  at: { cities: ["Wien", "Graz", "Linz", "Salzburg"], postal: "####", phone: "+43 1", weight: 4 },
  pt: { cities: ["Lisboa", "Porto", "Braga"], postal: "####-###", phone: "+351 21", weight: 2 },
  ie: { cities: ["Dublin", "Cork", "Galway"], postal: "A## A#A#", phone: "+353 1", weight: 2 },
  fi: { cities: ["Helsinki", "Espoo", "Tampere"], postal: "#####", phone: "+358 9", weight: 2 },
  dk: { cities: ["København", "Aarhus", "Odense"], postal: "####", phone: "+45 33", weight: 2 },
  se: { cities: ["Stockholm", "Göteborg", "Malmö"], postal: "### ##", phone: "+46 8", weight: 3 },
  us: { cities: ["Portland", "Austin", "Chicago", "Boston", "Denver", "Seattle"], postal: "#####", phone: "+1 503", weight: 16 },
  ca: { cities: ["Toronto", "Montréal", "Vancouver", "Calgary"], postal: "A#A #A#", phone: "+1 416", weight: 6 },
}
export const STREETS = ["Hauptstraße", "Rue de la Paix", "Calle Mayor", "Via Roma", "Kerkstraat", "Main Street", "Station Road", "Ringvej", "Storgatan", "Bahnhofstraße", "Avenue des Arts", "Elm Street"]
export const MAIL_HOSTS = ["example.com", "example.org", "example.net", "mail.example", "post.example"]

/** What the shop sells: lines with their options, each value list long enough to vary variants. */
export const PRODUCT_KINDS: readonly { noun: string; category: string; eur: readonly [number, number]; options: readonly { title: string; values: readonly string[] }[] }[] = [
  { noun: "T-Shirt", category: "shirts", eur: [15, 39], options: [{ title: "Size", values: ["XS", "S", "M", "L", "XL", "XXL"] }, { title: "Color", values: ["Black", "White", "Navy", "Olive", "Sand", "Red"] }] },
  { noun: "Hoodie", category: "sweatshirts", eur: [45, 89], options: [{ title: "Size", values: ["S", "M", "L", "XL"] }, { title: "Color", values: ["Grey", "Black", "Forest", "Burgundy"] }] },
  { noun: "Sweatshirt", category: "sweatshirts", eur: [39, 79], options: [{ title: "Size", values: ["S", "M", "L", "XL"] }] },
  { noun: "Cap", category: "accessories", eur: [12, 29], options: [{ title: "Color", values: ["Black", "Navy", "Sand", "Khaki", "Pink"] }] },
  { noun: "Tote Bag", category: "accessories", eur: [9, 24], options: [{ title: "Color", values: ["Natural", "Black", "Blue"] }] },
  { noun: "Mug", category: "home", eur: [8, 19], options: [{ title: "Volume", values: ["250 ml", "350 ml", "450 ml"] }] },
  { noun: "Poster", category: "home", eur: [14, 49], options: [{ title: "Format", values: ["A4", "A3", "A2", "A1"] }, { title: "Frame", values: ["No frame", "Oak", "Black"] }] },
  { noun: "Notebook", category: "home", eur: [6, 18], options: [{ title: "Ruling", values: ["Dotted", "Lined", "Blank", "Squared"] }] },
  { noun: "Socks", category: "accessories", eur: [7, 16], options: [{ title: "Size", values: ["35-38", "39-42", "43-46"] }, { title: "Pack", values: ["Single pair", "Three pairs"] }] },
  { noun: "Blanket", category: "home", eur: [39, 129], options: [{ title: "Color", values: ["Oat", "Charcoal", "Rust"] }] },
]
export const ADJECTIVES = ["Classic", "Organic", "Vintage", "Essential", "Heavy", "Light", "Nordic", "Urban", "Coastal", "Alpine", "Retro", "Studio", "Field", "Harbour", "Everyday", "Weekend", "Linen", "Merino", "Recycled", "Signature"]
export const THEMES = ["Sunrise", "Meadow", "Granite", "Pebble", "Lagoon", "Ember", "Aurora", "Juniper", "Saffron", "Cobalt", "Birch", "Tundra", "Harvest", "Drift", "Summit", "Orchard"]

export const CUSTOMER_GROUPS = ["VIP", "Wholesale", "Newsletter", "Staff"]
