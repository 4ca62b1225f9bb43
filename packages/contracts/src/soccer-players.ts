// The fixed list of 20 soccer players: name, id (lowercase, underscores, no accents),
// country and club. One data file: the server validates against it and serves it to the page.
// Names only: the catalogue ships without photos of these people; operators add photos they may use.
export interface SoccerPlayer {
  name: string;
  id: string;
  country: string;
  club: string;
}

export const SOCCER_PLAYERS: readonly SoccerPlayer[] = [
  { name: 'Lionel Messi', id: 'lionel_messi', country: 'Argentina', club: 'Inter Miami' },
  { name: 'Cristiano Ronaldo', id: 'cristiano_ronaldo', country: 'Portugal', club: 'Al Nassr' },
  { name: 'Kylian Mbappé', id: 'kylian_mbappe', country: 'France', club: 'Real Madrid' },
  { name: 'Erling Haaland', id: 'erling_haaland', country: 'Norway', club: 'Manchester City' },
  { name: 'Kevin De Bruyne', id: 'kevin_de_bruyne', country: 'Belgium', club: 'Napoli' },
  { name: 'Mohamed Salah', id: 'mohamed_salah', country: 'Egypt', club: 'Liverpool' },
  { name: 'Vinícius Júnior', id: 'vinicius_junior', country: 'Brazil', club: 'Real Madrid' },
  { name: 'Jude Bellingham', id: 'jude_bellingham', country: 'England', club: 'Real Madrid' },
  { name: 'Harry Kane', id: 'harry_kane', country: 'England', club: 'Bayern Munich' },
  { name: 'Robert Lewandowski', id: 'robert_lewandowski', country: 'Poland', club: 'Barcelona' },
  { name: 'Luka Modrić', id: 'luka_modric', country: 'Croatia', club: 'AC Milan' },
  { name: 'Neymar Jr', id: 'neymar_jr', country: 'Brazil', club: 'Santos' },
  { name: 'Virgil van Dijk', id: 'virgil_van_dijk', country: 'Netherlands', club: 'Liverpool' },
  { name: 'Antoine Griezmann', id: 'antoine_griezmann', country: 'France', club: 'Atlético Madrid' },
  { name: 'Son Heung-min', id: 'son_heung_min', country: 'South Korea', club: 'Los Angeles FC' },
  { name: 'Zinedine Zidane', id: 'zinedine_zidane', country: 'France', club: 'Retired' },
  { name: 'Ronaldinho', id: 'ronaldinho', country: 'Brazil', club: 'Retired' },
  { name: 'David Beckham', id: 'david_beckham', country: 'England', club: 'Retired' },
  { name: 'Thierry Henry', id: 'thierry_henry', country: 'France', club: 'Retired' },
  { name: 'Andrés Iniesta', id: 'andres_iniesta', country: 'Spain', club: 'Retired' },
];

/** Distinct values, in list order: the Country and Club selects. */
export const SOCCER_COUNTRIES: readonly string[] = [...new Set(SOCCER_PLAYERS.map((p) => p.country))];
export const SOCCER_CLUBS: readonly string[] = [...new Set(SOCCER_PLAYERS.map((p) => p.club))];
