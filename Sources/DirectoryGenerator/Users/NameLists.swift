/// Given and family names the generator combines into usernames. Drawn from
/// many languages so the list looks like a real organisation's, with a few
/// accented names that exercise non-ASCII text end to end.
///
/// Threading: immutable constants.
enum NameLists {
  static let givenNames: [String] = [
    "maria", "james", "olivia", "liam", "emma", "noah", "ava", "lucas", "sophia", "mateo",
    "isabella", "ethan", "mia", "daniel", "amelia", "david", "harper", "joseph", "evelyn", "samuel",
    "chloe", "henry", "grace", "jack", "lily", "owen", "zoe", "leo", "nora", "ryan",
    "hannah", "adam", "sarah", "omar", "fatima", "ali", "aisha", "yusuf", "layla", "hassan",
    "wei", "jing", "chen", "li", "ming", "xiu", "hiro", "yuki", "haruto", "sakura",
    "kenji", "aiko", "min", "jiwoo", "seo", "hyun", "priya", "arjun", "ananya", "rohan",
    "kavya", "vikram", "deepa", "ravi", "neha", "sanjay", "amara", "kwame", "zainab", "chidi",
    "ngozi", "tunde", "ama", "kofi", "nia", "jabari", "lucia", "diego", "sofia", "carlos",
    "valentina", "javier", "camila", "pablo", "elena", "miguel", "ana", "luis", "ines", "rafael",
    "pierre", "camille", "louis", "chloé", "hugo", "manon", "jules", "lea", "anton", "greta",
    "lukas", "lena", "felix", "mila", "jonas", "clara", "niklas", "frieda", "sven", "ingrid",
    "erik", "astrid", "lars", "freya", "mikko", "aino", "olga", "dmitri", "irina", "sergei",
    "anya", "pavel", "katya", "ivan", "marta", "piotr", "zofia", "tomasz", "eva", "jan",
    "giulia", "marco", "chiara", "luca", "francesca", "matteo", "alessia", "paolo", "tess", "bram",
    "sanne", "daan", "fleur", "ruben", "noor", "emre", "elif", "mehmet", "zeynep", "burak",
    "thomas", "laura", "michael", "jessica", "chris", "ashley", "kevin", "megan", "brian", "rachel",
    "zoë", "josé", "renée", "søren", "björn", "andrés", "jürgen", "noémie",
  ]

  static let familyNames: [String] = [
    "garcia", "smith", "johnson", "williams", "brown", "jones", "miller", "davis", "rodriguez",
    "martinez",
    "hernandez", "lopez", "gonzalez", "wilson", "anderson", "thomas", "taylor", "moore", "jackson",
    "martin",
    "lee", "perez", "thompson", "white", "harris", "sanchez", "clark", "ramirez", "lewis",
    "robinson",
    "walker", "young", "allen", "king", "wright", "scott", "torres", "nguyen", "hill", "flores",
    "green", "adams", "nelson", "baker", "hall", "rivera", "campbell", "mitchell", "carter",
    "roberts",
    "chen", "wang", "zhang", "liu", "yang", "huang", "zhao", "wu", "zhou", "xu",
    "kim", "park", "choi", "jung", "kang", "tanaka", "suzuki", "sato", "watanabe", "yamamoto",
    "nakamura", "kobayashi", "patel", "sharma", "singh", "kumar", "gupta", "reddy", "iyer", "nair",
    "khan", "ahmed", "hussain", "rahman", "ali", "hassan", "okafor", "adeyemi", "mensah", "osei",
    "diallo", "ndiaye", "mwangi", "kariuki", "silva", "santos", "oliveira", "souza", "costa",
    "pereira",
    "ferreira", "almeida", "rossi", "russo", "ferrari", "esposito", "bianchi", "romano", "colombo",
    "ricci",
    "dubois", "lefebvre", "moreau", "laurent", "simon", "michel", "bernard", "fournier", "girard",
    "bonnet",
    "schmidt", "schneider", "fischer", "weber", "meyer", "wagner", "becker", "hoffmann", "schulz",
    "koch",
    "jansen", "devries", "bakker", "visser", "smit", "nielsen", "hansen", "larsen", "andersen",
    "johansson",
    "lindberg", "virtanen", "korhonen", "nowak", "kowalski", "wisniewski", "novak", "horvat",
    "ivanov", "petrov",
    "popescu", "papadopoulos", "yilmaz", "kaya", "demir", "cohen", "levi", "murphy", "kelly",
    "obrien",
    "müller", "núñez", "søndergaard", "łukasik",
  ]
}
