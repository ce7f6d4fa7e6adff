/**
 * Word lists for generated clients and users: Italian trades, surnames, first names, legal forms
 * and towns (with province, postcode and telephone prefix). Some carry accents or apostrophes on
 * purpose, so that searches are exercised on them.
 */

export const ATTIVITA = [
  'Ferramenta', 'Edil', 'Edilizia', 'Colorificio', 'Idraulica', 'Termoidraulica', 'Elettroforniture', 'Brico',
  'Utensileria', 'Giardinaggio', 'Casalinghi e Ferramenta', 'Materiali Edili', 'Impianti', 'Serramenti',
  'Falegnameria', 'Costruzioni', 'Agraria', 'Vernici', 'Bulloneria', 'Carpenteria Metallica', 'Ferrutensili',
  'Termotecnica', 'Idrosanitari', 'Legnami', 'Ceramiche', 'Elettrotecnica', 'Ricambi Industriali', 'Cantieristica',
] as const;

export const COGNOMI = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno',
  'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri',
  'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo',
  'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
  'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini',
  'Messina', 'Sala', 'De Angelis', 'Gatti', 'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Rizzi', 'Monti',
  'Cattaneo', 'Morelli', 'Amato', 'Silvestri', 'Mazza', 'Testa', "Dell'Acqua", 'Grassi', 'Pellegrino', 'Carbone',
  'Giuliani', 'Benedetti', 'Barone', 'Rossetti', 'Caputo', 'Montanari', 'Guerra', 'Palmieri', 'Bernardi',
  'Martino', 'Fiore', 'De Rosa', 'Ferretti', 'Bellini', 'Basile', 'Riva', 'Donati', 'Piras', 'Vitali', 'Battaglia',
  'Sartori', 'Neri', 'Costantini', 'Milani', 'Pagano', 'Ruggiero', 'Sorrentino', "D'Amico", 'Orlando', 'Damico',
  'Negri', 'Grossi', 'Nicolò', 'Fumagalli', 'Brambilla', 'Zanetti', 'Bortolotti', 'Cocco', 'Mele', 'Melis',
] as const;

export const NOMI = [
  'Marco', 'Giuseppe', 'Luca', 'Andrea', 'Francesco', 'Alessandro', 'Giovanni', 'Roberto', 'Stefano', 'Paolo',
  'Davide', 'Matteo', 'Simone', 'Antonio', 'Massimo', 'Fabio', 'Lorenzo', 'Riccardo', 'Nicolò', 'Mattia',
  'Maria', 'Anna', 'Giulia', 'Francesca', 'Sara', 'Laura', 'Chiara', 'Elena', 'Valentina', 'Federica',
  'Silvia', 'Alessandra', 'Martina', 'Paola', 'Cristina', 'Roberta', 'Monica', 'Barbara', 'Ilaria', 'Lucia',
] as const;

/** Legal forms, weighted by repetition ('' = sole trader). */
export const FORME = ['S.r.l.', 'S.r.l.', 'S.r.l.', 'S.r.l.', 'S.n.c.', 'S.n.c.', 'S.a.s.', 'S.p.A.', 'S.r.l.s.', ''] as const;

export interface Citta { nome: string; provincia: string; cap: string; prefisso: string }
const c = (nome: string, provincia: string, cap: string, prefisso: string): Citta => ({ nome, provincia, cap, prefisso });

export const CITTA: Citta[] = [
  c('Milano', 'MI', '20121', '02'), c('Torino', 'TO', '10121', '011'), c('Roma', 'RM', '00185', '06'),
  c('Napoli', 'NA', '80133', '081'), c('Bologna', 'BO', '40121', '051'), c('Firenze', 'FI', '50123', '055'),
  c('Bari', 'BA', '70121', '080'), c('Palermo', 'PA', '90133', '091'), c('Catania', 'CT', '95124', '095'),
  c('Verona', 'VR', '37121', '045'), c('Padova', 'PD', '35121', '049'), c('Brescia', 'BS', '25121', '030'),
  c('Bergamo', 'BG', '24121', '035'), c('Modena', 'MO', '41121', '059'), c('Parma', 'PR', '43121', '0521'),
  c('Forlì', 'FC', '47121', '0543'), c('Cantù', 'CO', '22063', '031'), c('Paternò', 'CT', '95047', '095'),
  c('Como', 'CO', '22100', '031'), c('Monza', 'MB', '20900', '039'), c('Treviso', 'TV', '31100', '0422'),
  c('Vicenza', 'VI', '36100', '0444'), c('Udine', 'UD', '33100', '0432'), c('Trento', 'TN', '38122', '0461'),
  c('Genova', 'GE', '16121', '010'), c('Pescara', 'PE', '65121', '085'), c('Lecce', 'LE', '73100', '0832'),
  c('Cagliari', 'CA', '09124', '070'), c('Salerno', 'SA', '84121', '089'), c('Reggio Emilia', 'RE', '42121', '0522'),
  c('Perugia', 'PG', '06121', '075'), c('Ancona', 'AN', '60121', '071'), c('Sassari', 'SS', '07100', '079'),
  c('Santhià', 'VC', '13048', '0161'), c('Rovigo', 'RO', '45100', '0425'), c('Cosenza', 'CS', '87100', '0984'),
];

export const STRADE = [
  'Via Roma', 'Via Giuseppe Garibaldi', 'Corso Italia', 'Via Giuseppe Mazzini', 'Viale Europa', "Via dell'Industria",
  'Via dei Mille', 'Via Vittorio Veneto', 'Via XX Settembre', 'Via Camillo Cavour', 'Via del Lavoro', 'Via Artigiani',
  'Zona Industriale', 'Via Nazionale', 'Strada Provinciale', 'Via Enrico Fermi', 'Via Guglielmo Marconi',
] as const;

/** Mailbox names of a company's address. */
export const CASELLE = ['info', 'ordini', 'amministrazione', 'acquisti', 'ufficio', 'commerciale', 'magazzino'] as const;
